import Foundation
import GRDB
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

@Suite struct StoreOpeningTests {
    @Test func emptyFileIsMigratedToTheCurrentSchema() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("health.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))

        let store = try HealthStore(path: path)

        let tables = try await store.writer.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
        #expect(tables.contains("healthObject"))
        #expect(tables.contains("tombstone"))
        #expect(tables.contains("routeLocation"))
        #expect(tables.contains("device") && tables.contains("rollupDeferral") && tables.contains("workoutSample"))
        let migrations = try await store.writer.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
        #expect(migrations == ["v1-health-objects", "v2-recording-journal", "v3-authorization", "v4-characteristics",
                               "v5-anchor-indexes", "v6-quantity-rollup", "v7-compact-objects", "v8-hourly-rollup",
                               "v9-activity-summaries", "v10-workout-samples", "v11-authorization-requests",
                               "v12-sample-rows-without-foreign-keys", "v13-quantity-rows-by-anchor",
                               "v14-quantity-series"])
        #expect(tables.contains("recordingChunk") && tables.contains("workoutPoint"))
        #expect(try await store.currentAnchor() == .initial)
    }

    @Test func inMemoryStoresAreMigratedAndIndependentOfEachOther() async throws {
        // Given two in-memory stores (copies of one migrated template)
        let first = try HealthStore.inMemory(), second = try HealthStore.inMemory()

        // When one saves a sample
        let sample = TestObjects.heartRate(120)
        try await first.save(sample)

        // Then each has every migration, an identity and an anchor of its own, and only its own objects
        for store in [first, second] {
            let migrations = try await store.writer.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
            #expect(migrations.count == 14 && migrations.last == "v14-quantity-series")
        }
        let (firstIdentity, secondIdentity) = (try await first.storeIdentifier(), try await second.storeIdentifier())
        #expect(firstIdentity != secondIdentity)
        #expect(try await second.quantitySample(id: sample.id) == nil)
        #expect(try await second.currentAnchor() == .initial)
        #expect(try await first.currentAnchor() != .initial)
        #expect(try await HealthStore.inMemory().quantitySamples(matching: .heartRate).isEmpty, "the template stays empty")
    }

    @Test func nonSQLiteFileIsRefusedAndLeftUntouched() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("notes.sqlite")
        let content = Data(String(repeating: "this is a shopping list, not a database\n", count: 200).utf8)
        #expect(FileManager.default.createFile(atPath: path, contents: content))

        let error = #expect(throws: StoreError.self) { try HealthStore(path: path) }

        #expect(error?.code == .notADatabase)
        #expect(error?.message == "'\(path)' is not an SQLite database (is it the right file?). Open a Pace store or a new file instead; nothing was changed.")
        #expect(FileManager.default.contents(atPath: path) == content)
    }

    @Test func corruptStoreIsRefusedAndLeftUntouched() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("health.sqlite")
        do {
            let store = try HealthStore(path: path)
            try await store.save((0..<50).map { .quantitySample(TestObjects.heartRate(Double($0))) })
            _ = try await store.writer.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        }
        var bytes = try #require(FileManager.default.contents(atPath: path))
        for offset in stride(from: 4096, to: bytes.count, by: 7) { bytes[offset] = 0xA5 }
        try bytes.write(to: URL(fileURLWithPath: path))

        let error = await #expect(throws: StoreError.self) {
            let store = try HealthStore(path: path)
            _ = try await store.quantitySamples(of: .heartRate)
        }

        #expect(error?.code == .corrupt || error?.code == .notADatabase)
        #expect(FileManager.default.contents(atPath: path) == bytes)
    }

    @Test func storeFromANewerSchemaIsRefused() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("health.sqlite")
        let workout = TestObjects.run()
        do {
            let store = try HealthStore(path: path)
            try await store.save(workout)
            try await store.writer.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9-from-the-future')")
            }
        }

        let error = #expect(throws: StoreError.self) { try HealthStore(path: path) }

        #expect(error?.code == .newerSchema)
        #expect(error?.message == "The store '\(path)' was written by a newer version of Pace (schema v9-from-the-future). Upgrade Pace to open it; nothing was changed.")
        let queue = try DatabaseQueue(path: path)
        let count = try await queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM workout") }
        #expect(count == 1)
    }

    @Test func fileKilledBeforeItsFirstMigrationCommittedIsMigrated() async throws {
        // Given what a process killed while creating a store leaves: GRDB's empty migrations table only
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("health.sqlite")
        do {
            let queue = try DatabaseQueue(path: path)
            try await queue.write { db in try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)") }
        }

        // When it is opened, then it becomes a store
        let store = try HealthStore(path: path)
        try await store.save(TestObjects.heartRate())
        #expect(try await store.samples(of: .quantity(.heartRate)).count == 1)
    }

    @Test func foreignSQLiteDatabaseWithOnlyAMigrationsTableOfItsOwnIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("other.sqlite")
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
                try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('recipes-v1')")
            }
        }
        let error = #expect(throws: StoreError.self) { try HealthStore(path: path) }
        #expect(error?.code == .notAPaceStore || error?.code == .newerSchema)
    }

    @Test func foreignSQLiteDatabaseIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("other.sqlite")
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in try db.execute(sql: "CREATE TABLE recipes (name TEXT)") }
        }

        let error = #expect(throws: StoreError.self) { try HealthStore(path: path) }

        #expect(error?.code == .notAPaceStore)
        let queue = try DatabaseQueue(path: path)
        let tables = try queue.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") }
        #expect(tables == ["recipes"])
    }

    @Test func unwritableLocationIsReported() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let blocker = directory.path("file")
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))

        let error = #expect(throws: StoreError.self) { try HealthStore(path: blocker + "/health.sqlite") }

        #expect(error?.code == .cannotOpen)
    }
}
