public import Foundation
public import PaceModel

extension HealthStore {
    /// The long-running form of ``activitySummaries(from:through:)`` (HealthKit's activity summary
    /// query with an update handler): the days now, then the days again each time a summary in the
    /// range is added or changed, until the consuming task is cancelled. Quick successive saves may
    /// give one update; a save that changes nothing gives none.
    ///
    /// ```swift
    /// for try await week in try store.activitySummaryUpdates(from: monday, through: sunday) { rings.show(week) }
    /// ```
    ///
    /// - Parameters: As for ``activitySummaries(from:through:)``.
    /// - Returns: A sequence of day lists that throws ``StoreError``.
    /// - Throws: ``StoreError/Code/invalidQuery`` for a bound that is not a real day, before anything is observed.
    public func activitySummaryUpdates(from start: DateComponents? = nil,
                                       through end: DateComponents? = nil) throws(StoreError) -> ActivitySummaryUpdates {
        let bounds = try Self.dayBounds(from: start, through: end)
        return ActivitySummaryUpdates(store: self, client: nil, start: bounds.start, end: bounds.end)
    }
}

extension AuthorizedStore {
    /// The long-running activity summary query as this client: at the start and after each change of
    /// the range's summaries, the days if it may read ``PaceModel/HealthObjectType/activitySummary``
    /// then, none otherwise. A permission change alone gives no update (the decisions table is a
    /// `WITHOUT ROWID` table, whose changes SQLite does not report to observers); the next summary
    /// change does. See ``HealthStore/activitySummaryUpdates(from:through:)``.
    ///
    /// - Parameters: As for ``HealthStore/activitySummaries(from:through:)``.
    /// - Throws: ``StoreError/Code/invalidQuery`` for a bound that is not a real day.
    public func activitySummaryUpdates(from start: DateComponents? = nil,
                                       through end: DateComponents? = nil) throws(StoreError) -> ActivitySummaryUpdates {
        let bounds = try HealthStore.dayBounds(from: start, through: end)
        return ActivitySummaryUpdates(store: store, client: self, start: bounds.start, end: bounds.end)
    }
}

/// Activity summaries as the store changes: an `AsyncSequence` whose first element is the range's
/// days when iteration starts; it ends when the consuming task is cancelled and throws ``StoreError``.
public struct ActivitySummaryUpdates: AsyncSequence, Sendable {
    /// The range's summaries, in day order.
    public typealias Element = [ActivitySummary]

    let store: HealthStore
    /// The client whose read permission gates the days; `nil` for the owner.
    let client: AuthorizedStore?
    let start: String?
    let end: String?

    /// Starts observing the store.
    public func makeAsyncIterator() -> AsyncIterator {
        let store = self.store, client = self.client, start = self.start, end = self.end
        let stream = ObservationStream.make { continuation in
            var last: [ActivitySummary]?
            for try await _ in store.backend.commits(touching: .activitySummaries) {
                let days: [ActivitySummary]
                if let client, try await !client.canRead(.activitySummary) {
                    days = []
                } else {
                    days = try await store.backend.activitySummaries(from: start, through: end)
                }
                guard days != last else { continue }
                last = days
                continuation.yield(days)
            }
        }
        return StoreUpdatesIterator(base: stream.makeAsyncIterator())
    }

    /// Gives the day lists one by one; `nil` once the task is cancelled.
    public typealias AsyncIterator = StoreUpdatesIterator<[ActivitySummary]>
}
