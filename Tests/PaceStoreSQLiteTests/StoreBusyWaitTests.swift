import Foundation
import GRDB
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// Another process's long transaction on the store is waited for, not reported as "database is
/// locked" (issue 19: two imports into one store; a large import holds the write lock for many
/// seconds).
@Suite struct StoreBusyWaitTests {
    @Test func aSaveWaitsForAnotherConnectionsLongTransaction() async throws {
        // Given a store, and another connection (as another process would) holding its write lock
        // for 11 s — longer than the ten seconds a save used to wait
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("health.sqlite")
        let store = try HealthStore(path: path)
        let other = try DatabaseQueue(path: path)
        let released = Locked(false)
        let locked = DispatchSemaphore(value: 0)
        let holder = Thread {
            try? other.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    locked.signal()
                    Thread.sleep(forTimeInterval: 11)
                    released.withLock { $0 = true }
                    return .commit
                }
            }
        }
        holder.start()
        await withCheckedContinuation { continuation in
            Thread { locked.wait(); continuation.resume() }.start()
        }

        // When the store saves meanwhile
        let sample = TestObjects.heartRate(120)
        try await store.save(sample)

        // Then the save waited for the lock to be released, and succeeded
        #expect(released.withLock { $0 }, "the save went through while the other transaction held the lock")
        #expect(try await store.quantitySample(id: sample.id) == sample)
    }
}
