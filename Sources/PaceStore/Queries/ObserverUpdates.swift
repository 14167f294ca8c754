public import PaceModel
import GRDB

extension HealthStore {
    /// Notifications that objects of `type` were saved or deleted, until the consuming task is cancelled.
    ///
    /// Like HealthKit's observer query it says only *that* something changed: run an anchored
    /// query to learn what. Notifications are coalesced: several saves in quick succession may
    /// give one. Changes made before this call are not notified.
    ///
    /// ```swift
    /// for try await _ in try await store.observe(.quantity(.heartRate)) { refresh() }
    /// ```
    ///
    /// - Parameter type: The observed type.
    /// - Throws: ``StoreError`` if SQLite fails reading the starting point.
    public func observe(_ type: HealthObjectType) async throws(StoreError) -> ObserverUpdates {
        let baseline = try await read { db in try ObserverUpdates.state(of: type, source: nil, db) }
        return ObserverUpdates(store: self, type: type, source: nil, baseline: baseline)
    }
}

extension AuthorizedStore {
    /// Notifications that objects of `type` were saved or deleted, as this client may see them.
    ///
    /// With read permission on the type, every change is notified, as for the owner
    /// (``HealthStore/observe(_:)``). Without it the observer reveals nothing of other sources: it
    /// fires only when the client's own objects of the type are saved (deletions are not revealed,
    /// as in its anchored queries). The permission is read when observing starts.
    ///
    /// - Parameter type: The observed type.
    /// - Throws: ``StoreError`` if SQLite fails reading the starting point.
    public func observe(_ type: HealthObjectType) async throws(StoreError) -> ObserverUpdates {
        let (source, baseline) = try await store.read { db in
            let source = try scope(for: type, db: db).requiredSource
            return (source, try ObserverUpdates.state(of: type, source: source, db))
        }
        return ObserverUpdates(store: store, type: type, source: source, baseline: baseline)
    }
}

/// One observer notification: objects of ``type`` changed.
public struct ObserverNotification: Hashable, Sendable {
    /// The observed type.
    public var type: HealthObjectType
    /// The store's latest anchor of a change of this type when the change was noticed.
    public var anchor: Anchor
}

/// Observer notifications for one type: an `AsyncSequence` that ends when the consuming task is cancelled.
public struct ObserverUpdates: AsyncSequence, Sendable {
    /// One notification.
    public typealias Element = ObserverNotification

    let store: HealthStore
    let type: HealthObjectType
    /// Only this source's saves count (a client without read permission), when given.
    let source: String?
    let baseline: Int64

    /// The latest anchor of a save or deletion of `type`; with `source`, of a save by that source only.
    static func state(of type: HealthObjectType, source: String?, _ db: Database) throws -> Int64 {
        if let source {
            return try Int64.fetchOne(db, sql: """
                SELECT COALESCE(MAX(anchor), 0) FROM healthObject WHERE typeIdentifier = ? AND sourceBundleIdentifier = ?
                """, arguments: [type.identifier, source]) ?? 0
        }
        return try Int64.fetchOne(db, sql: """
            SELECT MAX(COALESCE((SELECT MAX(anchor) FROM healthObject WHERE typeIdentifier = ?1), 0),
                       COALESCE((SELECT MAX(anchor) FROM tombstone WHERE typeIdentifier = ?1), 0))
            """, arguments: [type.identifier]) ?? 0
    }

    /// Starts observing.
    public func makeAsyncIterator() -> AsyncIterator {
        let store = self.store, type = self.type, source = self.source, baseline = self.baseline
        let stream = ObservationStream.make { continuation in
            let states = ValueObservation
                .tracking { db in try Self.state(of: type, source: source, db) }
                .removeDuplicates()
                .values(in: store.writer, bufferingPolicy: .bufferingNewest(1))
            for try await state in states where state > baseline {
                continuation.yield(ObserverNotification(type: type, anchor: Anchor(rawValue: state)))
            }
        }
        return StoreUpdatesIterator(base: stream.makeAsyncIterator())
    }

    /// Gives the elements one by one; `nil` once the task is cancelled.
    public typealias AsyncIterator = StoreUpdatesIterator<ObserverNotification>
}
