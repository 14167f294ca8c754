public import Foundation
public import PaceModel
import GRDB

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
        let id = StoreCoding.text(query.routeID)
        let visibility = try await store.read { db -> (exists: Bool, visible: Bool) in
            guard let source = try String.fetchOne(db, sql: """
                SELECT o.sourceBundleIdentifier FROM workoutRoute r JOIN healthObject o ON o.uuid = r.uuid WHERE r.uuid = ?
                """, arguments: [id]) else { return (false, false) }
            guard let client else { return (true, true) }
            return (true, try source == client.client || client.canRead(.workoutRoute, db: db))
        }
        if client != nil && !visibility.visible {
            self.isHidden = true
            return
        }
        guard visibility.exists else {
            throw StoreError(code: .objectNotFound,
                message: "No stored route has the UUID \(id). List a workout's routes with routes(forWorkout:).",
                path: store.path)
        }
    }

    mutating func next() async throws(StoreError) -> RouteLocationBatch? {
        guard !isDone else { return nil }
        if isHidden {
            isDone = true
            return RouteLocationBatch(locations: [], isDone: true)
        }
        var sql = """
            SELECT position, timestamp, latitude, longitude, altitude, speed, course,
                   horizontalAccuracy, verticalAccuracy, speedAccuracy, courseAccuracy
            FROM routeLocation WHERE routeUUID = ? AND position > ?
            """
        var arguments: StatementArguments = [StoreCoding.text(query.routeID), lastPosition]
        if let interval = query.interval {
            sql += " AND timestamp >= ? AND timestamp <= ?"
            arguments += [StoreCoding.value(interval.start), StoreCoding.value(interval.end)]
        }
        sql += " ORDER BY position LIMIT \(query.batchSize + 1)"
        let batchSize = query.batchSize, statement = sql, values = arguments
        // One more row than the batch tells whether this batch is the last; columns by index (a hot loop).
        let (locations, reached, fetched) = try await store.read { db in
            var locations: [RouteLocation] = []
            locations.reserveCapacity(batchSize)
            var reached: Int64?
            var fetched = 0
            let rows = try Row.fetchCursor(db, sql: statement, arguments: values)
            while let row = try rows.next() {
                fetched += 1
                guard fetched <= batchSize else { break }
                reached = row[0]
                locations.append(RouteLocation(
                    timestamp: StoreCoding.date(row[1]), latitude: row[2], longitude: row[3], altitude: row[4],
                    speed: row[5], course: row[6], horizontalAccuracy: row[7], verticalAccuracy: row[8],
                    speedAccuracy: row[9], courseAccuracy: row[10]))
            }
            return (locations, reached, fetched)
        }
        lastPosition = reached ?? lastPosition
        isDone = fetched <= batchSize
        return RouteLocationBatch(locations: locations, isDone: isDone)
    }
}
