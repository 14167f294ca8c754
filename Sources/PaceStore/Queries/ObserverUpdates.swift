public import PaceModel

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
        let baseline = try await backend.latestChange(of: type, source: nil)
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
        let source = try await scope(for: type).requiredSource
        let baseline = try await store.backend.latestChange(of: type, source: source)
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
    let baseline: Anchor

    /// Starts observing.
    public func makeAsyncIterator() -> AsyncIterator {
        let store = self.store, type = self.type, source = self.source, baseline = self.baseline
        let stream = ObservationStream.make { continuation in
            var last = baseline
            for try await _ in store.backend.commits(touching: .healthObjects) {
                let latest = try await store.backend.latestChange(of: type, source: source)
                guard latest > last else { continue }
                last = latest
                continuation.yield(ObserverNotification(type: type, anchor: latest))
            }
        }
        return StoreUpdatesIterator(base: stream.makeAsyncIterator())
    }

    /// Gives the elements one by one; `nil` once the task is cancelled.
    public typealias AsyncIterator = StoreUpdatesIterator<ObserverNotification>
}
