import PostgresNIO
package import Foundation
package import PaceStore

extension PostgresBackend {
    /// A writer in a write transaction on `connection`.
    func writer(_ connection: PostgresConnection, _ account: String) async throws -> PostgresObjectWriter {
        try await PostgresObjectWriter(connection: connection, account: account, channel: channel, logger: logger)
    }

    package func save(_ batch: HealthObjectBatch, skippingStoredSyncIdentifiers skipping: Bool) async throws(StoreError) -> [Int] {
        try await transaction(kind: .write) { connection, account in
            let writer = try await writer(connection, account)
            let skipped = try await writer.insert(batch, skipping: skipping)
            try await writer.finish()
            return skipped
        }
    }

    package func delete(ids: [UUID]) async throws(StoreError) -> Int {
        try await transaction(kind: .write) { connection, account in
            let writer = try await writer(connection, account)
            var count = 0
            for id in ids {
                if try await writer.delete(id: id) { count += 1 }
            }
            try await writer.finish()
            return count
        }
    }

    package func save(_ batch: HealthObjectBatch, deleting ids: [UUID]) async throws(StoreError) -> Int {
        try await transaction(kind: .write) { connection, account in
            let writer = try await writer(connection, account)
            _ = try await writer.insert(batch, skipping: false)
            var count = 0
            for id in ids {
                if try await writer.delete(id: id) { count += 1 }
            }
            try await writer.finish()
            return count
        }
    }

    package func associate(samples sampleIDs: [UUID], with workoutID: UUID) async throws(StoreError) {
        try await transaction(kind: .write) { connection, account in
            try await writer(connection, account).associate(samples: sampleIDs, with: workoutID)
        }
    }

    package func associateSamplesByTime(withWorkouts workoutIDs: [UUID]) async throws(StoreError) -> Int {
        try await transaction(kind: .write) { connection, account in
            try await writer(connection, account).associateByTime(workouts: workoutIDs)
        }
    }
}
