public import Foundation
public import PaceModel

extension AuthorizedStore {
    /// The stored activity summaries from `start` through `end`, when the client may read
    /// ``PaceModel/HealthObjectType/activitySummary``; none otherwise, as when none is stored.
    ///
    /// As in HealthKit, clients only read summaries: there is no client setter.
    ///
    /// ```swift
    /// try await app.requestAuthorization(toShare: [], read: [.activitySummary]) { _, _ in true }
    /// let week = try await app.activitySummaries(from: monday, through: sunday)
    /// ```
    ///
    /// - Parameters: As for ``HealthStore/activitySummaries(from:through:)``.
    /// - Throws: ``StoreError/Code/invalidQuery`` for a bound that is not a real day; ``StoreError`` if SQLite fails.
    public func activitySummaries(from start: DateComponents? = nil, through end: DateComponents? = nil) async throws(StoreError) -> [ActivitySummary] {
        let bounds = try HealthStore.dayBounds(from: start, through: end)
        return try await canRead(.activitySummary)
            ? try await store.backend.activitySummaries(from: bounds.start, through: bounds.end) : []
    }
}
