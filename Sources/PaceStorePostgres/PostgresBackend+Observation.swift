package import PaceStore
import PostgresNIO

extension PostgresBackend {
    /// Commit notifications through PostgreSQL's `LISTEN`/`NOTIFY`: every write transaction that
    /// changes health objects or activity summaries sends `pg_notify` on the account's channel with
    /// the areas it changed (``StoreAreas`` bits), which PostgreSQL delivers at commit, to listeners
    /// in this process or any other. The stream holds one pooled connection while it is iterated; its
    /// first element follows the `LISTEN`, so no commit after it goes unnoticed.
    package func commits(touching areas: StoreAreas) -> AsyncThrowingStream<Void, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Void, any Error>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let client = self.client, channel = self.channel, logger = self.logger
        let listener = Task {
            do {
                try await client.withConnection { (connection: PostgresConnection) async throws -> Void in
                    try await connection.listen(on: channel) { notifications in
                        continuation.yield()
                        for try await notification in notifications {
                            let changed = StoreAreas(rawValue: Int(notification.payload) ?? StoreAreas.healthObjects.union(.activitySummaries).rawValue)
                            if !changed.isDisjoint(with: areas) { continuation.yield() }
                        }
                    }
                }
                continuation.finish()
            } catch is CancellationError {
                continuation.finish()
            } catch {
                if Task.isCancelled { continuation.finish() } else {
                    logger.debug("The commit listener stopped", metadata: ["error": "\(error)"])
                    continuation.finish(throwing: mapped(error))
                }
            }
        }
        continuation.onTermination = { _ in listener.cancel() }
        return stream
    }
}
