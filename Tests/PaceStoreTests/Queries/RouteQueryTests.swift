import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

@Suite struct RouteQueryTests {
    private func storedRoute(count: Int) async throws -> (HealthStore, WorkoutRoute) {
        let store = try HealthStore.inMemory()
        let run = TestObjects.run()
        let route = TestObjects.route(for: run, count: count)
        try await store.save([.workout(run), .workoutRoute(route)])
        return (store, route)
    }

    @Test func batchesCoverTheRouteInOrderWithDoneOnTheLast() async throws {
        let (store, route) = try await storedRoute(count: 25)
        var batches: [RouteLocationBatch] = []

        try await store.routeLocations(RouteQuery(routeID: route.id, batchSize: 10)) { batches.append($0); return true }

        #expect(batches.map(\.locations.count) == [10, 10, 5])
        #expect(batches.map(\.isDone) == [false, false, true])
        #expect(batches.flatMap(\.locations) == route.locations)
    }

    @Test func anExactMultipleEndsWithDoneOnTheLastFullBatch() async throws {
        let (store, route) = try await storedRoute(count: 20)
        var batches: [RouteLocationBatch] = []

        try await store.routeLocations(RouteQuery(routeID: route.id, batchSize: 10)) { batches.append($0); return true }

        #expect(batches.map(\.isDone) == [false, true])
    }

    @Test func handlerReturningFalseStops() async throws {
        let (store, route) = try await storedRoute(count: 25)
        var calls = 0

        try await store.routeLocations(RouteQuery(routeID: route.id, batchSize: 10)) { _ in calls += 1; return false }

        #expect(calls == 1)
    }

    @Test func intervalLimitsTheLocations() async throws {
        let (store, route) = try await storedRoute(count: 30)
        let interval = DateInterval(start: route.locations[5].timestamp, end: route.locations[14].timestamp)
        var locations: [RouteLocation] = []

        try await store.routeLocations(RouteQuery(routeID: route.id, interval: interval, batchSize: 4)) {
            locations += $0.locations; return true
        }

        #expect(locations == Array(route.locations[5...14]))
    }

    @Test func asyncSequenceGivesBatchesAndStopsOnBreak() async throws {
        let (store, route) = try await storedRoute(count: 25)
        var all: [RouteLocation] = []
        for try await batch in store.routeLocationBatches(RouteQuery(routeID: route.id, batchSize: 10)) {
            all += batch.locations
        }
        var first: [RouteLocationBatch] = []
        for try await batch in store.routeLocationBatches(RouteQuery(routeID: route.id, batchSize: 10)) {
            first.append(batch)
            break
        }

        #expect(all == route.locations)
        #expect(first.count == 1 && first[0].isDone == false)
    }

    @Test func unknownRouteIsObjectNotFound() async throws {
        let store = try HealthStore.inMemory()
        let id = UUID()

        let error = await #expect(throws: StoreError.self) {
            try await store.routeLocations(RouteQuery(routeID: id)) { _ in true }
        }

        #expect(error?.code == .objectNotFound)
        #expect(error?.message == "No stored route has the UUID \(id.uuidString). List a workout's routes with routes(forWorkout:).")
    }
}
