import Foundation
import GRDB
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// A store on a disk mounted read-only (issue 19's "read-only store"): it is read, every write is
/// refused clearly, and a store whose schema would need migrating is refused before anything is
/// tried. The disk is a small tmpfs the test mounts and remounts read-only (root, as CI runs the
/// tests), because the folder must refuse SQLite's `-shm` file too.
@Suite struct ReadOnlyStoreTests {
    @Test func aStoreOnAReadOnlyDiskIsReadAndRefusesWrites() async throws {
        // Given a store with a sample and a store of an older schema, on a disk then made read-only
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let disk = directory.path("disk")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        try #require(try await SystemTool.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=8m", "tmpfs", disk]).status == 0, "mounting a tmpfs needs root")
        defer { _ = try? SystemTool.runBlocking("/usr/bin/umount", [disk]) }
        let current = disk + "/health.sqlite", older = disk + "/older.sqlite"
        let sample = TestObjects.heartRate(120)
        try await Self.makeStore(at: current) { try await $0.save(sample) }
        try await Self.makeStore(at: older) { store in
            try await store.writer.write { db in
                try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v13-quantity-rows-by-anchor'")
            }
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: current))
        #expect(try await SystemTool.run("/usr/bin/mount", ["-o", "remount,ro", disk]).status == 0)

        // When the store is opened, Then it reads what it holds
        let store = try HealthStore(path: current)
        #expect(try await store.quantitySample(id: sample.id) == sample)

        // When a sample is saved, Then SQLite's refusal says what to check, and nothing changed
        let refused = await #expect(throws: StoreError.self) { try await store.save(TestObjects.heartRate(130)) }
        #expect(refused?.message.contains("cannot be written") == true && refused?.message.contains("read-only") == true,
                "\(refused?.message ?? "")")
        #expect(try await store.quantitySamples(matching: .heartRate).map(\.id) == [sample.id])
        #expect(try Data(contentsOf: URL(fileURLWithPath: current)) == bytes)

        // When the older store is opened, Then it is refused before its migration is tried
        let outdated = #expect(throws: StoreError.self) { try HealthStore(path: older) }
        #expect(outdated?.code == .cannotOpen)
        #expect(outdated?.message.contains("v13-quantity-rows-by-anchor") == true && outdated?.message.contains("Copy it") == true,
                "\(outdated?.message ?? "")")
    }

    /// Creates a store at `path`, runs `body` on it and closes it (its log checkpointed and removed).
    ///
    /// The store closes when its last reference goes, which a task finishing its delivery of the
    /// save's changes may hold a little after `body` returns (seconds under AddressSanitizer), so
    /// the log's removal is awaited, 10 s × the tests' time scale at most.
    static func makeStore(at path: String, _ body: (HealthStore) async throws -> Void) async throws {
        try await body(try HealthStore(path: path))
        let deadline = ContinuousClock.now + TestTime.duration(.seconds(10))
        while FileManager.default.fileExists(atPath: path + "-wal"), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "the closed store left its log")
    }
}
