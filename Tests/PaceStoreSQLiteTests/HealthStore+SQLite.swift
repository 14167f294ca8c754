import GRDB
@testable import PaceStore

extension HealthStore {
    /// The SQLite connection under a store these tests opened (always on the SQLite backend), for
    /// the tests that check the backend's own tables, pragmas and triggers.
    var writer: any DatabaseWriter {
        guard let backend = backend as? SQLiteBackend else {
            preconditionFailure("PaceStoreSQLiteTests open their stores on the SQLite backend")
        }
        return backend.writer
    }
}
