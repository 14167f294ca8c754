public import Foundation
public import PaceModel
import GRDB

extension HealthStore {
    /// The stored object with this UUID, of any kind, or `nil`.
    ///
    /// - Throws: ``StoreError`` if SQLite fails or the stored row cannot be read.
    public func object(id: UUID) async throws(StoreError) -> HealthObject? {
        try await read { db in try ObjectReader(db: db).object(id: StoreCoding.text(id)) }
    }

    /// The stored workout with this UUID, or `nil` (also when the UUID names another kind).
    public func workout(id: UUID) async throws(StoreError) -> Workout? {
        if case .workout(let workout)? = try await object(id: id) { return workout }
        return nil
    }

    /// The stored quantity sample with this UUID, or `nil`.
    public func quantitySample(id: UUID) async throws(StoreError) -> QuantitySample? {
        if case .quantitySample(let sample)? = try await object(id: id) { return sample }
        return nil
    }

    /// The stored category sample with this UUID, or `nil`.
    public func categorySample(id: UUID) async throws(StoreError) -> CategorySample? {
        if case .categorySample(let sample)? = try await object(id: id) { return sample }
        return nil
    }

    /// The stored route with this UUID, with all its locations, or `nil`.
    public func route(id: UUID) async throws(StoreError) -> WorkoutRoute? {
        if case .workoutRoute(let route)? = try await object(id: id) { return route }
        return nil
    }

    /// The routes of a workout, oldest first.
    public func routes(forWorkout workoutID: UUID) async throws(StoreError) -> [WorkoutRoute] {
        try await routes(forWorkout: workoutID, source: nil)
    }

    /// ``routes(forWorkout:)`` of one source only (`nil`: every source), scoped in the query.
    func routes(forWorkout workoutID: UUID, source: String?) async throws(StoreError) -> [WorkoutRoute] {
        try await read { db in
            var sql = """
                SELECT r.uuid FROM workoutRoute r JOIN healthObject o ON o.uuid = r.uuid
                WHERE r.workoutUUID = ?
                """
            var arguments: StatementArguments = [StoreCoding.text(workoutID)]
            if let source {
                sql += " AND o.sourceBundleIdentifier = ?"
                arguments += [source]
            }
            sql += " ORDER BY o.startDate, o.anchor"
            let reader = ObjectReader(db: db)
            return try String.fetchAll(db, sql: sql, arguments: arguments).compactMap { id -> WorkoutRoute? in
                if case .workoutRoute(let route)? = try reader.object(id: id) { return route }
                return nil
            }
        }
    }

    /// Stored workouts, newest first (by start date).
    ///
    /// - Parameters:
    ///   - activityType: Only workouts of this activity, when given.
    ///   - limit: At most this many, when given.
    public func workouts(activityType: WorkoutActivityType? = nil, limit: Int? = nil) async throws(StoreError) -> [Workout] {
        try await read { db in
            var sql = "SELECT o.uuid FROM healthObject o JOIN workout w ON w.uuid = o.uuid"
            var arguments: StatementArguments = []
            if let activityType {
                sql += " WHERE w.activityType = ?"
                arguments += [Int64(activityType.rawValue)]
            }
            sql += " ORDER BY o.startDate DESC, o.anchor DESC"
            if let limit { sql += " LIMIT \(max(0, limit))" }
            let reader = ObjectReader(db: db)
            return try String.fetchAll(db, sql: sql, arguments: arguments).compactMap { id -> Workout? in
                if case .workout(let workout)? = try reader.object(id: id) { return workout }
                return nil
            }
        }
    }

    /// Stored quantity samples of one type in an interval, oldest first; see ``samples(of:from:to:limit:)``.
    ///
    /// - Parameters:
    ///   - type: The quantity type.
    ///   - start: The interval's start, when given.
    ///   - end: The interval's end (excluded), when given.
    public func quantitySamples(of type: QuantityTypeIdentifier, from start: Date? = nil, to end: Date? = nil)
        async throws(StoreError) -> [QuantitySample]
    {
        try await quantitySamples(matching: type, predicate: .date(from: start, to: end))
    }

    /// Stored objects of one type in an interval, oldest first: ``samples(matching:predicate:sort:limit:)``
    /// with ``SamplePredicate/date(from:to:options:)``, HealthKit's rule (an object counts if it
    /// overlaps `[start, end)`; an instant counts at `start`, not at `end`).
    ///
    /// - Parameters:
    ///   - type: Any sample type, or the workout or route type.
    ///   - start: The interval's start, when given.
    ///   - end: The interval's end (excluded), when given.
    ///   - limit: At most this many, the oldest, when given.
    /// - Throws: ``StoreError/Code/invalidDateRange`` when `end` is before `start`, or if SQLite fails.
    public func samples(of type: HealthObjectType, from start: Date? = nil, to end: Date? = nil, limit: Int? = nil)
        async throws(StoreError) -> [HealthObject]
    {
        try await samples(matching: type, predicate: .date(from: start, to: end), limit: limit)
    }

    /// The anchor of the latest change (``Anchor/initial`` for an empty store).
    public func currentAnchor() async throws(StoreError) -> Anchor {
        try await read { db in Anchor(rawValue: try Int64.fetchOne(db, sql: "SELECT lastAnchor FROM storeState") ?? 0) }
    }

    /// The anchor of the change that saved the object, or `nil` if it is not stored.
    public func anchor(of id: UUID) async throws(StoreError) -> Anchor? {
        try await read { db in
            try Int64.fetchOne(db, sql: "SELECT anchor FROM healthObject WHERE uuid = ?", arguments: [StoreCoding.text(id)])
                .map(Anchor.init(rawValue:))
        }
    }

    /// What was saved and deleted after `anchor`, of every type, read in one consistent snapshot.
    ///
    /// The public change feed is ``anchoredObjects(_:)`` (HealthKit's anchored object query, per
    /// type, with store-checked anchors); this store-wide listing of the same anchors is for the
    /// package's own checks (tombstones across types, anchors after a bulk save).
    ///
    /// - Parameter anchor: The anchor a previous call returned, or ``Anchor/initial``.
    package func changes(after anchor: Anchor) async throws(StoreError) -> StoreChanges {
        try await read { db in
            let saved = try Row.fetchAll(db, sql: """
                SELECT uuid, typeIdentifier, anchor FROM healthObject WHERE anchor > ? ORDER BY anchor
                """, arguments: [anchor.rawValue]).map { row in
                StoredObjectReference(id: try StoreCoding.uuid(row["uuid"]),
                                      objectType: try StoreCoding.objectType(row["typeIdentifier"]),
                                      anchor: Anchor(rawValue: row["anchor"]))
            }
            let deleted = try Row.fetchAll(db, sql: """
                SELECT uuid, typeIdentifier, deletedAt, anchor FROM tombstone WHERE anchor > ? ORDER BY anchor
                """, arguments: [anchor.rawValue]).map { row in
                Tombstone(id: try StoreCoding.uuid(row["uuid"]),
                          objectType: try StoreCoding.objectType(row["typeIdentifier"]),
                          deletedAt: StoreCoding.date(row["deletedAt"]),
                          anchor: Anchor(rawValue: row["anchor"]))
            }
            let latest = Anchor(rawValue: try Int64.fetchOne(db, sql: "SELECT lastAnchor FROM storeState") ?? 0)
            return StoreChanges(saved: saved, deleted: deleted, anchor: latest)
        }
    }

    /// Runs a read on one of the backend's reader connections and maps its errors. The caller's
    /// task is suspended meanwhile: no thread of Swift's cooperative pool waits on SQLite.
    ///
    /// Built on GRDB's `asyncRead` and a continuation rather than its `async` `read`, whose
    /// cancellation handling cost about 90 µs a call here (docs/DECISIONS.md, 112).
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        if Task.isCancelled { throw mapped(CancellationError()) }
        let writer = self.writer
        let result: Result<T, any Error> = await withCheckedContinuation { continuation in
            writer.asyncRead { database in
                continuation.resume(returning: Result { try body(database.get()) })
            }
        }
        do { return try result.get() } catch { throw mapped(error) }
    }

    /// Runs `body` in one write transaction on the backend's writer and maps its errors; the
    /// caller's task is suspended meanwhile (see ``read(_:)``).
    ///
    /// Built on GRDB's `asyncWrite` and a continuation, as ``read(_:)`` is.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        if Task.isCancelled { throw mapped(CancellationError()) }
        let writer = self.writer
        let result: Result<T, any Error> = await withCheckedContinuation { continuation in
            writer.asyncWrite(body) { _, result in continuation.resume(returning: result) }
        }
        do { return try result.get() } catch { throw mapped(error) }
    }

    /// ``read(_:)`` for package code that runs on a thread of its own (the Apple Health import's
    /// writer queue), never on the cooperative pool: it blocks until done.
    func readBlocking<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try writer.read(body) } catch { throw mapped(error) }
    }

    /// ``write(_:)`` for package code that runs on a thread of its own; it blocks until committed.
    func writeBlocking<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try writer.write(body) } catch { throw mapped(error) }
    }
}
