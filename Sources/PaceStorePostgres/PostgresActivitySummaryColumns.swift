import Foundation
import PaceModel

/// The value columns of `activitySummary`: one per ``ActivitySummary`` field, in the field's unit
/// (kilocalories, minutes, hours, count).
enum PostgresActivitySummaryColumns {
    /// The column names, in field order.
    static let names = ActivitySummary.fields.map(\.name)

    /// A summary's values in field order (`nil` where unset).
    static func values(of summary: ActivitySummary) -> [Double?] {
        ActivitySummary.fields.map { field in summary[keyPath: field.keyPath].flatMap { try? $0.doubleValue(for: field.unit) } }
    }

    /// The summary of `day` from values in field order.
    static func summary(day: DateComponents, values: [Double?]) -> ActivitySummary {
        var summary = ActivitySummary(day: day)
        for (field, value) in zip(ActivitySummary.fields, values) {
            summary[keyPath: field.keyPath] = value.map { Quantity(value: $0, unit: field.unit) }
        }
        return summary
    }
}
