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
        AnchoredObjectUpdates(store: self, queries: [query], limit: query.limit, client: nil)
    }

    /// The long-running form of an anchored query of several types
    /// (``anchoredObjects(_:limit:)``): each result holds the changes of all of them, in anchor order.
    public func anchoredObjectUpdates(_ queries: [AnchoredObjectQuery], limit: Int?) -> AnchoredObjectUpdates {
        AnchoredObjectUpdates(store: self, queries: queries, limit: limit, client: nil)
    }
}

extension AuthorizedStore {
    /// The long-running anchored object query as this client; see ``HealthStore/anchoredObjectUpdates(_:)``.
    ///
    /// Without read permission on the type, only the client's own additions and no deletions.
    public func anchoredObjectUpdates(_ query: AnchoredObjectQuery) -> AnchoredObjectUpdates {
        AnchoredObjectUpdates(store: store, queries: [query], limit: query.limit, client: self)
    }

    /// The long-running anchored query of several types as this client; see
    /// ``HealthStore/anchoredObjectUpdates(_:limit:)``.
    public func anchoredObjectUpdates(_ queries: [AnchoredObjectQuery], limit: Int?) -> AnchoredObjectUpdates {
        AnchoredObjectUpdates(store: store, queries: queries, limit: limit, client: self)
    }
}

/// Results of an anchored object query as the store changes: an `AsyncSequence` that ends when
/// the consuming task is cancelled and throws ``StoreError``.
public struct AnchoredObjectUpdates: AsyncSequence, Sendable {
    /// One result: additions, deletions and the anchor after them.
    public typealias Element = AnchoredObjectResult

    let store: HealthStore
    let queries: [AnchoredObjectQuery]
    let limit: Int?
    let client: AuthorizedStore?

    /// Starts observing the store.
    public func makeAsyncIterator() -> AsyncIterator {
        let store = self.store, client = self.client, start = queries, limit = self.limit
        let stream = ObservationStream.make(bufferingPolicy: .unbounded) { continuation in
            var queries = start
            var isFirst = true
            for try await _ in store.backend.commits(touching: .healthObjects) {
                repeat {
                    let result: AnchoredObjectResult
                    if queries.count == 1, let query = queries.first {
                        result = if let client { try await client.anchoredObjects(query) } else { try await store.anchoredObjects(query) }
                    } else {
                        result = if let client { try await client.anchoredObjects(queries, limit: limit) }
                            else { try await store.anchoredObjects(queries, limit: limit) }
                    }
                    for index in queries.indices { queries[index].anchor = result.anchor }
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
