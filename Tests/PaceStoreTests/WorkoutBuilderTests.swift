import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

@Suite("Workout and route builders")
struct WorkoutBuilderTests {
    let t0 = TestObjects.morning

    func location(_ second: Double, accuracy: Double = 5, latitude: Double = 47) -> RouteLocation {
        RouteLocation(timestamp: t0.addingTimeInterval(second), latitude: latitude, longitude: 8 + second * 1e-5, altitude: 400,
                      horizontalAccuracy: accuracy, verticalAccuracy: 5)
    }

    @Test("finishing computes duration without pauses, sums for cumulative types and averages for discrete ones")
    func statistics() async throws {
        let store = try HealthStore.inMemory()
        var builder = WorkoutBuilder(store: store, activityType: .running)
        try builder.beginCollection(at: t0)
        let beats = [120.0, 150, 180].enumerated().map { index, bpm in
            QuantitySample(type: .heartRate, quantity: Quantity(value: bpm, unit: .countPerMinute),
                           start: t0.addingTimeInterval(Double(index) * 60), end: t0.addingTimeInterval(Double(index) * 60))
        }
        let distance = (0..<4).map { index in
            QuantitySample(type: .distanceWalkingRunning, quantity: Quantity(value: 250, unit: .meter),
                           start: t0.addingTimeInterval(Double(index) * 60), end: t0.addingTimeInterval(Double(index + 1) * 60))
        }
        try builder.add(beats + distance)
        try builder.add([WorkoutEvent(type: .pause, start: t0.addingTimeInterval(100)), WorkoutEvent(type: .resume, start: t0.addingTimeInterval(130)),
                         WorkoutEvent(type: .motionPaused, start: t0.addingTimeInterval(200)),
                         WorkoutEvent(type: .motionResumed, start: t0.addingTimeInterval(210))])
        try builder.endCollection(at: t0.addingTimeInterval(300))
        let workout = try await builder.finishWorkout()
        #expect(workout.duration == 300 - 30 - 10)
        #expect(workout.totalDistance == Quantity(value: 1000, unit: .meter))
        #expect(workout.statistics[.heartRate]?.average?.value == 150)
        #expect(workout.statistics[.heartRate]?.maximum?.value == 180)
        #expect(workout.statistics[.heartRate]?.mostRecent?.value == 180)
        #expect(try await store.workout(id: workout.id) == workout)
        #expect(try await store.quantitySamples(of: .heartRate).count == 3)
        #expect(builder.state == .finished)
        #expect(throws: StoreError.self) { try builder.add(beats) }
    }

    @Test("samples outside the collection and steps out of order are refused")
    func ordering() throws {
        var builder = WorkoutBuilder(store: try HealthStore.inMemory(), activityType: .walking)
        #expect(throws: StoreError.self) { try builder.add([WorkoutEvent(type: .lap, start: t0)]) }
        try builder.beginCollection(at: t0)
        let early = QuantitySample(type: .heartRate, quantity: Quantity(value: 90, unit: .countPerMinute),
                                   start: t0.addingTimeInterval(-1), end: t0.addingTimeInterval(-1))
        let error = #expect(throws: StoreError.self) { try builder.add([early]) }
        #expect(error?.code == .invalidObject && error?.message.contains("before the workout") == true)
        let late = QuantitySample(type: .heartRate, quantity: Quantity(value: 90, unit: .countPerMinute),
                                  start: t0.addingTimeInterval(50), end: t0.addingTimeInterval(50))
        try builder.add([late])
        #expect(throws: StoreError.self) { try builder.endCollection(at: t0.addingTimeInterval(10)) }
        try builder.endCollection(at: t0.addingTimeInterval(60))
        #expect(throws: StoreError.self) { try builder.beginCollection(at: t0) }
    }

    @Test("the route builder keeps accurate fixes, thins denser than 1 Hz, and attaches to a saved workout once")
    func route() async throws {
        let store = try HealthStore.inMemory()
        var routeBuilder = WorkoutRouteBuilder(store: store)
        try routeBuilder.insert([location(0), location(0.5), location(1), location(2, accuracy: 80), location(2, accuracy: -1)])
        try routeBuilder.insert([location(3), location(4)])
        #expect(routeBuilder.locations.map(\.timestamp) == [0, 1, 3, 4].map { t0.addingTimeInterval($0) })
        #expect(routeBuilder.filteredCount == 3)
        let bad = #expect(throws: StoreError.self) { try routeBuilder.insert([location(5, latitude: 91)]) }
        #expect(bad?.message.contains("invalid coordinate") == true)
        #expect(throws: StoreError.self) { try routeBuilder.insert([location(2)]) }
        #expect(routeBuilder.locations.count == 4, "a refused batch adds nothing")

        let workout = TestObjects.run(start: t0)
        let missing = await #expect(throws: StoreError.self) { _ = try await routeBuilder.finishRoute(with: workout) }
        #expect(missing?.code == .workoutNotFound)
        try await store.save(workout)
        let route = try #require(try await routeBuilder.finishRoute(with: workout))
        #expect(try await store.routes(forWorkout: workout.id).map(\.id) == [route.id])
        await #expect(throws: StoreError.self) { _ = try await routeBuilder.finishRoute(with: workout) }

        var discarded = WorkoutRouteBuilder(store: store)
        try discarded.insert([location(0)])
        discarded.discard()
        #expect(discarded.locations.isEmpty)
        #expect(throws: StoreError.self) { try discarded.insert([location(1)]) }
    }
}
