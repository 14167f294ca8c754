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
    /// for try await _ in try store.observe(.quantity(.heartRate)) { refresh() }
    /// ```
    ///
    /// - Parameter type: The observed type.
    /// - Throws: ``StoreError`` if SQLite fails reading the starting point.
    public func observe(_ type: HealthObjectType) throws(StoreError) -> ObserverUpdates {
        let baseline = try read { db in try ObserverUpdates.state(of: type, db) }
        return ObserverUpdates(store: self, type: type, baseline: baseline)
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
    let baseline: Int64

    /// The latest anchor of a save or deletion of `type`.
    static func state(of type: HealthObjectType, _ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: """
            SELECT MAX(COALESCE((SELECT MAX(anchor) FROM healthObject WHERE typeIdentifier = ?1), 0),
                       COALESCE((SELECT MAX(anchor) FROM tombstone WHERE typeIdentifier = ?1), 0))
            """, arguments: [type.identifier]) ?? 0
    }

    /// Starts observing.
    public func makeAsyncIterator() -> AsyncIterator {
        let (stream, continuation) = AsyncThrowingStream<ObserverNotification, any Error>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let store = self.store, type = self.type, baseline = self.baseline
        let task = Task {
            let states = ValueObservation
                .tracking { db in try Self.state(of: type, db) }
                .removeDuplicates()
                .values(in: store.writer, bufferingPolicy: .bufferingNewest(1))
            do {
                for try await state in states where state > baseline {
                    continuation.yield(ObserverNotification(type: type, anchor: Anchor(rawValue: state)))
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return StoreUpdatesIterator(base: stream.makeAsyncIterator())
    }

    /// Gives the elements one by one; `nil` once the task is cancelled.
    public typealias AsyncIterator = StoreUpdatesIterator<ObserverNotification>
}
