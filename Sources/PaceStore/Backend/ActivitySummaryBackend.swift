package import PaceModel

/// The daily activity summaries (HealthKit's rings), one per calendar day.
package protocol ActivitySummaryBackend: Sendable {
    /// Inserts or updates validated summaries, in one transaction.
    ///
    /// - Returns: How many days were written or changed.
    func saveActivitySummaries(_ summaries: [ActivitySummary]) async throws(StoreError) -> Int

    /// The summaries of the days from `start` through `end` (`yyyy-MM-dd`, each optional), in day order.
    func activitySummaries(from start: String?, through end: String?) async throws(StoreError) -> [ActivitySummary]
}
