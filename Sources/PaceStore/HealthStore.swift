import Foundation
import Logging

/// The health store: HealthKit's objects and rules over a database backend (SQLite by default).
///
/// A `Sendable` value whose operations are `async`: each runs on the backend's own threads (for
/// files, SQLite in WAL mode through a pool of reader connections and one writer), never on a
/// thread of Swift's cooperative pool, so any number of tasks may read while one writes. Opening
/// is synchronous, like `FileHandle`'s: it migrates an empty file to the current schema and refuses,
/// without touching it, a file that is not SQLite, an SQLite database that is not a Pace store, or a
/// store from a newer Pace.
///
/// The rules that need no database — validation, predicates, permissions and read scopes — are
/// here; the backend (``HealthStoreBackend``) stores and queries.
///
/// ```swift
/// let store = try HealthStore(path: StoreLocation.resolve())
/// try await store.save(workout)
/// let recent = try await store.workouts(limit: 10)
/// ```
public struct HealthStore: Sendable {
    /// The database underneath, visible to this package only.
    package let backend: any HealthStoreBackend

    /// The store file, or `nil` for an in-memory store.
    public var path: String? { backend.location }

    static let logger = Logger(label: "org.pace.store")

    /// Opens (creating if needed) the SQLite store at `path`, in WAL mode, and migrates it.
    ///
    /// - Parameter path: The SQLite file; its directory is created if missing.
    /// - Throws: ``StoreError`` with code ``StoreError/Code/notADatabase``,
    ///   ``StoreError/Code/notAPaceStore``, ``StoreError/Code/newerSchema``,
    ///   ``StoreError/Code/cannotOpen`` or ``StoreError/Code/corrupt``.
    public init(path: String) throws(StoreError) {
        self.init(backend: try SQLiteBackend(path: path))
    }

    /// A store over any backend (this package's backends and their tests).
    ///
    /// - Parameter backend: The opened, migrated backend.
    package init(backend: any HealthStoreBackend) {
        self.backend = backend
    }

    /// Creates an empty store in memory, for tests and previews.
    ///
    /// - Throws: ``StoreError`` if SQLite cannot allocate it.
    public static func inMemory() throws(StoreError) -> HealthStore {
        HealthStore(backend: try SQLiteBackend.inMemory())
    }

    /// Adds the store's location to an error raised above the backend.
    func located(_ error: StoreError) -> StoreError {
        var error = error
        if error.path == nil { error.path = path }
        return error
    }
}
