public import Foundation
public import PaceModel

extension AuthorizedStore {
    /// Statistics over the samples the client may read (HealthKit's `HKStatisticsQuery` run by an
    /// app); see ``HealthStore/statistics(for:predicate:options:sourcePriority:)``.
    ///
    /// - Throws: As the owner's query does.
    public func statistics(for type: QuantityTypeIdentifier, predicate: SamplePredicate = .all,
                           options: StatisticsOptions? = nil, sourcePriority: [String] = []) async throws(StoreError) -> QuantityStatistics
    {
        try await store.statistics(for: type, predicate: try await scoped(predicate, for: .quantity(type)),
                                   options: options, sourcePriority: sourcePriority)
    }

    /// A statistics collection over the samples the client may read (HealthKit's
    /// `HKStatisticsCollectionQuery` run by an app); see
    /// ``HealthStore/statisticsCollection(for:predicate:options:anchor:interval:from:to:calendar:sourcePriority:)``.
    ///
    /// - Throws: As the owner's query does.
    public func statisticsCollection(for type: QuantityTypeIdentifier, predicate: SamplePredicate = .all,
                                     options: StatisticsOptions? = nil, anchor: Date, interval: DateComponents,
                                     from: Date, to: Date, calendar: Calendar,
                                     sourcePriority: [String] = []) async throws(StoreError) -> StatisticsCollection
    {
        try await store.statisticsCollection(for: type, predicate: try await scoped(predicate, for: .quantity(type)),
                                             options: options, anchor: anchor, interval: interval, from: from, to: to,
                                             calendar: calendar, sourcePriority: sourcePriority)
    }

    /// The long-running statistics collection query as this client: the scope is taken when the
    /// sequence is made (a later permission change applies to the next query made).
    ///
    /// - Throws: As ``HealthStore/statisticsCollectionUpdates(for:predicate:options:anchor:interval:from:to:calendar:sourcePriority:)``.
    public func statisticsCollectionUpdates(for type: QuantityTypeIdentifier, predicate: SamplePredicate = .all,
                                            options: StatisticsOptions? = nil, anchor: Date, interval: DateComponents,
                                            from: Date, to: Date, calendar: Calendar,
                                            sourcePriority: [String] = []) async throws(StoreError) -> StatisticsCollectionUpdates
    {
        try store.statisticsCollectionUpdates(for: type, predicate: try await scoped(predicate, for: .quantity(type)),
                                              options: options, anchor: anchor, interval: interval, from: from, to: to,
                                              calendar: calendar, sourcePriority: sourcePriority)
    }

    /// The workouts the client may read, newest first (its own only without read permission on
    /// ``PaceModel/HealthObjectType/workout``).
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

    /// The routes of a workout that the client may read, oldest first (its own only without read
    /// permission on ``PaceModel/HealthObjectType/workoutRoute``).
    public func routes(forWorkout workoutID: UUID) async throws(StoreError) -> [WorkoutRoute] {
        let readable = try await canRead(.workoutRoute)
        return try await store.routes(forWorkout: workoutID, source: readable ? nil : client)
    }
}
