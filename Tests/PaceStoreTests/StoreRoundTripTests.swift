import Foundation
import GRDB
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

@Suite struct StoreRoundTripTests {
    @Test func quantitySampleRoundTripsWithEveryField() throws {
        let store = try HealthStore.inMemory()
        var sample = TestObjects.heartRate()
        sample.metadata.syncIdentifier = "hr-1"
        sample.metadata.syncVersion = 1

        try store.save(sample)

        #expect(try store.quantitySample(id: sample.id) == sample)
        #expect(try store.object(id: sample.id) == .quantitySample(sample))
    }

    @Test func categorySampleRoundTrips() throws {
        let store = try HealthStore.inMemory()
        let sample = TestObjects.sleep()

        try store.save(sample)

        #expect(try store.categorySample(id: sample.id) == sample)
        #expect(try store.workout(id: sample.id) == nil)
    }

    @Test func workoutRoundTripsWithEventsStatisticsTotalsAndMetadata() throws {
        let store = try HealthStore.inMemory()
        let workout = TestObjects.run()

        try store.save(workout)

        let stored = try #require(try store.workout(id: workout.id))
        #expect(stored == workout)
        #expect(stored.events.map(\.type) == [.pause, .resume, .lap])
        #expect(stored.totalDistance == Quantity(value: 5.02, unit: .kilometer))
        #expect(stored.metadata[.weatherTemperature] == .quantity(Quantity(value: 54, unit: .degreeFahrenheit)))
    }

    @Test func routeRoundTripsEveryLocationField() throws {
        let store = try HealthStore.inMemory()
        let workout = TestObjects.run()
        let route = TestObjects.route(for: workout, count: 250)

        try store.save([.workout(workout), .workoutRoute(route)])

        #expect(try store.route(id: route.id) == route)
        #expect(try store.routes(forWorkout: workout.id) == [route])
    }

    @Test func fileStoreKeepsObjectsAcrossReopening() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("nested/dir/health.sqlite")
        let workout = TestObjects.run()
        let route = TestObjects.route(for: workout)
        let sample = TestObjects.heartRate()

        do {
            let store = try HealthStore(path: path)
            try store.save([.workout(workout), .workoutRoute(route), .quantitySample(sample)])
        }
        let reopened = try HealthStore(path: path)

        #expect(try reopened.workout(id: workout.id) == workout)
        #expect(try reopened.route(id: route.id) == route)
        #expect(try reopened.quantitySample(id: sample.id) == sample)
        let mode = try reopened.writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }

    @Test func workoutsAreListedNewestFirstAndFilteredByActivity() throws {
        let store = try HealthStore.inMemory()
        let older = TestObjects.run(start: TestObjects.morning.addingTimeInterval(-86_400))
        let newer = TestObjects.run()
        var ride = TestObjects.run(start: TestObjects.morning.addingTimeInterval(-3_600))
        ride.activityType = .cycling

        try store.save([.workout(older), .workout(newer), .workout(ride)])

        #expect(try store.workouts().map(\.id) == [newer.id, ride.id, older.id])
        #expect(try store.workouts(limit: 1).map(\.id) == [newer.id])
        #expect(try store.workouts(activityType: .cycling).map(\.id) == [ride.id])
    }

    @Test func quantitySamplesAreFetchedByTypeAndInterval() throws {
        let store = try HealthStore.inMemory()
        let samples = (0..<5).map { TestObjects.heartRate(Double(100 + $0), at: TestObjects.morning.addingTimeInterval(Double($0) * 60)) }
        try store.save(samples.map(HealthObject.quantitySample))
        try store.save(TestObjects.sleep())

        let middle = try store.quantitySamples(of: .heartRate, from: TestObjects.morning.addingTimeInterval(60),
                                               to: TestObjects.morning.addingTimeInterval(180))

        #expect(middle.map(\.quantity.value) == [101, 102, 103])
        #expect(try store.quantitySamples(of: .stepCount).isEmpty)
    }

    @Test func canonicalValueIsStoredForQueries() throws {
        let store = try HealthStore.inMemory()
        let sample = QuantitySample(type: .bodyMass, quantity: Quantity(value: 150, unit: .pound),
                                    start: TestObjects.morning, end: TestObjects.morning)
        try store.save(sample)

        let canonical = try store.writer.read { db in
            try Double.fetchOne(db, sql: "SELECT canonicalValue FROM quantitySample WHERE uuid = ?", arguments: [sample.id.uuidString])
        }

        #expect(isApproximatelyEqual(try #require(canonical), 68.0388555, relative: 1e-9))
    }
}
