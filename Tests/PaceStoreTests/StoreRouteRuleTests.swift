import Foundation
import GRDB
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

@Suite struct StoreRouteRuleTests {
    @Test func routeCannotBeMovedToAnotherWorkout() throws {
        let store = try HealthStore.inMemory()
        let first = TestObjects.run()
        let second = TestObjects.run(start: TestObjects.morning.addingTimeInterval(7200))
        let route = TestObjects.route(for: first)
        try store.save([.workout(first), .workout(second), .workoutRoute(route)])
        var moved = route
        moved.workoutID = second.id

        let error = #expect(throws: StoreError.self) { try store.save(moved) }

        #expect(error?.code == .routeAlreadyAttached)
        #expect(error?.message == "Route \(route.id.uuidString) belongs to workout \(first.id.uuidString) and cannot be moved to workout \(second.id.uuidString). Save the locations as a new route instead.")
        #expect(try store.routes(forWorkout: first.id) == [route])
        #expect(try store.routes(forWorkout: second.id).isEmpty)
    }

    @Test func databaseRefusesAnUpdateThatMovesARoute() throws {
        let store = try HealthStore.inMemory()
        let first = TestObjects.run()
        let second = TestObjects.run(start: TestObjects.morning.addingTimeInterval(7200))
        let route = TestObjects.route(for: first)
        try store.save([.workout(first), .workout(second), .workoutRoute(route)])

        #expect(throws: (any Error).self) {
            try store.writer.write { db in
                try db.execute(sql: "UPDATE workoutRoute SET workoutUUID = ? WHERE uuid = ?",
                               arguments: [second.id.uuidString, route.id.uuidString])
            }
        }
        #expect(try store.route(id: route.id)?.workoutID == first.id)
    }

    @Test func routeForAMissingWorkoutIsRefused() throws {
        let store = try HealthStore.inMemory()
        let workout = TestObjects.run()
        let route = TestObjects.route(for: workout)

        let error = #expect(throws: StoreError.self) { try store.save(route) }

        #expect(error?.code == .workoutNotFound)
        #expect(try store.currentAnchor() == .initial)
    }

    @Test func savingTheSameRouteTwiceIsRefused() throws {
        let store = try HealthStore.inMemory()
        let workout = TestObjects.run()
        let route = TestObjects.route(for: workout)
        try store.save([.workout(workout), .workoutRoute(route)])

        let error = #expect(throws: StoreError.self) { try store.save(route) }

        #expect(error?.code == .routeAlreadyAttached)
    }

    @Test func aWorkoutCanHoldSeveralRoutes() throws {
        let store = try HealthStore.inMemory()
        let workout = TestObjects.run()
        let first = TestObjects.route(for: workout)
        let second = TestObjects.route(for: workout, count: 3)

        try store.save([.workout(workout), .workoutRoute(first), .workoutRoute(second)])

        #expect(try store.routes(forWorkout: workout.id).count == 2)
    }
}
