import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

@Suite struct StoreAnchorTests {
    @Test func everySaveAndDeletionTakesTheNextAnchor() async throws {
        let store = try HealthStore.inMemory()
        #expect(try await store.currentAnchor() == .initial)
        let first = TestObjects.heartRate()
        let second = TestObjects.sleep()

        try await store.save(first)
        try await store.save(second)
        try await store.delete(id: first.id)

        #expect(try await store.anchor(of: second.id) == Anchor(rawValue: 2))
        #expect(try await store.anchor(of: first.id) == nil)
        #expect(try await store.currentAnchor() == Anchor(rawValue: 3))
    }

    @Test func deletionLeavesATombstoneReportedAfterEarlierAnchors() async throws {
        let store = try HealthStore.inMemory()
        let sample = TestObjects.heartRate()
        try await store.save(sample)
        let afterSave = try await store.currentAnchor()

        #expect(try await store.delete(id: sample.id))

        let changes = try await store.changes(after: afterSave)
        #expect(changes.saved.isEmpty)
        #expect(changes.deleted.map(\.id) == [sample.id])
        #expect(changes.deleted.first?.objectType == .quantity(.heartRate))
        #expect(changes.anchor > afterSave)
        #expect(try await store.changes(after: changes.anchor).deleted.isEmpty)
        #expect(try await store.object(id: sample.id) == nil)
    }

    @Test func deletingAWorkoutDeletesItsRoutesWithTombstones() async throws {
        let store = try HealthStore.inMemory()
        let workout = TestObjects.run()
        let route = TestObjects.route(for: workout)
        try await store.save([.workout(workout), .workoutRoute(route)])

        #expect(try await store.delete(ids: [workout.id, UUID()]) == 1)

        let deleted = try await store.changes(after: .initial).deleted
        #expect(Set(deleted.map(\.id)) == [workout.id, route.id])
        #expect(try await store.route(id: route.id) == nil)
    }

    @Test func deletingAnUnknownObjectChangesNothing() async throws {
        let store = try HealthStore.inMemory()
        #expect(try await store.delete(id: UUID()) == false)
        #expect(try await store.currentAnchor() == .initial)
    }

    @Test func deletedUUIDsAreNeverReused() async throws {
        let store = try HealthStore.inMemory()
        let sample = TestObjects.heartRate()
        try await store.save(sample)
        try await store.delete(id: sample.id)

        let error = await #expect(throws: StoreError.self) { try await store.save(sample) }

        #expect(error?.code == .deletedObject)
        #expect(error?.message == "Object \(sample.id.uuidString) was deleted; UUIDs of deleted objects are never reused. Give the new object a new UUID.")
    }

    @Test func savedObjectsAreReportedInAnchorOrder() async throws {
        let store = try HealthStore.inMemory()
        let objects: [HealthObject] = [.quantitySample(TestObjects.heartRate()), .categorySample(TestObjects.sleep()), .workout(TestObjects.run())]
        try await store.save(objects)

        let changes = try await store.changes(after: .initial)

        #expect(changes.saved.map(\.id) == objects.map(\.id))
        #expect(changes.saved.map(\.anchor.rawValue) == [1, 2, 3])
        #expect(try await store.changes(after: Anchor(rawValue: 2)).saved.map(\.id) == [objects[2].id])
    }
}
