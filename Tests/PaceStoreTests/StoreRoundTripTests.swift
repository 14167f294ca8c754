import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

@Suite struct StoreRoundTripTests {
    @Test func quantitySampleRoundTripsWithEveryField() async throws {
        let store = try HealthStore.inMemory()
        var sample = TestObjects.heartRate()
        sample.metadata.syncIdentifier = "hr-1"
        sample.metadata.syncVersion = 1

        try await store.save(sample)

        #expect(try await store.quantitySample(id: sample.id) == sample)
        #expect(try await store.object(id: sample.id) == .quantitySample(sample))
    }

    @Test func categorySampleRoundTrips() async throws {
        let store = try HealthStore.inMemory()
        let sample = TestObjects.sleep()

        try await store.save(sample)

        #expect(try await store.categorySample(id: sample.id) == sample)
        #expect(try await store.workout(id: sample.id) == nil)
    }

    @Test func workoutRoundTripsWithEventsStatisticsTotalsAndMetadata() async throws {
        let store = try HealthStore.inMemory()
        let workout = TestObjects.run()

        try await store.save(workout)

        let stored = try #require(try await store.workout(id: workout.id))
        #expect(stored == workout)
        #expect(stored.events.map(\.type) == [.pause, .resume, .lap])
        #expect(stored.totalDistance == Quantity(value: 5.02, unit: .kilometer))
        #expect(stored.metadata[.weatherTemperature] == .quantity(Quantity(value: 54, unit: .degreeFahrenheit)))
    }

    @Test func routeRoundTripsEveryLocationField() async throws {
        let store = try HealthStore.inMemory()
        let workout = TestObjects.run()
        let route = TestObjects.route(for: workout, count: 250)

        try await store.save([.workout(workout), .workoutRoute(route)])

        #expect(try await store.route(id: route.id) == route)
        #expect(try await store.routes(forWorkout: workout.id) == [route])
    }

    @Test func fileStoreKeepsObjectsAcrossReopening() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("nested/dir/health.sqlite")
        let workout = TestObjects.run()
        let route = TestObjects.route(for: workout)
        let sample = TestObjects.heartRate()

        do {
            let store = try HealthStore(path: path)
            try await store.save([.workout(workout), .workoutRoute(route), .quantitySample(sample)])
        }
        let reopened = try HealthStore(path: path)

        #expect(try await reopened.workout(id: workout.id) == workout)
        #expect(try await reopened.route(id: route.id) == route)
        #expect(try await reopened.quantitySample(id: sample.id) == sample)
    }

    @Test func workoutsAreListedNewestFirstAndFilteredByActivity() async throws {
        let store = try HealthStore.inMemory()
        let older = TestObjects.run(start: TestObjects.morning.addingTimeInterval(-86_400))
        let newer = TestObjects.run()
        var ride = TestObjects.run(start: TestObjects.morning.addingTimeInterval(-3_600))
        ride.activityType = .cycling

        try await store.save([.workout(older), .workout(newer), .workout(ride)])

        #expect(try await store.workouts().map(\.id) == [newer.id, ride.id, older.id])
        #expect(try await store.workouts(limit: 1).map(\.id) == [newer.id])
        #expect(try await store.workouts(activityType: .cycling).map(\.id) == [ride.id])
    }

    @Test func quantitySamplesAreFetchedByTypeAndInterval() async throws {
        let store = try HealthStore.inMemory()
        let samples = (0..<5).map { TestObjects.heartRate(Double(100 + $0), at: TestObjects.morning.addingTimeInterval(Double($0) * 60)) }
        try await store.save(samples.map(HealthObject.quantitySample))
        try await store.save(TestObjects.sleep())

        let middle = try await store.quantitySamples(of: .heartRate, from: TestObjects.morning.addingTimeInterval(60),
                                               to: TestObjects.morning.addingTimeInterval(180))

        // HealthKit's half-open rule, as every query of the store: the instant at `to` is outside.
        #expect(middle.map(\.quantity.value) == [101, 102])
        let throughEnd = try await store.quantitySamples(of: .heartRate, from: TestObjects.morning.addingTimeInterval(60),
                                                         to: TestObjects.morning.addingTimeInterval(180.001))
        #expect(throughEnd.map(\.quantity.value) == [101, 102, 103])
        let sameAsPredicate = try await store.quantitySamples(matching: .heartRate, predicate: .date(
            from: TestObjects.morning.addingTimeInterval(60), to: TestObjects.morning.addingTimeInterval(180)))
        #expect(sameAsPredicate == middle)
        let series = try await store.quantitySeries(of: .heartRate, from: TestObjects.morning.addingTimeInterval(60),
                                                    to: TestObjects.morning.addingTimeInterval(180))
        #expect(series.map(\.value) == [101, 102], "the value series keeps the same half-open rule")
        #expect(try await store.quantitySamples(of: .stepCount).isEmpty)
    }

}
