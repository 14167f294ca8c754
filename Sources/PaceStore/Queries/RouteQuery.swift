public import Foundation
public import PaceModel

/// One batch of a stored route's locations, in recorded order.
public struct RouteLocationBatch: Hashable, Sendable {
    /// The locations of this batch (WGS-84 degrees, metres, m/s; see ``PaceModel/RouteLocation``).
    public var locations: [RouteLocation]
    /// Whether this is the last batch.
    public var isDone: Bool
}

/// What a route query reads: one route's locations, optionally within an interval, in batches.
public struct RouteQuery: Hashable, Sendable {
    /// The route's UUID.
    public var routeID: UUID
    /// Only locations whose timestamp lies in this interval (ends included), when given.
    public var interval: DateInterval?
    /// Locations per batch (1,000 by default); must be ≥ 1.
    public var batchSize: Int

    /// Creates a query.
    public init(routeID: UUID, interval: DateInterval? = nil, batchSize: Int = 1000) {
        precondition(batchSize >= 1, "A route query's batch size must be at least 1.")
        self.routeID = routeID
        self.interval = interval
        self.batchSize = batchSize
    }
}

extension HealthStore {
    /// Reads a stored route's locations batch by batch, as HealthKit's route query does.
    ///
    /// Each batch is one short read of at most ``RouteQuery/batchSize`` rows (keyset on the
    /// location's position), so a route of any length is never loaded whole. The handler returns
    /// `false` to stop early; the last batch has ``RouteLocationBatch/isDone`` set.
    ///
    /// ```swift
    /// try await store.routeLocations(RouteQuery(routeID: route.id)) { batch in draw(batch.locations); return true }
    /// ```
    ///
    /// - Parameters:
    ///   - query: The route, interval and batch size.
    ///   - handler: Called with each batch; returns whether to continue.
    /// - Throws: ``StoreError/Code/objectNotFound`` if no route has this UUID, or if SQLite fails;
    ///   errors thrown by `handler` are rethrown as they are.
    public func routeLocations(_ query: RouteQuery, handler: (RouteLocationBatch) throws -> Bool) async throws {
        var cursor = try await RouteLocationCursor(store: self, query: query, client: nil)
        while let batch = try await cursor.next() {
            guard try handler(batch) else { return }
        }
    }

    /// The batches of a stored route's locations as an `AsyncSequence`; break out of the loop to stop.
    ///
    /// ```swift
    /// for try await batch in store.routeLocationBatches(RouteQuery(routeID: id)) { … }
    /// ```
    ///
    /// - Parameter query: The route, interval and batch size.
    /// - Returns: A sequence throwing ``StoreError`` (``StoreError/Code/objectNotFound`` if the route is not stored).
    public func routeLocationBatches(_ query: RouteQuery) -> RouteLocationBatches {
        RouteLocationBatches(store: self, query: query, client: nil)
    }
}

/// A stored route's locations in batches; each iteration step reads one batch.
public struct RouteLocationBatches: AsyncSequence, Sendable {
    /// One batch.
    public typealias Element = RouteLocationBatch

    let store: HealthStore
    let query: RouteQuery
    let client: AuthorizedStore?

    /// Starts reading.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(store: store, query: query, client: client) }

    /// Reads the batches one by one.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let store: HealthStore
        let query: RouteQuery
        let client: AuthorizedStore?
        var cursor: RouteLocationCursor?

        /// The next batch, or `nil` after the last one or once the task is cancelled.
        ///
        /// - Throws: ``StoreError``.
        public mutating func next() async throws -> RouteLocationBatch? {
            if Task.isCancelled { return nil }
            if cursor == nil { cursor = try await RouteLocationCursor(store: store, query: query, client: client) }
            return try await cursor?.next()
        }
    }
}

/// The position reached in a route; reads the next batch on demand.
struct RouteLocationCursor: Sendable {
    let store: HealthStore
    let query: RouteQuery
    private var lastPosition: Int64 = -1
    private var isDone = false
    private var isHidden = false

    /// Checks that the route is stored; for a client, a route it may not see reads as one empty, last batch.
    init(store: HealthStore, query: RouteQuery, client: AuthorizedStore?) async throws(StoreError) {
        self.store = store
        self.query = query
        let source = try await store.backend.routeOwner(query.routeID)?.source
        var visible = source != nil
        if let client, let source, source != client.client {
            visible = try await store.backend.canRead(client: client.client, type: .workoutRoute)
        }
        let visibility = (exists: source != nil, visible: visible)
        if client != nil && !visibility.visible {
            self.isHidden = true
            return
        }
        guard visibility.exists else {
            throw StoreError(code: .objectNotFound,
                message: "No stored route has the UUID \(query.routeID.uuidString). List a workout's routes with routes(forWorkout:).",
                path: store.path)
        }
    }

    mutating func next() async throws(StoreError) -> RouteLocationBatch? {
        guard !isDone else { return nil }
        if isHidden {
            isDone = true
            return RouteLocationBatch(locations: [], isDone: true)
        }
        let page = try await store.backend.routeLocations(query.routeID, after: lastPosition, interval: query.interval,
                                                          limit: query.batchSize)
        lastPosition = page.lastPosition ?? lastPosition
        isDone = !page.hasMore
        return RouteLocationBatch(locations: page.locations, isDone: isDone)
    }
}
