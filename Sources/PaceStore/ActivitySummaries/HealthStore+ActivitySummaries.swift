public import Foundation
public import PaceModel

extension HealthStore {
    /// Saves daily activity summaries in one transaction: a day not stored yet is added, a stored day
    /// whose values differ is replaced, an identical one is left alone (so importing the same export
    /// again changes nothing). HealthKit's apps only read summaries; the store's owner (an importer)
    /// writes them.
    ///
    /// Values are stored in kilocalories, minutes and hours and read back in those units.
    ///
    /// ```swift
    /// let changed = try await store.saveActivitySummaries(summaries)
    /// ```
    ///
    /// - Parameter summaries: The days to save; a day given twice keeps its last summary.
    /// - Returns: How many days were added or replaced.
    /// - Throws: ``StoreError/Code/invalidObject`` for the first summary that is not valid (nothing is
    ///   written then); ``StoreError`` if SQLite fails.
    @discardableResult
    public func saveActivitySummaries(_ summaries: [ActivitySummary]) async throws(StoreError) -> Int {
        for summary in summaries {
            do { try summary.validate() } catch {
                throw StoreError(code: .invalidObject, message: error.description + " Nothing was written.", path: path)
            }
        }
        return try await backend.saveActivitySummaries(summaries)
    }

    /// The stored activity summaries of the days from `start` through `end` (both included; either
    /// may be `nil` for no bound), in day order: HealthKit's activity summary query.
    ///
    /// ```swift
    /// let march = try await store.activitySummaries(from: DateComponents(year: 2026, month: 3, day: 1),
    ///                                         through: DateComponents(year: 2026, month: 3, day: 31))
    /// ```
    ///
    /// - Parameters:
    ///   - start: The first day (year, month, day), or `nil`.
    ///   - end: The last day, or `nil`.
    /// - Throws: ``StoreError/Code/invalidQuery`` for a bound that is not a real day;
    ///   ``StoreError/Code/corrupt`` for a stored day that cannot be read; ``StoreError`` if SQLite fails.
    public func activitySummaries(from start: DateComponents? = nil, through end: DateComponents? = nil) async throws(StoreError) -> [ActivitySummary] {
        let bounds = try Self.dayBounds(from: start, through: end)
        return try await backend.activitySummaries(from: bounds.start, through: bounds.end)
    }

    /// `YYYY-MM-DD` of each bound, refusing one that is not a real day.
    static func dayBounds(from start: DateComponents?, through end: DateComponents?) throws(StoreError) -> (start: String?, end: String?) {
        func text(_ bound: DateComponents?, _ name: String) throws(StoreError) -> String? {
            guard let bound else { return nil }
            guard let text = CalendarDay.text(bound) else {
                throw StoreError(code: .invalidQuery, message: "The \(name) of an activity summary query needs a valid year, month and day (e.g. 2026-03-29).")
            }
            return text
        }
        return (try text(start, "start"), try text(end, "end"))
    }
}
