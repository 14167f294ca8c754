import Foundation
import PaceModel
@testable import PaceStore
import PaceTestSupport
import Testing

/// A workout saved with its route and samples written in parts before it (`saveStreamed`): one
/// transaction, all or nothing, the same rules as a batch.
@Suite struct StreamedSaveTests {
    typealias T = TestObjects
    struct ReadFailed: Error {}

    static func streamedRoute(_ route: WorkoutRoute, count: Int? = nil) -> StreamedRoute {
        StreamedRoute(route: route, start: route.startDate!, end: route.endDate!, locationCount: count ?? route.locations.count)
    }

    static func heartRates(_ workout: Workout, count: Int) -> [HealthObject] {
        (0..<count).map { .quantitySample(T.heartRate(120 + Double($0 % 40), at: workout.startDate.addingTimeInterval(Double($0)))) }
    }

    static func isEmpty(_ store: HealthStore) async throws -> Bool {
        let workouts = try await store.workouts().count
        let samples = try await store.samples(matching: .quantity(.heartRate)).count
        let routes = try await store.samples(matching: .workoutRoute).count
        return workouts + samples + routes == 0
    }

    @Test func partsMakeTheSameWorkoutRouteAndAssociatedSamplesAsOneBatch() async throws {
        let run = T.run()
        let route = T.route(for: run, count: 25)
        let samples = Self.heartRates(run, count: 30)
        let store = try HealthStore.inMemory()
        try await ThreadBridge.run(label: "test") { () throws(any Error) in
            try store.saveStreamed(routeID: route.id, produce: { writer in
                for part in stride(from: 0, to: 25, by: 10) { try writer.append(Array(route.locations[part..<min(25, part + 10)])) }
                try writer.append(samples: Array(samples[..<17]))
                try writer.append(samples: Array(samples[17...]))
                #expect(writer.samplesWritten == 30)
            }, complete: { (run, Self.streamedRoute(route)) })
        }
        #expect(try await store.workouts().map(\.id) == [run.id])
        #expect(try await store.routes(forWorkout: run.id) == [route], "every location, in order, with the route's identity")
        let associated = try await store.quantitySamples(matching: .heartRate, predicate: .workout(run.id))
        #expect(Set(associated.map(\.id)) == Set(samples.map(\.id)), "every sample belongs to the workout")
    }

    @Test func aProducerThatFailsHalfWayLeavesNothingAndItsErrorComesBack() async throws {
        let run = T.run()
        let route = T.route(for: run, count: 20)
        let store = try HealthStore.inMemory()
        let error = await ThreadBridge.run(label: "test") { () throws(Never) -> (any Error)? in
            do {
                try store.saveStreamed(routeID: route.id, produce: { writer in
                    try writer.append(Array(route.locations[..<10]))
                    try writer.append(samples: Self.heartRates(run, count: 5))
                    throw ReadFailed()
                }, complete: { (run, Self.streamedRoute(route)) })
                return nil
            } catch { return error }
        }
        #expect(error is ReadFailed)
        #expect(try await Self.isEmpty(store), "no workout, route or sample of the failed save")
    }

    @Test func aRouteThatGetsFewerLocationsThanDeclaredIsRefusedWhole() async throws {
        let run = T.run()
        let route = T.route(for: run, count: 8)
        let store = try HealthStore.inMemory()
        let error = await ThreadBridge.run(label: "test") { () throws(Never) -> StoreError? in
            do {
                try store.saveStreamed(routeID: route.id, produce: { writer in
                    try writer.append(route.locations)
                    try writer.append(samples: Self.heartRates(run, count: 3))
                }, complete: { (run, Self.streamedRoute(route, count: 9)) })
                return nil
            } catch { return error as? StoreError }
        }
        #expect(error?.code == .invalidObject)
        #expect(error?.message.contains("declared 9 locations and 8 arrived") == true, "\(String(describing: error))")
        #expect(try await Self.isEmpty(store))
    }

    @Test func aLocationOutOfOrderOrOutOfRangeIsRefused() async throws {
        let run = T.run()
        let route = T.route(for: run, count: 4)
        var backwards = route.locations
        backwards.swapAt(1, 2)
        var outside = route.locations
        outside[3].latitude = 91
        let store = try HealthStore.inMemory()
        for locations in [backwards, outside] {
            let error = await ThreadBridge.run(label: "test") { () throws(Never) -> StoreError? in
                do {
                    try store.saveStreamed(routeID: route.id, produce: { writer in try writer.append(locations) },
                                           complete: { (run, Self.streamedRoute(route)) })
                    return nil
                } catch { return error as? StoreError }
            }
            #expect(error?.code == .invalidObject)
            #expect(try await Self.isEmpty(store))
        }
    }

    @Test func theWorkoutsSyncRulesRefuseTheWholeSave() async throws {
        var metadata = Metadata()
        metadata.syncIdentifier = "import:file"
        metadata.syncVersion = 1
        let first = T.run(metadata: metadata), again = T.run(metadata: metadata)
        let route = T.route(for: again, count: 6)
        let store = try HealthStore.inMemory()
        try await store.save(first)
        let error = await ThreadBridge.run(label: "test") { () throws(Never) -> StoreError? in
            do {
                try store.saveStreamed(routeID: route.id, produce: { writer in
                    try writer.append(route.locations)
                    try writer.append(samples: Self.heartRates(again, count: 4))
                }, complete: { (again, Self.streamedRoute(route)) })
                return nil
            } catch { return error as? StoreError }
        }
        #expect(error?.code == .syncVersionNotHigher)
        #expect(try await store.workouts().map(\.id) == [first.id])
        #expect(try await store.samples(matching: .quantity(.heartRate)).isEmpty, "the samples written before the workout rolled back")
        #expect(try await store.samples(matching: .workoutRoute).isEmpty)
    }

    @Test func aFailingCompletionLeavesNothing() async throws {
        let run = T.run()
        let route = T.route(for: run, count: 3)
        let store = try HealthStore.inMemory()
        let error = await ThreadBridge.run(label: "test") { () throws(Never) -> (any Error)? in
            do {
                try store.saveStreamed(routeID: route.id, produce: { writer in
                    try writer.append(route.locations)
                    try writer.append(samples: Self.heartRates(run, count: 2))
                }, complete: { throw ReadFailed() })
                return nil
            } catch { return error }
        }
        #expect(error is ReadFailed)
        #expect(try await Self.isEmpty(store))
    }

    @Test func locationsWithoutARouteAreRefused() async throws {
        let run = T.run()
        let route = T.route(for: run, count: 3)
        let store = try HealthStore.inMemory()
        let error = await ThreadBridge.run(label: "test") { () throws(Never) -> StoreError? in
            do {
                try store.saveStreamed(routeID: route.id, produce: { writer in try writer.append(route.locations) },
                                       complete: { (run, nil) })
                return nil
            } catch { return error as? StoreError }
        }
        #expect(error?.code == .invalidObject)
        #expect(try await Self.isEmpty(store))
    }
}
