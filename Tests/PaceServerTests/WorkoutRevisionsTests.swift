import Foundation
import PaceModel
@testable import PaceServer
import PaceStore
import PaceTestSupport
import Testing

/// A workout's revision moves when something its answers are computed from changes, and only then:
/// an answer about one workout survives saves elsewhere in the account.
@Suite(.timeLimit(.minutes(2 * TestTime.scale))) struct WorkoutRevisionsTests {
    @Test func onlyAChangeToAWorkoutsOwnDataMovesItsRevision() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (store, app, runs) = try await DigestBookTests.store(directory, runs: 3)
        let revisions = WorkoutRevisions(capacity: 4)
        let reader = AccountClient(account: UUID(), client: DigestBookTests.client)
        func revision(_ workout: Workout) async throws -> Int64 { try await revisions.revision(of: workout.id, for: reader, store: app) }
        let (first, second) = (runs[0], runs[1])
        let start = try await revision(first)
        #expect(try await revision(second) == start, "every workout starts at the ledger's first anchor")

        // Sleep, a heart rate between the runs and another workout with its route touch neither run.
        try await store.save([.categorySample(TestObjects.sleep(at: first.startDate.addingTimeInterval(-6 * 3_600)))])
        try await store.save([.quantitySample(TestObjects.heartRate(90, at: second.startDate.addingTimeInterval(-3 * 3_600)))])
        let fourth = TestObjects.run(start: runs[2].startDate.addingTimeInterval(86_400))
        try await store.save([.workout(fourth), .workoutRoute(TestObjects.route(for: fourth, count: 30))])
        #expect(try await revision(first) == start)
        #expect(try await revision(second) == start)
        let fourthRevision = try await revision(fourth)
        #expect(fourthRevision > start, "a workout added after the ledger began has its own revision")

        // A heart rate inside the second run moves the second run alone.
        try await store.save([.quantitySample(TestObjects.heartRate(150, at: second.startDate.addingTimeInterval(120)))])
        let moved = try await revision(second)
        #expect(moved > fourthRevision)
        #expect(try await revision(first) == start)

        // A route added to the first run moves it.
        try await store.save([.workoutRoute(TestObjects.route(for: first, count: 10))])
        #expect(try await revision(first) > moved)
        let firstAfterRoute = try await revision(first)

        // A deleted sample names no time: every workout moves.
        let sample = try #require(try await store.quantitySamples(of: .heartRate).first)
        try await store.delete(ids: [sample.id])
        #expect(try await revision(first) > firstAfterRoute)
        #expect(try await revision(second) > moved)
        #expect(try await revision(runs[2]) > start)
    }

    @Test func aRefreshCatchesTheAccountsLedgersUpInTheBackground() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (store, app, runs) = try await DigestBookTests.store(directory, runs: 2)
        let revisions = WorkoutRevisions(capacity: 4)
        let reader = AccountClient(account: UUID(), client: DigestBookTests.client)
        let start = try await revisions.revision(of: runs[0].id, for: reader, store: app)
        for minute in 1...3 {
            try await store.save([.quantitySample(TestObjects.heartRate(150, at: runs[0].startDate.addingTimeInterval(Double(minute) * 60)))])
            await revisions.refresh(account: reader.account)
        }
        // Another account's refresh touches nothing of this one.
        await revisions.refresh(account: UUID())
        let moved = try await revisions.revision(of: runs[0].id, for: reader, store: app)
        #expect(moved == (try await store.currentAnchor()).rawValue, "caught up to the last save")
        #expect(moved > start)
        #expect(try await revisions.revision(of: runs[1].id, for: reader, store: app) == start)
    }

    @Test func eachReaderKeepsItsOwnLedger() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (store, app, runs) = try await DigestBookTests.store(directory, runs: 1)
        let revisions = WorkoutRevisions(capacity: 1)
        let alice = AccountClient(account: UUID(), client: DigestBookTests.client)
        let bob = AccountClient(account: UUID(), client: DigestBookTests.client)
        let before = try await revisions.revision(of: runs[0].id, for: alice, store: app)
        try await store.save([.quantitySample(TestObjects.heartRate(150, at: runs[0].startDate.addingTimeInterval(60)))])
        // Bob's ledger pushes Alice's out (capacity 1); hers starts again at the store's anchor.
        let bobs = try await revisions.revision(of: runs[0].id, for: bob, store: app)
        #expect(bobs > before)
        #expect(try await revisions.revision(of: runs[0].id, for: alice, store: app) == bobs)
    }
}
