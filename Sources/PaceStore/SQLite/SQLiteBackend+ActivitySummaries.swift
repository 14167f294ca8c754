import Foundation
import GRDB
package import PaceModel

extension SQLiteBackend {
    package func saveActivitySummaries(_ summaries: [ActivitySummary]) async throws(StoreError) -> Int {
        let rows = summaries.map { (day: $0.dayText ?? "", values: ActivitySummaryColumns.values(of: $0)) }
        let now = StoreCoding.value(Date())
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

    package func activitySummaries(from start: String?, through end: String?) async throws(StoreError) -> [ActivitySummary] {
        try await read { db in
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
}

/// The activity summary table's value columns, one per ``PaceModel/ActivitySummary/fields`` entry.
enum ActivitySummaryColumns {
    /// The column names, in field order.
    static let names = ActivitySummary.fields.map(\.name)

    /// A summary's values in the fields' units, in field order.
    static func values(of summary: ActivitySummary) -> [Double?] {
        ActivitySummary.fields.map { field in summary[keyPath: field.keyPath].flatMap { try? $0.doubleValue(for: field.unit) } }
    }

    /// A summary read from a row holding the value columns.
    static func summary(day: DateComponents, row: Row) -> ActivitySummary {
        var summary = ActivitySummary(day: day)
        for field in ActivitySummary.fields {
            summary[keyPath: field.keyPath] = (row[field.name] as Double?).map { Quantity(value: $0, unit: field.unit) }
        }
        return summary
    }
}
