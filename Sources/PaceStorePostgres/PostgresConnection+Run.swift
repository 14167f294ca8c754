import Logging
import PostgresNIO

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
}
