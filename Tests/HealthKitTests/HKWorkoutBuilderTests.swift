import CoreLocation
import Foundation
@testable import HealthKit
import PaceModel
import PaceTestSupport
import Testing

/// A workout built and its route attached through Apple's builders, then read back.
@Suite(.timeLimit(.minutes(3 * TestTime.scale))) struct HKWorkoutBuilderTests {
    let start = Date(timeIntervalSince1970: 1_795_158_000)
    let bpm = HKUnit.count().unitDivided(by: .minute())

    func store(_ directory: TemporaryDirectory) async throws -> HKHealthStore {
        let store = HKHealthStore.granted(in: directory)
        let types: Set<HKSampleType> = [HKObjectType.workoutType(), HKSeriesType.workoutRoute(), HKQuantityType(.heartRate)]
        try await store.requestAuthorization(toShare: types, read: types)
        return store
    }

    /// A run's locations: one a second going north, 5 m apart.
    func locations(count: Int) -> [CLLocation] {
        (0..<count).map { index in
            CLLocation(coordinate: CLLocationCoordinate2D(latitude: 47.37 + Double(index) * 0.000_045, longitude: 8.54), altitude: 410,
                       horizontalAccuracy: 5, verticalAccuracy: 8, course: 0, speed: 5,
                       timestamp: start.addingTimeInterval(Double(index)))
        }
    }

    @Test func aWorkoutWithItsSamplesAndRouteIsSavedAndReadBack() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await store(directory)
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        configuration.locationType = .outdoor
        let builder = HKWorkoutBuilder(healthStore: store, configuration: configuration, device: .local())
        try await builder.beginCollection(at: start)
        let routeBuilder = try #require(builder.seriesBuilder(for: .workoutRoute()) as? HKWorkoutRouteBuilder)
        try await routeBuilder.insertRouteData(Array(locations(count: 300).prefix(150)))
        try await routeBuilder.insertRouteData(Array(locations(count: 300).dropFirst(150)))
        let beats = (0..<5).map { index in
            HKQuantitySample(type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: bpm, doubleValue: 140 + Double(index)),
                             start: start.addingTimeInterval(Double(index) * 60), end: start.addingTimeInterval(Double(index) * 60))
        }
        try await builder.addSamples(beats)
        try await builder.addWorkoutEvents([
            HKWorkoutEvent(type: .pause, dateInterval: DateInterval(start: start.addingTimeInterval(100), duration: 0), metadata: nil),
            HKWorkoutEvent(type: .resume, dateInterval: DateInterval(start: start.addingTimeInterval(130), duration: 0), metadata: nil),
        ])
        try await builder.addMetadata([HKMetadataKeyWorkoutBrandName: "Pace"])
        try await builder.endCollection(at: start.addingTimeInterval(300))
        #expect(builder.elapsedTime(at: start.addingTimeInterval(300)) == 270)
        let heartRate = try #require(builder.statistics(for: HKQuantityType(.heartRate)))
        #expect(heartRate.averageQuantity()?.doubleValue(for: bpm) == 142 && heartRate.maximumQuantity()?.doubleValue(for: bpm) == 144)
        #expect(heartRate.mostRecentQuantity()?.doubleValue(for: bpm) == 144 && heartRate.sumQuantity() == nil)
        #expect(builder.statistics(for: HKQuantityType(.stepCount)) == nil, "no steps were added")
        let workout = try #require(try await builder.finishWorkout())
        #expect(workout.duration == 270 && workout.workoutActivityType == .running)
        #expect(workout.metadata?[HKMetadataKeyIndoorWorkout] as? Bool == false)
        #expect(workout.metadata?[HKMetadataKeyWorkoutBrandName] as? String == "Pace")

        let route = try await routeBuilder.finishRoute(with: workout, metadata: nil)
        #expect(route.count == 300)

        // The samples added through the builder belong to the workout.
        let own: [HKSample] = try await HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: HKQuantityType(.heartRate), predicate: HKQuery.predicateForObjects(from: workout))],
            sortDescriptors: []).result(for: store)
        #expect(Set(own.map(\.uuid)) == Set(beats.map(\.uuid)))

        // The route's locations in batches, then the last with done.
        let (batches, continuation) = AsyncStream<(Int, Bool)>.makeStream()
        store.execute(HKWorkoutRouteQuery(route: route) { _, locations, done, _ in
            continuation.yield((locations?.count ?? -1, done))
            if done { continuation.finish() }
        })
        var counts: [Int] = [], last = false
        for await (count, done) in batches {
            counts.append(count)
            last = done
        }
        #expect(counts == [300] && last, "one batch of 1,000 holds the 300 locations")

        var streamed = 0
        for try await location in HKWorkoutRouteQueryDescriptor(route).results(for: store) {
            #expect(location.horizontalAccuracy == 5)
            streamed += 1
        }
        #expect(streamed == 300)

        // A route belongs to one workout for ever: finishing again is refused.
        await #expect(throws: HKError.self) { try await routeBuilder.finishRoute(with: workout, metadata: nil) }
    }

    @Test func finishingARouteNeedsASavedWorkoutAndLocations() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await store(directory)
        let unsaved = HKWorkoutBuilder(healthStore: store, configuration: HKWorkoutConfiguration(), device: nil)
        try await unsaved.beginCollection(at: start)
        try await unsaved.endCollection(at: start.addingTimeInterval(60))
        let workout = try #require(try await unsaved.finishWorkout())

        let empty = HKWorkoutRouteBuilder(healthStore: store, device: nil)
        do {
            _ = try await empty.finishRoute(with: workout, metadata: nil)
            Issue.record("a route without locations is refused")
        } catch HKError.errorNoData {}

        var other = workout.workout
        other.id = UUID()
        let notSaved = HKWorkout(other)
        let builder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
        try await builder.insertRouteData(locations(count: 5))
        do {
            _ = try await builder.finishRoute(with: notSaved, metadata: nil)
            Issue.record("a route needs its workout saved first")
        } catch HKError.errorInvalidArgument {}
    }

    @Test func anAnchoredQueryOfRoutesSeesAFinishedRoute() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await store(directory)
        let (routes, continuation) = AsyncStream<[UUID]>.makeStream()
        let query = HKAnchoredObjectQuery(type: HKSeriesType.workoutRoute(), predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit) { _, added, _, _, _ in
            continuation.yield((added ?? []).map(\.uuid))
        }
        query.updateHandler = { _, added, _, _, _ in continuation.yield((added ?? []).map(\.uuid)) }
        store.execute(query)
        var iterator = routes.makeAsyncIterator()
        #expect(await iterator.next() == [])

        let builder = HKWorkoutBuilder(healthStore: store, configuration: HKWorkoutConfiguration(), device: nil)
        try await builder.beginCollection(at: start)
        try await builder.endCollection(at: start.addingTimeInterval(60))
        let workout = try #require(try await builder.finishWorkout())
        let routeBuilder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
        try await routeBuilder.insertRouteData(locations(count: 10))
        let route = try await routeBuilder.finishRoute(with: workout, metadata: nil)
        #expect(await iterator.next() == [route.uuid], "the update handler hears of the finished route")
        store.stop(query)
    }
}
