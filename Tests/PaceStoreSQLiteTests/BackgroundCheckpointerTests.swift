import Foundation
import GRDB
import PaceModel
@testable import PaceStore
import PaceTestSupport
import Testing

/// Checkpoints moved off the writer during a series of batch saves (`BackgroundCheckpointer`).
@Suite struct BackgroundCheckpointerTests {
    private static func batch(_ number: Int, count: Int) -> [HealthObject] {
        (0..<count).map { index in
            let date = TestObjects.morning.addingTimeInterval(Double(number * count + index) * 5)
            return .quantitySample(TestObjects.heartRate(Double(60 + index % 100), at: date))
        }
    }

    private static func size(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    @Test func theLogStaysBoundedAndEverythingIsCopiedWhileTheWriterNeverCheckpoints() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("health.sqlite")
        let store = try HealthStore(path: path)
        let checkpointer = try #require(try BackgroundCheckpointer(store: store, logLimit: 256 << 10))
        #expect(try await store.writer.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA wal_autocheckpoint") } == 0)

        var largestLog = 0
        for number in 0..<30 {
            checkpointer.throttle()
            try await store.save(Self.batch(number, count: 500))
            largestLog = max(largestLog, Self.size(of: path + "-wal"))
        }
        checkpointer.stop()

        #expect(try await store.quantitySamples(of: .heartRate).count == 15_000)
        // Without copying, the log would hold all 30 batches; throttled, it starts over past the limit.
        let database = Self.size(of: path)
        #expect(database > 2 << 20, "the checkpointer copied pages into the database file (\(database) bytes)")
        #expect(largestLog < database, "the log stayed bounded: at most \(largestLog) bytes for a \(database)-byte store")
        #expect(try await store.writer.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA wal_autocheckpoint") } == 1000)
        checkpointer.stop()
    }

    // A throttle that waited for the reader instead of giving up after its maximum wait would hang
    // here: the time limit is that guard (a bound on elapsed time failed only on a loaded machine).
    @Test(.timeLimit(.minutes(3 * TestTime.scale))) func aReaderHoldingItsSnapshotDelaysTheWriterButNeverStopsIt() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("health.sqlite")
        let store = try HealthStore(path: path)
        try await store.save(Self.batch(0, count: 10))
        let checkpointer = try #require(try BackgroundCheckpointer(store: store, logLimit: 64 << 10, maximumWait: 0.2))
        // Another connection (another process watching the store) keeps a read transaction open:
        // no checkpoint can copy what is written after its snapshot.
        let reader = try DatabaseQueue(path: path)
        try await reader.read { db in
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM healthObject") == 10)
            for number in 1...8 {
                checkpointer.throttle()
                // This closure runs on GRDB's reader queue, not the cooperative pool: it may block.
                let batch = Self.batch(number, count: 500)
                try ThreadBridge.wait { () async throws(StoreError) in try await store.save(batch) }
            }
        }
        checkpointer.stop()
        #expect(try await store.quantitySamples(of: .heartRate).count == 4_010)
    }

    @Test func anInMemoryStoreHasNoCheckpointer() throws {
        #expect(try BackgroundCheckpointer(store: HealthStore.inMemory()) == nil)
    }
}
