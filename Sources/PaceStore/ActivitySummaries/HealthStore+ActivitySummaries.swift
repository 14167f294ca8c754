public import Foundation
public import PaceModel
import GRDB

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
        var validated: [(day: String, values: [Double?])] = []
        validated.reserveCapacity(summaries.count)
        for summary in summaries {
            do { try summary.validate() } catch {
                throw StoreError(code: .invalidObject, message: error.description + " Nothing was written.", path: path)
            }
            validated.append((summary.dayText!, ActivitySummaryColumns.values(of: summary)))
        }
        let now = StoreCoding.value(Date())
        let rows = validated
        return try await write { db in
            let statement = try db.cachedStatement(sql: """
                INSERT INTO activitySummary (day, \(ActivitySummaryColumns.names.joined(separator: ", ")), savedAt)
                VALUES (?, \(ActivitySummaryColumns.names.map { _ in "?" }.joined(separator: ", ")), ?)
                ON CONFLICT (day) DO UPDATE SET
                    \(ActivitySummaryColumns.names.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")),
                    savedAt = excluded.savedAt
                WHERE \(ActivitySummaryColumns.names.map { "\($0) IS NOT excluded.\($0)" }.joined(separator: " OR "))
                """)
            var changed = 0
            for row in rows {
                var arguments: [DatabaseValue] = [row.day.databaseValue]
                arguments += row.values.map { $0?.databaseValue ?? .null }
                arguments.append(now.databaseValue)
                try statement.execute(arguments: StatementArguments(arguments))
                changed += db.changesCount
            }
            return changed
        }
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
        return try await read { db in try Self.activitySummaries(from: bounds.start, through: bounds.end, db: db) }
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

    /// Reads the summaries between two `YYYY-MM-DD` bounds inside a read.
    static func activitySummaries(from start: String?, through end: String?, db: Database) throws -> [ActivitySummary] {
        try Row.fetchAll(db, sql: """
            SELECT day, \(ActivitySummaryColumns.names.joined(separator: ", ")) FROM activitySummary
            WHERE (?1 IS NULL OR day >= ?1) AND (?2 IS NULL OR day <= ?2) ORDER BY day
            """, arguments: [start?.databaseValue ?? .null, end?.databaseValue ?? .null]).map { row in
            let text: String = row["day"]
            guard let day = CalendarDay.components(fromText: text) else {
                throw StoreError(code: .corrupt, message: "The stored activity summary day '\(text)' is not a date. The store was changed outside Pace.")
            }
            return ActivitySummaryColumns.summary(day: day, row: row)
        }
    }
}

/// The value columns of `activitySummary`: one per ``PaceModel/ActivitySummary/fields`` entry, named
/// after it and holding the value in its canonical unit.
enum ActivitySummaryColumns {
    static let names = ActivitySummary.fields.map(\.name)

    /// The summary's values in column order and canonical units (a valid summary converts).
    static func values(of summary: ActivitySummary) -> [Double?] {
        ActivitySummary.fields.map { field in summary[keyPath: field.keyPath].flatMap { try? $0.doubleValue(for: field.unit) } }
    }

    static func summary(day: DateComponents, row: Row) -> ActivitySummary {
        var summary = ActivitySummary(day: day)
        for field in ActivitySummary.fields {
            summary[keyPath: field.keyPath] = (row[field.name] as Double?).map { Quantity(value: $0, unit: field.unit) }
        }
        return summary
    }
}
