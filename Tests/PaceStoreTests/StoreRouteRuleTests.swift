import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

@Suite struct StoreRouteRuleTests {
    @Test func routeCannotBeMovedToAnotherWorkout() async throws {
        let store = try HealthStore.inMemory()
        let first = TestObjects.run()
        let second = TestObjects.run(start: TestObjects.morning.addingTimeInterval(7200))
        let route = TestObjects.route(for: first)
        try await store.save([.workout(first), .workout(second), .workoutRoute(route)])
        var moved = route
        moved.workoutID = second.id

        let error = await #expect(throws: StoreError.self) { try await store.save(moved) }

        #expect(error?.code == .routeAlreadyAttached)
        #expect(error?.message == "Route \(route.id.uuidString) belongs to workout \(first.id.uuidString) and cannot be moved to workout \(second.id.uuidString). Save the locations as a new route instead.")
        #expect(try await store.routes(forWorkout: first.id) == [route])
        #expect(try await store.routes(forWorkout: second.id).isEmpty)
    }

    @Test func routeForAMissingWorkoutIsRefused() async throws {
        let store = try HealthStore.inMemory()
        let workout = TestObjects.run()
        let route = TestObjects.route(for: workout)

        let error = await #expect(throws: StoreError.self) { try await store.save(route) }

        #expect(error?.code == .workoutNotFound)
        #expect(try await store.currentAnchor() == .initial)
    }

    @Test func savingTheSameRouteTwiceIsRefused() async throws {
        let store = try HealthStore.inMemory()
        let workout = TestObjects.run()
        let route = TestObjects.route(for: workout)
        try await store.save([.workout(workout), .workoutRoute(route)])

        let error = await #expect(throws: StoreError.self) { try await store.save(route) }

        #expect(error?.code == .routeAlreadyAttached)
    }

    @Test func aWorkoutCanHoldSeveralRoutes() async throws {
        let store = try HealthStore.inMemory()
        let workout = TestObjects.run()
        let first = TestObjects.route(for: workout)
        let second = TestObjects.route(for: workout, count: 3)

        try await store.save([.workout(workout), .workoutRoute(first), .workoutRoute(second)])

        #expect(try await store.routes(forWorkout: workout.id).count == 2)
    }
}
