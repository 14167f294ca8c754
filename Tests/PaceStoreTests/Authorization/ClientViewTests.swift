import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// The client view is complete and sealed: statistics, collections, workouts and routes are scoped
/// in the query, and builders made for a client write as the client.
@Suite struct ClientViewTests {
    typealias F = QueryFixtures
    static let heartRate = HealthObjectType.quantity(.heartRate)

    /// An owner store with one phone sample (100 bpm) and a watch client that saved its own (140 bpm).
    static func store(clientMayRead: Bool) async throws -> (HealthStore, AuthorizedStore) {
        let store = try HealthStore.inMemory()
        let app = store.authorization(for: F.watch)
        try await app.requestAuthorization(toShare: [heartRate, .workout, .workoutRoute],
                                           read: [heartRate, .workout, .workoutRoute]) { _, access in
            access == .share || clientMayRead
        }
        try await store.save(F.heartRate(100, at: 0, source: F.phone))
        try await app.save(F.heartRate(140, at: 60))
        return (store, app)
    }

    @Test func statisticsAndCollectionsCountOnlyWhatTheClientMayRead() async throws {
        let (_, denied) = try await Self.store(clientMayRead: false)
        #expect(try await denied.statistics(for: .heartRate, options: .average).average?.value == 140)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let day = try await denied.statisticsCollection(for: .heartRate, options: .average, anchor: F.base,
                                                        interval: DateComponents(day: 1), from: F.base, to: F.at(86_400),
                                                        calendar: utc)
        #expect(day.statistics.map { $0.average?.value } == [140])

        let (_, allowed) = try await Self.store(clientMayRead: true)
        #expect(try await allowed.statistics(for: .heartRate, options: .average).average?.value == 120)
    }

    @Test func workoutsAndRoutesAreScopedToTheClient() async throws {
        let (store, app) = try await Self.store(clientMayRead: false)
        let others = TestObjects.run()                                  // source: TestObjects.watch
        var phoneRun = TestObjects.run(start: TestObjects.morning.addingTimeInterval(7200))
        phoneRun.source = F.phone
        var ownRun = TestObjects.run(start: TestObjects.morning.addingTimeInterval(-7200))
        ownRun.source = F.watch
        try await store.save([.workout(others), .workout(phoneRun), .workoutRoute(TestObjects.route(for: others))])
        try await app.save([.workout(ownRun)])

        #expect(try await app.workouts().map(\.id) == [ownRun.id])
        #expect(try await app.routes(forWorkout: others.id).isEmpty, "another source's route is not seen")
        #expect(try await store.workouts().count == 3, "the owner sees every workout")
    }

    @Test func aClientsWorkoutBuilderWritesAsTheClient() async throws {
        let store = try HealthStore.inMemory()
        let app = store.authorization(for: F.watch)
        let start = F.base
        func build(_ source: Source) async throws -> Workout {
            var builder = WorkoutBuilder(client: app, activityType: .running, source: source)
            try builder.beginCollection(at: start)
            try builder.add([F.heartRate(150, at: 60)])
            try builder.endCollection(at: start.addingTimeInterval(600))
            return try await builder.finishWorkout()
        }
        let refused = await #expect(throws: StoreError.self) { _ = try await build(F.watch) }
        #expect(refused?.code == .notAuthorized, "no permission asked yet")
        #expect(try await store.workouts().isEmpty)

        try await app.requestAuthorization(toShare: [.workout, Self.heartRate], read: []) { _, _ in true }
        let foreign = await #expect(throws: StoreError.self) { _ = try await build(F.phone) }
        #expect(foreign?.code == .notAuthorized, "a client cannot write as another source")

        let workout = try await build(F.watch)
        #expect(try await store.workout(id: workout.id)?.source == F.watch)
        #expect(try await app.samples(matching: Self.heartRate, predicate: .workout(workout.id)).count == 1)
    }

    @Test func aClientsRouteBuilderNeedsAWorkoutTheClientSees() async throws {
        let (store, app) = try await Self.store(clientMayRead: false)
        var hidden = TestObjects.run()
        hidden.source = F.phone
        var own = TestObjects.run(start: TestObjects.morning.addingTimeInterval(7200))
        own.source = F.watch
        try await store.save(hidden)
        try await app.save([.workout(own)])

        var forHidden = WorkoutRouteBuilder(client: app)
        try forHidden.insert(TestObjects.route(for: hidden).locations)
        let error = await #expect(throws: StoreError.self) { _ = try await forHidden.finishRoute(with: hidden) }
        #expect(error?.code == .workoutNotFound, "another source's workout is invisible without read permission")

        var forOwn = WorkoutRouteBuilder(client: app)
        try forOwn.insert(TestObjects.route(for: own).locations)
        let route = try #require(try await forOwn.finishRoute(with: own))
        #expect(try await app.routes(forWorkout: own.id).map(\.id) == [route.id])
    }
}
