import CPaceSQLite
import Foundation
package import GRDB
import Logging

/// The health store's SQLite backend: a WAL-mode file (a pool of reader connections and one
/// writer, through GRDB) or an in-memory database.
///
/// Every operation runs on GRDB's own threads — reads on a reader connection, writes on the
/// serial writer — while the caller's task is suspended, so no thread of Swift's cooperative pool
/// waits on SQLite. Opening is synchronous: it migrates an empty file to the current schema and
/// refuses, without touching it, a file that is not SQLite, an SQLite database that is not a Pace
/// store, or a store from a newer Pace.
package struct SQLiteBackend: HealthStoreBackend {
    /// The connection(s): for this backend's code, its tests and benchmarks only.
    package let writer: any DatabaseWriter
    /// The store file, or `nil` in memory.
    package let location: String?

    static let logger = Logger(label: "org.pace.store")

    /// The page size, in bytes, of a store file created by ``init(path:)``.
    static let newStorePageSize = 16_384

    /// Opens (creating if needed) the store file at `path`, in WAL mode, and migrates it.
    ///
    /// - Throws: ``StoreError`` with code ``StoreError/Code/notADatabase``,
    ///   ``StoreError/Code/notAPaceStore``, ``StoreError/Code/newerSchema``,
    ///   ``StoreError/Code/cannotOpen`` or ``StoreError/Code/corrupt``.
    package init(path: String) throws(StoreError) {
        _ = Self.sqliteConfigured
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw StoreError(code: .cannotOpen,
                    message: "Cannot create the store directory '\(directory)': \(error.localizedDescription). Choose another location for the store.",
                    path: path, cause: error)
            }
        }
        var configuration = Configuration()
        configuration.busyMode = .callback(Self.waitForOtherWriter(path: path))
        configuration.label = "PaceStore"
        // A new file gets pages of 16 KiB (SQLite's default is 4 KiB): a large import then builds
        // fewer B-tree pages and writes fewer, larger WAL frames (DECISIONS 123). Asked only for a
        // file that is missing or empty (SQLite applies it before GRDB turns WAL mode on): an existing
        // store keeps its own size and is never given the pragma (a large 4 KiB store migrated after
        // it failed with SQLITE_FULL).
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        if size == 0 {
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA page_size = \(Self.newStorePageSize)") }
        }
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            if let reader = try Self.readOnlyConnection(path: path, after: error) {
                try self.init(readingOnly: reader, path: path)
                return
            }
            throw Self.openingError(error, path: path)
        }
        try self.init(opening: pool, path: path)
    }

    /// Opens a store over an existing GRDB writer (for example a `DatabaseQueue`) and migrates it.
    ///
    /// - Throws: ``StoreError`` as ``init(path:)`` does.
    package init(writer: any DatabaseWriter) throws(StoreError) {
        try self.init(opening: writer, path: nil)
    }

    /// An empty store in memory: a copy of the process's one migrated empty store
    /// (``emptyTemplate``) with an identifier of its own, so that a store costs a page copy instead
    /// of the schema's migrations (about 2 ms instead of 33 in a debug build; the tests and the
    /// `import` fuzz target make one per test or input).
    ///
    /// - Throws: ``StoreError`` if SQLite cannot allocate it.
    package static func inMemory() throws(StoreError) -> SQLiteBackend {
        _ = sqliteConfigured
        let template = try emptyTemplate.get()
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue()
            try template.backup(to: queue)
            try queue.write { db in
                try db.execute(sql: "UPDATE storeIdentity SET storeID = ?", arguments: [UUID().uuidString])
            }
        } catch {
            throw openingError(error, path: nil)
        }
        return try SQLiteBackend(writer: queue)
    }

    /// The process's empty in-memory store, migrated once, that ``inMemory()`` copies; never written
    /// after its migration.
    private static let emptyTemplate = Result { () throws(StoreError) -> DatabaseQueue in
        let queue: DatabaseQueue
        do { queue = try DatabaseQueue() } catch { throw openingError(error, path: nil) }
        _ = try SQLiteBackend(writer: queue)
        return queue
    }

    /// Whether SQLite took Pace's process-wide settings (no memory statistics, statement journals
    /// in memory up to 8 MiB; `pace_sqlite.h`). Evaluated once, before the first store opens;
    /// `false` when SQLite was already initialised by other code, which makes bulk writes slower —
    /// with random UUIDs (a device's sync push) every multi-row insert then writes its statement
    /// journal to a temporary file, about 40 KB per sample.
    static let sqliteConfigured: Bool = {
        let applied = pace_sqlite_configure(8 << 20) == 0
        if applied {
            logger.debug("SQLite settings applied: no memory statistics, statement journals in memory up to 8 MiB")
        } else {
            logger.warning("SQLite was initialised before Pace's settings could apply: bulk writes will be slower. Open the first SQLite database through PaceStore (SQLiteBackend.prepareProcess()).")
        }
        return applied
    }()

    /// Applies Pace's process-wide SQLite settings, once; call it before a process opens its first
    /// SQLite database by other means than a store (the server's account directory does).
    /// - Returns: Whether the settings apply (`false`: SQLite was initialised before).
    @discardableResult
    package static func prepareProcess() -> Bool { sqliteConfigured }

    /// Opens a store that cannot be written (``readOnlyConnection(path:after:)``): reads work, every
    /// write is refused as SQLite refuses it (`SQLITE_READONLY`, "cannot be written").
    ///
    /// - Throws: ``StoreError`` as ``init(path:)``, and ``StoreError/Code/cannotOpen`` when the store
    ///   is of an older schema, whose migration would have to write.
    private init(readingOnly reader: DatabaseQueue, path: String) throws(StoreError) {
        self.writer = reader
        self.location = path
        let migrator = StoreSchema.migrator
        do {
            let state = try reader.read { db in
                (superseded: try migrator.hasBeenSuperseded(db), migrations: try migrator.appliedIdentifiers(db))
            }
            if state.superseded {
                throw Self.newerSchemaError(path: path, migrations: state.migrations)
            }
            guard state.migrations.contains(StoreSchema.firstMigration) else {
                throw StoreError(code: .notAPaceStore,
                    message: "'\(path)' cannot be written and is not a Pace health store. Open another file as the store; nothing was changed.",
                    path: path)
            }
            if let missing = migrator.migrations.first(where: { !state.migrations.contains($0) }) {
                throw StoreError(code: .cannotOpen,
                    message: "The store '\(path)' cannot be written, and this version of Pace must first bring it up to date (migration \(missing)), which writes to it. Copy it to a folder you may write, or make its disk or folder writable; nothing was changed.",
                    path: path)
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.openingError(error, path: path)
        }
    }

    private init(opening writer: any DatabaseWriter, path: String?) throws(StoreError) {
        self.writer = writer
        self.location = path
        let migrator = StoreSchema.migrator
        do {
            let state = try writer.read { db in
                (superseded: try migrator.hasBeenSuperseded(db),
                 migrations: try migrator.appliedIdentifiers(db),
                 tables: try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"))
            }
            if state.superseded {
                throw Self.newerSchemaError(path: path, migrations: state.migrations)
            }
            let isPaceStore = state.migrations.contains(StoreSchema.firstMigration)
            // GRDB creates its (empty) migrations table before the first migration's transaction: a
            // process killed in between leaves a file holding only that table, which is still a new store.
            let isUnmigrated = state.migrations.isEmpty && state.tables == ["grdb_migrations"]
            if !isPaceStore && !state.tables.isEmpty && !isUnmigrated {
                throw StoreError(code: .notAPaceStore,
                    message: "'\(path ?? ":memory:")' is an SQLite database but not a Pace health store (it has tables \(state.tables.sorted().prefix(3).joined(separator: ", "))). Open another file as the store; nothing was changed.",
                    path: path)
            }
            try migrator.migrate(writer)
            // A committed transaction is fsynced before the commit returns: the recording journal
            // acknowledges readings on that promise (docs/DECISIONS.md, "Journal durability").
            // The writer keeps up to 64 MiB of pages: large imports then update the indexes in memory.
            try writer.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = FULL")
                try db.execute(sql: "PRAGMA cache_size = -65536")
            }
            Self.logger.debug("Opened health store", metadata: ["path": "\(path ?? ":memory:")"])
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.openingError(error, path: path)
        }
    }

    static func openingError(_ error: any Error, path: String?) -> StoreError {
        let name = path ?? ":memory:"
        guard let error = error as? DatabaseError else {
            return StoreError(code: .cannotOpen, message: "Cannot open the store '\(name)': \(error).", path: path, cause: error)
        }
        switch error.resultCode {
        case .SQLITE_NOTADB:
            return StoreError(code: .notADatabase,
                message: "'\(name)' is not an SQLite database (is it the right file?). Open a Pace store or a new file instead; nothing was changed.",
                path: path, cause: error)
        case .SQLITE_CORRUPT:
            return StoreError(code: .corrupt,
                message: "The store '\(name)' is corrupt: \(error.message ?? "SQLite reported damage"). Restore it from a backup; nothing was changed.",
                path: path, cause: error)
        case .SQLITE_READONLY:
            return StoreError(code: .cannotOpen,
                message: "The store '\(name)' cannot be written: \(error.message ?? "it is read-only"). Check the permissions of the file and its folder, and that its disk is not mounted read-only; nothing was changed.",
                path: path, cause: error)
        case .SQLITE_BUSY:
            return StoreError(code: .database,
                message: "The store '\(name)' has been written by another process (an import, a recording or a server on the same file) for more than \(Int(busyLimit / 60)) minutes; nothing was changed. Try again when it is done.",
                path: path, cause: error)
        case .SQLITE_FULL:
            return StoreError(code: .database,
                message: "The disk holding the store '\(name)' is full. Free space on it, or move the store (--store FILE), then try again; what was being saved was rolled back.",
                path: path, cause: error)
        case .SQLITE_CANTOPEN, .SQLITE_PERM:
            return StoreError(code: .cannotOpen,
                message: "Cannot open the store '\(name)': \(error.message ?? "permission denied or missing directory"). Check the path and its permissions.",
                path: path, cause: error)
        default:
            return StoreError(code: .database,
                message: "SQLite failed on the store '\(name)': \(error.message ?? "\(error.resultCode)").",
                path: path, cause: error)
        }
    }

    /// Maps any error thrown inside an operation to a ``StoreError`` naming the store.
    func mapped(_ error: any Error) -> StoreError {
        if let error = error as? StoreError { return error }
        if error is CancellationError {
            return StoreError(code: .cancelled,
                message: "The operation on the store '\(location ?? ":memory:")' was cancelled before it ran; nothing was changed.",
                path: location, cause: error)
        }
        return Self.openingError(error, path: location)
    }

    /// Runs a read on one of the reader connections and maps its errors. The caller's task is
    /// suspended meanwhile: no thread of Swift's cooperative pool waits on SQLite.
    ///
    /// Built on GRDB's `asyncRead` and a continuation rather than its `async` `read`, whose
    /// cancellation handling cost about 90 µs a call here (docs/DECISIONS.md, 112).
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        if Task.isCancelled { throw mapped(CancellationError()) }
        let writer = self.writer
        let result: Result<T, any Error> = await withCheckedContinuation { continuation in
            writer.asyncRead { database in
                continuation.resume(returning: Result { try body(database.get()) })
            }
        }
        do { return try result.get() } catch { throw mapped(error) }
    }

    /// Runs `body` in one write transaction on the writer and maps its errors; the caller's task
    /// is suspended meanwhile (see ``read(_:)``).
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        if Task.isCancelled { throw mapped(CancellationError()) }
        let writer = self.writer
        let result: Result<T, any Error> = await withCheckedContinuation { continuation in
            writer.asyncWrite(body) { _, result in continuation.resume(returning: result) }
        }
        do { return try result.get() } catch { throw mapped(error) }
    }

    /// ``read(_:)`` for code that runs on a thread of its own, never on the cooperative pool: it
    /// blocks until done.
    func readBlocking<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try writer.read(body) } catch { throw mapped(error) }
    }

    /// ``write(_:)`` for code that runs on a thread of its own; it blocks until committed.
    func writeBlocking<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try writer.write(body) } catch { throw mapped(error) }
    }
}

extension SQLiteBackend {
    /// The error of a store whose schema holds migrations this build does not know (`migrations`:
    /// the identifiers it records; `path`: `nil` for a store in memory).
    static func newerSchemaError(path: String?, migrations: some Collection<String>) -> StoreError {
        StoreError(code: .newerSchema,
            message: "The store '\(path ?? ":memory:")' was written by a newer version of Pace (schema \(migrations.sorted().last ?? "?")). Upgrade Pace to open it; nothing was changed.",
            path: path)
    }
}
