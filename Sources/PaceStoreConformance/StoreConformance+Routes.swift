import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

extension StoreConformance {
    /// A route belongs to one stored workout, never moves, and goes with it.
    static let routeRules: [Rule] = [
        Rule(name: "a route needs its workout stored first") { store in
            let workout = TestObjects.run()
            let error = await #expect(throws: StoreError.self) { try await store.save(TestObjects.route(for: workout)) }
            #expect(error?.code == .workoutNotFound)
        },
        Rule(name: "a stored route is attached once: saving its UUID again is refused") { store in
            let workout = TestObjects.run()
            let route = TestObjects.route(for: workout)
            try await store.save([.workout(workout), .workoutRoute(route)])
            let error = await #expect(throws: StoreError.self) { try await store.save(route) }
            #expect(error?.code == .routeAlreadyAttached)
            #expect(try await store.routes(forWorkout: workout.id) == [route])
        },
        Rule(name: "deleting a workout deletes its routes, with a tombstone for each") { store in
            let workout = TestObjects.run()
            let route = TestObjects.route(for: workout)
            try await store.save([.workout(workout), .workoutRoute(route)])
            let before = try await store.anchoredObjects(AnchoredObjectQuery(type: .workoutRoute))
            #expect(try await store.delete(id: workout.id))
            #expect(try await store.route(id: route.id) == nil)
            let after = try await store.anchoredObjects(AnchoredObjectQuery(type: .workoutRoute, anchor: before.anchor))
            #expect(after.deleted.map(\.id) == [route.id])
        },
    ]
}
