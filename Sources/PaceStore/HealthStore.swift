import CPaceSQLite
import Foundation
package import GRDB
import Logging

/// The health store: HealthKit's objects and rules on an SQLite file.
///
/// A `Sendable` value whose operations are `async`: each runs on the backend's own threads (for
/// files, SQLite in WAL mode through a pool of reader connections and one writer), never on a
/// thread of Swift's cooperative pool, so any number of tasks may read while one writes. Opening
/// is synchronous, like `FileHandle`'s: it migrates an empty file to the current schema and refuses,
/// without touching it, a file that is not SQLite, an SQLite database that is not a Pace store, or a
/// store from a newer Pace.
///
/// ```swift
/// let store = try HealthStore(path: StoreLocation.resolve())
/// try await store.save(workout)
/// let recent = try await store.workouts(limit: 10)
/// ```
public struct HealthStore: Sendable {
    /// The database connection(s) underneath: the SQLite backend's, visible to this package only
    /// (its own tests and benchmarks); nothing public exposes GRDB.
    package let writer: any DatabaseWriter
    /// The store file, or `nil` for an in-memory store.
    public let path: String?

    static let logger = Logger(label: "org.pace.store")

    /// Opens (creating if needed) the store at `path`, in WAL mode, and migrates it.
    ///
    /// - Parameter path: The SQLite file; its directory is created if missing.
    /// - Throws: ``StoreError`` with code ``StoreError/Code/notADatabase``,
    ///   ``StoreError/Code/notAPaceStore``, ``StoreError/Code/newerSchema``,
    ///   ``StoreError/Code/cannotOpen`` or ``StoreError/Code/corrupt``.
    public init(path: String) throws(StoreError) {
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
        configuration.busyMode = .timeout(10)
        configuration.label = "PaceStore"
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw Self.openingError(error, path: path)
        }
        try self.init(opening: pool, path: path)
    }

    /// Opens a store over an existing GRDB writer (for example a `DatabaseQueue`) and migrates it;
    /// for this package's tests and benchmarks.
    ///
    /// - Parameter writer: The connection to use.
    /// - Throws: ``StoreError`` as ``init(path:)`` does.
    package init(writer: any DatabaseWriter) throws(StoreError) {
        try self.init(opening: writer, path: nil)
    }

    /// Creates an empty store in memory, for tests and previews.
    ///
    /// - Throws: ``StoreError`` if SQLite cannot allocate it.
    public static func inMemory() throws(StoreError) -> HealthStore {
        _ = sqliteConfigured
        let queue: DatabaseQueue
        do { queue = try DatabaseQueue() } catch { throw openingError(error, path: nil) }
        return try HealthStore(writer: queue)
    }

    /// Whether SQLite took Pace's process-wide settings (no memory statistics, statement journals
    /// in memory up to 8 MiB; `pace_sqlite.h`). Evaluated once, before the first store opens;
    /// `false` when SQLite was already initialised by other code, which only makes bulk writes slower.
    static let sqliteConfigured: Bool = pace_sqlite_configure(8 << 20) == 0

    private init(opening writer: any DatabaseWriter, path: String?) throws(StoreError) {
        self.writer = writer
        self.path = path
        let migrator = StoreSchema.migrator
        do {
            let state = try writer.read { db in
                (superseded: try migrator.hasBeenSuperseded(db),
                 migrations: try migrator.appliedIdentifiers(db),
                 tables: try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"))
            }
            if state.superseded {
                throw StoreError(code: .newerSchema,
                    message: "The store '\(path ?? ":memory:")' was written by a newer version of Pace (schema \(state.migrations.sorted().last ?? "?")). Upgrade Pace to open it; nothing was changed.",
                    path: path)
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
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY:
            return StoreError(code: .cannotOpen,
                message: "Cannot open the store '\(name)': \(error.message ?? "permission denied or missing directory"). Check the path and its permissions.",
                path: path, cause: error)
        default:
            return StoreError(code: .database,
                message: "SQLite failed on the store '\(name)': \(error.message ?? "\(error.resultCode)").",
                path: path, cause: error)
        }
    }

    /// Maps any error thrown inside a store operation to a ``StoreError``.
    func mapped(_ error: any Error) -> StoreError {
        if let error = error as? StoreError { return error }
        if error is CancellationError {
            return StoreError(code: .cancelled,
                message: "The operation on the store '\(path ?? ":memory:")' was cancelled before it ran; nothing was changed.",
                path: path, cause: error)
        }
        return Self.openingError(error, path: path)
    }
}
