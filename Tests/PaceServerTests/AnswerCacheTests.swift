import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import PaceModel
@testable import PaceServer
import PaceStore
import PaceTestSupport
import Testing

/// Answers about a workout are computed once per state of the store: a save moves the anchor, so
/// the next answer sees it; the least recently used answer is the one dropped.
@Suite(.timeLimit(.minutes(2 * TestTime.scale))) struct AnswerCacheTests {
    static func key(_ version: Int64) -> AnswerKey {
        AnswerKey(account: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, client: "c", read: [.workout],
                  workout: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, version: version)
    }

    @Test func anAnswerBeingComputedIsSharedAndAFailureIsForgotten() async throws {
        let cache = AnswerCache<Int>(capacity: 4)
        let computed = Locked(0)
        let started = AsyncStream<Void>.makeStream()
        let release = AsyncStream<Void>.makeStream()
        // The first request's computation waits until the second request is waiting for it too.
        async let first = cache.answer(Self.key(1)) {
            computed.withLock { $0 += 1 }
            started.continuation.yield()
            for await _ in release.stream { break }
            return 7
        }
        for await _ in started.stream { break }
        async let second = cache.answer(Self.key(1)) { computed.withLock { $0 += 1 }; return 8 }
        try await Task.sleep(for: .milliseconds(50))
        release.continuation.yield()
        #expect(try await first == 7)
        #expect(try await second == 7, "the second request waited for the first computation")
        #expect(computed.withLock { $0 } == 1)

        struct Failure: Error {}
        await #expect(throws: Failure.self) { try await cache.answer(Self.key(2)) { throw Failure() } }
        #expect(try await cache.answer(Self.key(2)) { 20 } == 20, "a failed computation is not kept")
    }

    @Test func theLeastRecentlyUsedAnswerIsDroppedAndAKeyIsComputedOnce() async throws {
        let cache = AnswerCache<Int>(capacity: 2)
        let computed = Locked(0)
        func key(_ anchor: Int64) -> AnswerKey { Self.key(anchor) }
        func answer(_ anchor: Int64) async throws -> Int {
            try await cache.answer(key(anchor)) { computed.withLock { $0 += 1 }; return Int(anchor) * 10 }
        }
        #expect(try await answer(1) == 10)
        #expect(try await answer(2) == 20)
        #expect(try await answer(1) == 10)
        #expect(computed.withLock { $0 } == 2, "the second read of anchor 1 was kept")
        #expect(try await answer(3) == 30)   // drops anchor 2, the least recently used
        #expect(await cache.count == 2)
        #expect(try await answer(1) == 10)
        #expect(computed.withLock { $0 } == 3)
        #expect(try await answer(2) == 20)
        #expect(computed.withLock { $0 } == 4, "anchor 2 had been dropped")
    }

    @Test func aRouteSavedAfterTheWorkoutIsInTheNextAnswer() async throws {
        let fixture = try await ServerFixture(.sqlite)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let run = TestObjects.run()
        let store = try await fixture.store(of: alice)
        try await store.save([.workout(run)])
        try await fixture.test { client in
            let secret = try await ServerFixture.token(client, for: alice, read: [.workout, .workoutRoute], share: [.workout, .workoutRoute])
            let uri = "/api/v1/workouts/\(run.id.uuidString)"
            let before = try await client.execute(uri: uri, method: .get, headers: ServerFixture.bearer(secret)) {
                try ServerFixture.json($0)["routes"] as? [String]
            }
            #expect(before == [])
            let route = TestObjects.route(for: run, count: 20)
            try await store.save([.workoutRoute(route)])
            let after = try await client.execute(uri: uri, method: .get, headers: ServerFixture.bearer(secret)) {
                try ServerFixture.json($0)["routes"] as? [String]
            }
            #expect(after == [route.id.uuidString], "the save moved the anchor, so the answer was computed again")
            let chart = try await client.execute(uri: uri + "/series?points=50", method: .get, headers: ServerFixture.bearer(secret)) {
                (try ServerFixture.json($0)["points"] as? [Any])?.count ?? 0
            }
            #expect(chart > 0)
        }
    }
}
