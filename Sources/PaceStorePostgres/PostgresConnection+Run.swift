package import Logging
package import PostgresNIO

extension PostgresConnection {
    /// Runs a statement whose rows, if any, are not wanted, and waits until it completed: its rows
    /// are drained, so that its errors are thrown here and the connection is ready for the next.
    func run(_ query: PostgresQuery, logger: Logger) async throws {
        for try await _ in try await self.query(query, logger: logger) {}
    }

    /// The rows of `query`, all read.
    func rows(_ query: PostgresQuery, logger: Logger) async throws -> [PostgresRow] {
        try await self.query(query, logger: logger).collect()
    }

    /// Ends a failed transaction: `ROLLBACK`, run even when the task is cancelled; when that fails
    /// too, the connection is closed, so that it never goes back to its pool inside a transaction
    /// (where it would keep its row and advisory locks, and every later writer of the account, or
    /// every migration, would wait for it).
    package func rollBackOrClose(logger: Logger) async {
        let connection = self
        let rolledBack = await Task.detached { () -> Bool in
            do {
                try await connection.run("ROLLBACK", logger: logger)
                return true
            } catch {
                return false
            }
        }.value
        if !rolledBack {
            logger.warning("A failed transaction could not be rolled back; its connection is closed")
            try? await close()
        }
    }
}
