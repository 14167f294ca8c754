package import Logging
import PaceModel
package import PaceStore
package import PostgresNIO

extension PostgresSchema {
    /// One client's migration, shared by every opening through that client.
    private final class SharedMigration: Sendable {
        /// The client; `nil` once it is gone (the entry is then dropped).
        weak let client: PostgresClient?
        /// The migration, run once.
        let task: Task<Result<Void, StoreError>, Never>

        init(client: PostgresClient, task: Task<Result<Void, StoreError>, Never>) {
            self.client = client
            self.task = task
        }
    }

    /// The migrations started in this process, one per live client.
    private static let shared = Locked<[SharedMigration]>([])

    /// Brings the schema up to date once per client: concurrent openings through one
    /// `PostgresClient` in this process wait for one migration (``migrate(client:logger:)``) instead
    /// of queueing each on the schema's advisory lock, and once it succeeded no opening through that
    /// client checks again. A failed migration is not kept: the next opening tries again.
    ///
    /// - Throws: What ``migrate(client:logger:)`` throws.
    package static func ensureMigrated(client: PostgresClient, logger: Logger) async throws(StoreError) {
        let task = shared.withLock { entries -> Task<Result<Void, StoreError>, Never> in
            entries.removeAll { $0.client == nil }
            if let entry = entries.first(where: { $0.client === client }) { return entry.task }
            let task = Task<Result<Void, StoreError>, Never> {
                do throws(StoreError) {
                    _ = try await migrate(client: client, logger: logger)
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
            entries.append(SharedMigration(client: client, task: task))
            return task
        }
        if case .failure(let error) = await task.value {
            shared.withLock { $0.removeAll { $0.task == task } }
            throw error
        }
    }
}
