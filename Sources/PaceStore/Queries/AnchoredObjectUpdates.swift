import PaceModel

extension HealthStore {
    /// The long-running form of an anchored object query: the initial result, then one result
    /// each time matching objects are saved or deleted, until the consuming task is cancelled.
    ///
    /// Changes are noticed for writes through this store's connection(s) in this process
    /// (the backend's commit notifications) and read from the last anchor, so none
    /// is lost or repeated; several quick writes may arrive as one result. A limit on the query
    /// pages the initial result and each update.
    ///
    /// ```swift
    /// for try await update in store.anchoredObjectUpdates(AnchoredObjectQuery(type: .workout)) {
    ///     show(update.added); forget(update.deleted); saved = update.anchor
    /// }
    /// ```
    ///
    /// - Parameter query: The query; its anchor is where the updates start.
    /// - Returns: A sequence that throws ``StoreError`` (e.g. ``StoreError/Code/foreignAnchor``).
    public func anchoredObjectUpdates(_ query: AnchoredObjectQuery) -> AnchoredObjectUpdates {
        AnchoredObjectUpdates(store: self, query: query, client: nil)
    }
}

extension AuthorizedStore {
    /// The long-running anchored object query as this client; see ``HealthStore/anchoredObjectUpdates(_:)``.
    ///
    /// Without read permission on the type, only the client's own additions and no deletions.
    public func anchoredObjectUpdates(_ query: AnchoredObjectQuery) -> AnchoredObjectUpdates {
        AnchoredObjectUpdates(store: store, query: query, client: self)
    }
}

/// Results of an anchored object query as the store changes: an `AsyncSequence` that ends when
/// the consuming task is cancelled and throws ``StoreError``.
public struct AnchoredObjectUpdates: AsyncSequence, Sendable {
    /// One result: additions, deletions and the anchor after them.
    public typealias Element = AnchoredObjectResult

    let store: HealthStore
    let query: AnchoredObjectQuery
    let client: AuthorizedStore?

    /// Starts observing the store.
    public func makeAsyncIterator() -> AsyncIterator {
        let store = self.store, client = self.client, start = query
        let stream = ObservationStream.make(bufferingPolicy: .unbounded) { continuation in
            var query = start
            var isFirst = true
            for try await _ in store.backend.commits(touching: .healthObjects) {
                repeat {
                    let result = if let client { try await client.anchoredObjects(query) } else { try await store.anchoredObjects(query) }
                    query.anchor = result.anchor
                    if isFirst || !result.isEmpty { continuation.yield(result) }
                    isFirst = false
                    if !result.hasMore { break }
                } while !Task.isCancelled
            }
        }
        return StoreUpdatesIterator(base: stream.makeAsyncIterator())
    }

    /// Gives the elements one by one; `nil` once the task is cancelled.
    public typealias AsyncIterator = StoreUpdatesIterator<AnchoredObjectResult>
}
