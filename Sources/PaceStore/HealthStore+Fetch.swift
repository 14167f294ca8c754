public import Foundation
public import PaceModel

extension HealthStore {
    /// The stored object with this UUID, of any kind, or `nil`.
    ///
    /// - Throws: ``StoreError`` if SQLite fails or the stored row cannot be read.
    public func object(id: UUID) async throws(StoreError) -> HealthObject? {
        try await backend.object(id: id)
    }

    /// The stored objects among `ids`, of any kind, in the order of `ids` (the ones not stored left
    /// out), read in one transaction: what a sync push checks its objects against.
    ///
    /// - Throws: ``StoreError`` if the store fails or a stored row cannot be read.
    public func objects(ids: [UUID]) async throws(StoreError) -> [HealthObject] {
        try await backend.objects(ids: ids)
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
        try await backend.routes(forWorkout: workoutID, source: source)
    }

    /// Stored workouts, newest first (by start date).
    ///
    /// - Parameters:
    ///   - activityType: Only workouts of this activity, when given.
    ///   - limit: At most this many, when given.
    public func workouts(activityType: WorkoutActivityType? = nil, limit: Int? = nil) async throws(StoreError) -> [Workout] {
        let predicate: SamplePredicate = activityType.map { .activityType($0) } ?? .all
        return try await samples(matching: .workout, predicate: predicate, sort: [.startDate(ascending: false)], limit: limit)
            .compactMap { object in
                if case .workout(let workout) = object { return workout }
                return nil
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
        try await backend.currentAnchor()
    }

    /// The anchor of the change that saved the object, or `nil` if it is not stored.
    public func anchor(of id: UUID) async throws(StoreError) -> Anchor? {
        try await backend.anchor(of: id)
    }

    /// What was saved and deleted after `anchor`, of every type, read in one consistent snapshot.
    ///
    /// The public change feed is ``anchoredObjects(_:)`` (HealthKit's anchored object query, per
    /// type, with store-checked anchors); this store-wide listing of the same anchors is for the
    /// package's own checks (tombstones across types, anchors after a bulk save).
    ///
    /// - Parameter anchor: The anchor a previous call returned, or ``Anchor/initial``.
    package func changes(after anchor: Anchor) async throws(StoreError) -> StoreChanges {
        try await backend.changes(after: anchor)
    }
}
