import Foundation
import PaceAnalysis
import PaceModel
@testable import PaceServer
import PaceStore
import PaceTestSupport
import PaceTransfer
import Testing

/// The history pages' digests kept between requests and caught up from the store's changes: after a
/// change, only the workouts it touches are digested again, and the digests equal digesting the
/// whole store afresh.
@Suite(.timeLimit(.minutes(2 * TestTime.scale))) struct DigestBookTests {
    static let client = "org.pace.tests.web"

    /// A store whose client reads every type a digest needs, with `count` runs a day apart, each with a route.
    static func store(_ directory: TemporaryDirectory, runs count: Int) async throws -> (HealthStore, AuthorizedStore, [Workout]) {
        let store = try HealthStore(path: directory.path("health.sqlite"))
        for type in WorkoutChanges.watchedTypes {
            try await store.setAuthorization(client: client, type: type, read: .authorized)
        }
        var runs: [Workout] = []
        for day in 0..<count {
            let run = TestObjects.run(start: Date(timeIntervalSinceReferenceDate: 780_000_000 + Double(day) * 86_400))
            try await store.save([.workout(run), .workoutRoute(TestObjects.route(for: run, count: 60))])
            runs.append(run)
        }
        return (store, store.authorization(for: client), runs)
    }

    /// Every workout digested from scratch, newest first, as the book orders them.
    static func fresh(_ app: AuthorizedStore) async throws -> [WorkoutDigest] {
        try await DigestBook(capacity: 1).digests(of: AccountClient(account: UUID(), client: client), store: app)
    }

    @Test func aChangeDigestsOnlyTheWorkoutsItTouches() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (store, app, runs) = try await Self.store(directory, runs: 6)
        let book = DigestBook(capacity: 4)
        let reader = AccountClient(account: UUID(), client: Self.client)

        let first = try await book.digests(of: reader, store: app)
        #expect(first.map(\.id) == runs.reversed().map(\.id))
        #expect(await book.digested == 6)
        _ = try await book.digests(of: reader, store: app)
        #expect(await book.digested == 6, "an unchanged store digests nothing")

        // Heart rate inside the third run: only that run is digested again, and its average changes.
        let third = runs[2]
        try await store.save((1...5).map { .quantitySample(TestObjects.heartRate(150, at: third.startDate.addingTimeInterval(Double($0) * 60))) })
        let afterSamples = try await book.digests(of: reader, store: app)
        #expect(await book.digested == 7)
        #expect(afterSamples.first { $0.id == third.id }?.averageHeartRate == 150)
        #expect(afterSamples == (try await Self.fresh(app)), "caught up equals digested afresh")

        // A heart rate between two runs touches none.
        try await store.save([.quantitySample(TestObjects.heartRate(90, at: runs[3].startDate.addingTimeInterval(-3 * 3_600)))])
        _ = try await book.digests(of: reader, store: app)
        #expect(await book.digested == 7)

        // A new workout with its route is digested; a deleted one leaves.
        let seventh = TestObjects.run(start: Date(timeIntervalSinceReferenceDate: 780_000_000 + 6 * 86_400))
        try await store.save([.workout(seventh), .workoutRoute(TestObjects.route(for: seventh, count: 60))])
        try await store.delete(ids: [runs[0].id])
        let afterWorkouts = try await book.digests(of: reader, store: app)
        #expect(await book.digested == 8)
        #expect(afterWorkouts.map(\.id) == ([seventh] + runs.dropFirst().reversed()).map(\.id))
        #expect(afterWorkouts == (try await Self.fresh(app)))

        // A deleted sample names no time: everything is digested again, and still right.
        let sample = try #require(try await store.quantitySamples(of: .heartRate).first)
        try await store.delete(ids: [sample.id])
        let afterDeletion = try await book.digests(of: reader, store: app)
        #expect(await book.digested == 8 + 6)
        #expect(afterDeletion == (try await Self.fresh(app)))
    }

    @Test func theTimeIndexFindsEveryWorkoutAnIntervalTouches() {
        let base = Date(timeIntervalSinceReferenceDate: 0)
        let long = UUID(), short = UUID(), later = UUID()
        let index = TimeIndex([
            long: DateInterval(start: base, duration: 10_000),
            short: DateInterval(start: base.addingTimeInterval(100), duration: 100),
            later: DateInterval(start: base.addingTimeInterval(20_000), duration: 100),
        ])
        #expect(Set(index.workouts(overlapping: base.addingTimeInterval(150), base.addingTimeInterval(150))) == [long, short])
        #expect(index.workouts(overlapping: base.addingTimeInterval(5_000), base.addingTimeInterval(5_000)) == [long],
                "found although a shorter workout starts after it")
        #expect(index.workouts(overlapping: base.addingTimeInterval(15_000), base.addingTimeInterval(15_000)).isEmpty)
        #expect(index.workouts(overlapping: base.addingTimeInterval(19_000), base.addingTimeInterval(20_050)) == [later])
        #expect(index.workouts(overlapping: base.addingTimeInterval(-10), base.addingTimeInterval(-1)).isEmpty)
        #expect(TimeIndex([:]).workouts(overlapping: base, base).isEmpty)
    }
}
