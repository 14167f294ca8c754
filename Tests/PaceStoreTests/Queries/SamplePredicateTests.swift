import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

@Suite struct SamplePredicateTests {
    typealias F = QueryFixtures

    private func values(_ store: HealthStore, _ predicate: SamplePredicate,
                        sort: [SampleSortDescriptor] = [.startDate()], limit: Int? = nil) async throws -> [Double] {
        try await store.quantitySamples(matching: .heartRate, predicate: predicate, sort: sort, limit: limit).map(\.quantity.value)
    }

    @Test func dateRangeDefaultsToOverlapAndHonoursStrictOptions() async throws {
        // Given samples of 100 s starting at 0, 100, 200 and an instant at 300
        let store = try HealthStore.inMemory()
        for (index, start) in [0.0, 100, 200].enumerated() {
            try await store.save(QuantitySample(type: .heartRate, quantity: Quantity(value: Double(index + 1), unit: .countPerMinute),
                                          start: F.at(start), end: F.at(start + 100)))
        }
        try await store.save(F.heartRate(4, at: 300))

        // Then the overlap rule, strict start and strict end select different samples
        #expect(try await values(store, .date(from: F.at(150), to: F.at(250))) == [2, 3])
        #expect(try await values(store, .date(from: F.at(150), to: F.at(250), options: .strictStartDate)) == [3])
        #expect(try await values(store, .date(from: F.at(50), to: F.at(250), options: .strictEndDate)) == [1, 2])
        #expect(try await values(store, .date(from: F.at(50), to: F.at(300), options: [.strictStartDate, .strictEndDate])) == [2, 3, 4])
        #expect(try await values(store, .date(from: F.at(300), to: nil)) == [4])
        #expect(try await values(store, .date(from: nil, to: F.at(300))) == [1, 2, 3])
    }

    @Test func dateRangeEndingBeforeItStartsIsAnError() async throws {
        let store = try await F.store([F.heartRate(60, at: 0)])
        for predicate in [SamplePredicate.date(from: F.at(100), to: F.at(50)),
                          .source(F.watch.bundleIdentifier) && .date(from: F.at(100), to: F.at(50), options: .strictStartDate)] {
            let error = await #expect(throws: StoreError.self) { _ = try await values(store, predicate) }
            #expect(error?.code == .invalidDateRange)
            #expect(error?.message.contains("before it starts") == true)
        }
        // an empty range (from == to) is not an error: it matches nothing but instants are excluded at `to`
        #expect(try await values(store, .date(from: F.at(0), to: F.at(0))) == [])
    }

    @Test func sourceDeviceUUIDAndMetadataPredicates() async throws {
        let strap = Device(name: "Strap")
        let a = F.heartRate(1, at: 0, device: strap, metadata: ["org.test.mode": .string("easy")])
        let b = F.heartRate(2, at: 10, source: F.phone, metadata: ["org.test.mode": .string("hard"), "org.test.lap": .integer(3)])
        let c = F.heartRate(3, at: 20, metadata: ["org.test.flag": .bool(true)])
        let store = try await F.store([a, b, c])

        #expect(try await values(store, .source("com.example.phone")) == [2])
        #expect(try await values(store, .sources(["com.example.phone", "com.example.watch"])) == [1, 2, 3])
        #expect(try await values(store, .device(named: "Strap")) == [1])
        #expect(try await values(store, .ids([a.id, c.id])) == [1, 3])
        #expect(try await values(store, .ids([])) == [])
        #expect(try await values(store, .metadata("org.test.mode", equals: .string("hard"))) == [2])
        #expect(try await values(store, .metadata("org.test.lap", equals: .integer(3))) == [2])
        #expect(try await values(store, .metadata("org.test.lap", equals: .string("3"))) == [])
        #expect(try await values(store, .metadata("org.test.flag", equals: .bool(true))) == [3])
        #expect(try await values(store, .hasMetadata("org.test.mode")) == [1, 2], "any value under the key")
        #expect(try await values(store, .hasMetadata("org.test.lap")) == [2])
        #expect(try await values(store, !.hasMetadata("org.test.mode")) == [3])
        #expect(try await values(store, .hasMetadata("org.test.absent")) == [])
    }

    @Test func aSyncIdentifierKeptInItsColumnCountsAsMetadata() async throws {
        let synced = F.heartRate(4, at: 0, metadata: [.syncIdentifier: .string("beat-4"), .syncVersion: .integer(1)])
        let store = try await F.store([synced, F.heartRate(5, at: 10)])
        #expect(try await values(store, .hasMetadata(.syncIdentifier)) == [4])
        #expect(try await values(store, .hasMetadata(.syncVersion)) == [4])
    }

    @Test func quantityComparisonUsesTheCanonicalUnit() async throws {
        let store = try await F.store([F.heartRate(60, at: 0), F.heartRate(120, at: 10), F.heartRate(180, at: 20)])
        let twoPerSecond = Quantity(value: 2, unit: HealthUnit.count / HealthUnit.second)

        #expect(try await values(store, .quantity(.greaterThan, Quantity(value: 100, unit: .countPerMinute))) == [120, 180])
        #expect(try await values(store, .quantity(.equal, twoPerSecond)) == [120])
        #expect(try await values(store, .quantity(.lessThanOrEqual, twoPerSecond)) == [60, 120])
        await #expect(throws: StoreError.self) { try await values(store, .quantity(.lessThan, Quantity(value: 1, unit: .meter))) }
        do {
            _ = try await store.samples(matching: .workout, predicate: .quantity(.lessThan, twoPerSecond))
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .invalidPredicate)
        }
    }

    @Test func combinationsAndNegation() async throws {
        let store = try await F.store([F.heartRate(60, at: 0), F.heartRate(120, at: 10, source: F.phone), F.heartRate(180, at: 20)])
        let fast = SamplePredicate.quantity(.greaterThan, Quantity(value: 100, unit: .countPerMinute))

        #expect(try await values(store, fast && .source("com.example.watch")) == [180])
        #expect(try await values(store, fast.and(.source("com.example.phone"))) == [120])
        #expect(try await values(store, !fast || .source("com.example.phone")) == [60, 120])
        #expect(try await values(store, fast.negated()) == [60])
        #expect(try await values(store, !(.date(from: F.at(5), to: F.at(15))) && .all) == [60, 180])
    }

    @Test func sortAndLimit() async throws {
        let store = try await F.store([F.heartRate(120, at: 0), F.heartRate(60, at: 10), F.heartRate(180, at: 20)])

        #expect(try await values(store, .all, sort: [.value()]) == [60, 120, 180])
        #expect(try await values(store, .all, sort: [.value(ascending: false)], limit: 2) == [180, 120])
        #expect(try await values(store, .all, sort: [.endDate(ascending: false)], limit: 1) == [180])
        #expect(try await values(store, .all, limit: 0) == [])
    }

    @Test func workoutAndActivityTypePredicates() async throws {
        // Given a workout, its route, a sample linked to it and an unrelated sample
        let run = Workout(activityType: .running, start: F.at(0), end: F.at(600), duration: 600)
        let ride = Workout(activityType: .cycling, start: F.at(1000), end: F.at(1600), duration: 600)
        let linked = F.heartRate(150, at: 60)
        let other = F.heartRate(70, at: 2000)
        let route = WorkoutRoute(workoutID: run.id, locations: [
            RouteLocation(timestamp: F.at(1), latitude: 46, longitude: 7, altitude: 400, speed: 3, course: 0,
                          horizontalAccuracy: 5, verticalAccuracy: 5, speedAccuracy: 1, courseAccuracy: 10)])
        let store = try HealthStore.inMemory()
        try await store.save(HealthObjectBatch([.workout(run), .workout(ride), .quantitySample(linked), .quantitySample(other), .workoutRoute(route)],
                                         associations: [WorkoutAssociation(workoutID: run.id, sampleIDs: [linked.id])]))

        // Then
        #expect(try await values(store, .workout(run.id)) == [150])
        #expect(try await store.samples(matching: .workoutRoute, predicate: .workout(run.id)).map(\.id) == [route.id])
        #expect(try await store.samples(matching: .workoutRoute, predicate: .workout(ride.id)).isEmpty)
        #expect(try await store.samples(matching: .workout, predicate: .activityType(.cycling)).map(\.id) == [ride.id])
    }
}
