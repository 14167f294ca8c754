import Foundation
package import PaceModel
package import PaceStore
import PostgresNIO

/// The protocol's *blocking* requirements. PostgresNIO is asynchronous only, so each one runs its
/// asynchronous twin in a task and waits for it on the caller's thread (`ThreadBridge.wait`) —
/// safe on a thread of the caller's own (an import's writer queue, a HealthKit app's thread), where
/// the protocol says they are called, and on the main thread (a main-actor task included: the main
/// thread is not one of the pool's). Called from a task on any other thread, waiting would hold a
/// thread of Swift's cooperative pool (on two cores, possibly every one of them) while the operation
/// needs one to run, so they refuse with ``StoreError/Code/database`` instead, saying to call the
/// async form.
extension PostgresBackend {
    package func saveBlocking(_ batch: HealthObjectBatch, skippingStoredSyncIdentifiers skipping: Bool) throws(StoreError) -> [Int] {
        try blocking("saveBlocking") { () async throws(StoreError) -> [Int] in
            try await save(batch, skippingStoredSyncIdentifiers: skipping)
        }
    }

    package func saveBlocking(_ series: [QuantitySeriesSample], then batch: HealthObjectBatch) throws(StoreError) {
        try blocking("saveBlocking") { () async throws(StoreError) in
            try await save(series, then: batch)
        }
    }

    package func storedSyncIdentifiers(_ ids: [String], sourceBundleIdentifier: String) throws(StoreError) -> Set<String> {
        guard !ids.isEmpty else { return [] }
        return try blocking("storedSyncIdentifiers") { () async throws(StoreError) -> Set<String> in
            try await transaction(kind: .read) { connection, account in
                var found = Set<String>()
                for try await id in try await connection.query("""
                    SELECT syncIdentifier FROM healthObject WHERE account = \(account)
                    AND sourceBundleIdentifier = \(sourceBundleIdentifier) AND syncIdentifier = ANY(\(ids))
                    """, logger: logger).decode(String.self) {
                    found.insert(id)
                }
                return found
            }
        }
    }

    package func shareStatusBlocking(client: String, type: HealthObjectType) throws(StoreError) -> AuthorizationStatus {
        try blocking("shareStatusBlocking") { () async throws(StoreError) -> AuthorizationStatus in
            try await shareStatus(client: client, type: type)
        }
    }

    package func canReadBlocking(client: String, type: HealthObjectType) throws(StoreError) -> Bool {
        try blocking("canReadBlocking") { () async throws(StoreError) -> Bool in try await canRead(client: client, type: type) }
    }

    package func characteristicsBlocking(_ types: [CharacteristicTypeIdentifier]) throws(StoreError) -> [StoredCharacteristic] {
        try blocking("characteristicsBlocking") { () async throws(StoreError) -> [StoredCharacteristic] in
            try await characteristics(types)
        }
    }

    /// Runs `operation` and waits for it on this thread, or refuses when this thread runs a task of
    /// the cooperative pool.
    private func blocking<T: Sendable>(_ name: String,
                                       _ operation: @escaping @Sendable () async throws(StoreError) -> T) throws(StoreError) -> T {
        try refuseOnThePool(name, advice: "Call the async form, or call it from a thread of your own.")
        return try ThreadBridge.wait(operation)
    }

    /// Throws when this thread runs a task of the cooperative pool, where `name` must not wait.
    func refuseOnThePool(_ name: String, advice: String) throws(StoreError) {
        let inTask = withUnsafeCurrentTask { $0 != nil }
        guard !inTask || Thread.isMainThread else {
            throw StoreError(code: .database,
                message: "\(name) waits on its caller's thread, and the PostgreSQL store (asynchronous only) cannot let it wait on a thread of Swift's concurrency pool. \(advice)")
        }
    }
}
