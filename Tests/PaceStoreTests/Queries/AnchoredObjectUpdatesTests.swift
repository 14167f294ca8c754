import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// The awaited work took longer than the guard allows: the update never came.
struct TimedOut: Error {}

/// Runs `body`, failing with ``TimedOut`` after `seconds` — a guard against hanging, never a way to wait.
func withTimeout<T: Sendable>(seconds: Double = 120, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            throw TimedOut()
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}

@Suite struct AnchoredObjectUpdatesTests {
    private let heartRate = HealthObjectType.quantity(.heartRate)

    @Test func initialResultThenUpdatesAsObjectsAreSavedAndDeleted() async throws {
        let store = try HealthStore.inMemory()
        let first = TestObjects.heartRate(100, metadata: [:])
        try await store.save(first)
        let updates = store.anchoredObjectUpdates(AnchoredObjectQuery(type: .quantity(.heartRate)))
        let second = TestObjects.heartRate(110, at: TestObjects.morning.addingTimeInterval(60), metadata: [:])

        let seen = try await withTimeout {
            var iterator = updates.makeAsyncIterator()
            var results = [try await iterator.next()]
            try await store.save(TestObjects.sleep())   // another type: no update
            try await store.save(second)
            results.append(try await iterator.next())
            try await store.delete(id: first.id)
            results.append(try await iterator.next())
            return results.compactMap { $0 }
        }

        #expect(seen.map(\.added) == [[.quantitySample(first)], [.quantitySample(second)], []])
        #expect(seen.map { $0.deleted.map(\.id) } == [[], [], [first.id]])
    }

    @Test func updatesArriveFromAnotherTaskWritingToAFileStore() async throws {
        // Given a store file (a DatabasePool) and a consumer of its updates
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try HealthStore(path: directory.path("health.sqlite"))
        let updates = store.anchoredObjectUpdates(AnchoredObjectQuery(type: .quantity(.heartRate)))
        let samples = (0..<3).map { TestObjects.heartRate(Double(100 + $0), at: TestObjects.morning.addingTimeInterval(Double($0)), metadata: [:]) }

        // When another task saves, one sample at a time
        let added = try await withTimeout {
            var iterator = updates.makeAsyncIterator()
            _ = try await iterator.next()
            let writer = Task.detached { for sample in samples { try await store.save(sample) } }
            var added: [UUID] = []
            while added.count < samples.count, let update = try await iterator.next() {
                added += update.added.map(\.id)
            }
            try await writer.value
            return added
        }

        // Then every sample arrives once, in order, however the notifications were coalesced
        #expect(added == samples.map(\.id))
    }

    @Test func updatesStartAfterTheGivenAnchor() async throws {
        let store = try HealthStore.inMemory()
        try await store.save(TestObjects.heartRate(100, metadata: [:]))
        let anchor = try await store.anchoredObjects(AnchoredObjectQuery(type: heartRate)).anchor

        let initial = try await withTimeout {
            var iterator = store.anchoredObjectUpdates(AnchoredObjectQuery(type: .quantity(.heartRate), anchor: anchor)).makeAsyncIterator()
            return try await iterator.next()
        }

        #expect(initial?.isEmpty == true)
        #expect(initial?.anchor == anchor)
    }

    @Test func sequenceEndsWhenTheTaskIsCancelled() async throws {
        let store = try HealthStore.inMemory()
        let updates = store.anchoredObjectUpdates(AnchoredObjectQuery(type: heartRate))
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        let consumer = Task {
            var count = 0
            for try await _ in updates {
                count += 1
                startedContinuation.yield()
            }
            return count
        }

        let count = try await withTimeout {
            for await _ in started { break }
            consumer.cancel()
            return try await consumer.value
        }

        #expect(count == 1)
    }

    @Test func foreignAnchorEndsTheSequenceWithTheError() async throws {
        let store = try HealthStore.inMemory()
        let foreign = QueryAnchor(storeID: UUID(), anchor: .initial)

        let error = try await withTimeout { () -> StoreError? in
            do {
                for try await _ in store.anchoredObjectUpdates(AnchoredObjectQuery(type: .quantity(.heartRate), anchor: foreign)) {}
                return nil
            } catch let error as StoreError {
                return error
            }
        }

        #expect(error?.code == .foreignAnchor)
    }
}
