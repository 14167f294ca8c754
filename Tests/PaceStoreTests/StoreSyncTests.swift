import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

@Suite struct StoreSyncTests {
    private func sample(_ value: Double, version: Int64, identifier: String = "strap-1", source: Source = TestObjects.watch) -> QuantitySample {
        var sample = TestObjects.heartRate(value, metadata: [:])
        sample.source = source
        sample.metadata.syncIdentifier = identifier
        sample.metadata.syncVersion = version
        return sample
    }

    @Test func higherSyncVersionReplacesTheStoredSample() async throws {
        let store = try HealthStore.inMemory()
        let first = sample(120, version: 1)
        let second = sample(125, version: 2)
        try await store.save(first)

        try await store.save(second)

        #expect(try await store.quantitySample(id: first.id) == nil)
        #expect(try await store.quantitySample(id: second.id) == second)
        let changes = try await store.changes(after: .initial)
        #expect(changes.deleted.map(\.id) == [first.id])
        #expect(changes.saved.map(\.id) == [second.id])
    }

    @Test(arguments: [Int64(1), 0, -3])
    func versionThatIsNotHigherIsRefusedAndNothingChanges(version: Int64) async throws {
        let store = try HealthStore.inMemory()
        let stored = sample(120, version: 1)
        try await store.save(stored)
        let anchor = try await store.currentAnchor()
        let offered = sample(99, version: version)

        let error = await #expect(throws: StoreError.self) { try await store.save(offered) }

        #expect(error?.code == .syncVersionNotHigher)
        #expect(error?.message == "Not saved: object \(stored.id.uuidString) with sync identifier 'strap-1' is stored at version 1, and the new version \(version) is not higher. Raise HKMetadataKeySyncVersion to replace it.")
        #expect(try await store.quantitySample(id: stored.id) == stored)
        #expect(try await store.quantitySample(id: offered.id) == nil)
        #expect(try await store.currentAnchor() == anchor)
    }

    @Test func syncIdentifiersAreScopedToTheSource() async throws {
        let store = try HealthStore.inMemory()
        let fromWatch = sample(120, version: 5)
        let fromPhone = sample(121, version: 1, source: Source(name: "Phone", bundleIdentifier: "org.pace.tests.phone"))

        try await store.save(fromWatch)
        try await store.save(fromPhone)

        #expect(try await store.quantitySample(id: fromWatch.id) != nil)
        #expect(try await store.quantitySample(id: fromPhone.id) != nil)
    }

    @Test func replacingAWorkoutDeletesTheOldOneAndItsRoute() async throws {
        let store = try HealthStore.inMemory()
        let old = TestObjects.run(metadata: [.syncIdentifier: .string("garmin-42"), .syncVersion: .integer(1)])
        let route = TestObjects.route(for: old)
        try await store.save([.workout(old), .workoutRoute(route)])
        let new = TestObjects.run(metadata: [.syncIdentifier: .string("garmin-42"), .syncVersion: .integer(2)])

        try await store.save(new)

        #expect(try await store.workouts().map(\.id) == [new.id])
        #expect(try await store.route(id: route.id) == nil)
    }

    @Test func syncIdentifierOfAnotherTypeIsAConflict() async throws {
        let store = try HealthStore.inMemory()
        try await store.save(sample(120, version: 1, identifier: "shared"))
        let workout = TestObjects.run(metadata: [.syncIdentifier: .string("shared"), .syncVersion: .integer(2)])

        let error = await #expect(throws: StoreError.self) { try await store.save(workout) }

        #expect(error?.code == .syncIdentifierConflict)
    }

    @Test func syncIdentifierWithoutVersionIsInvalid() async throws {
        let store = try HealthStore.inMemory()
        var lone = TestObjects.heartRate(metadata: [:])
        lone.metadata.syncIdentifier = "no-version"

        let error = await #expect(throws: StoreError.self) { try await store.save(lone) }

        #expect(error?.code == .invalidObject)
        #expect(error?.message == "Invalid object \(lone.id.uuidString): metadata: HKMetadataKeySyncIdentifier and HKMetadataKeySyncVersion must be set together.")
    }
}
