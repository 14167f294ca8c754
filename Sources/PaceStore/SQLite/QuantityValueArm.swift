import GRDB
import PaceModel

/// One of the two places a stored quantity value lives (DECISIONS 172), as the `FROM … WHERE` of a
/// statement and the expressions of the value's interval and number.
///
/// - The ordinary samples: `healthObject o` joined to its `quantitySample q` row of count 1.
/// - The series samples' values: `quantitySample s` of count above 1 (through its partial index, so
///   the ordinary samples are never walked), its `healthObject o`, and each `quantitySeriesValue v`
///   — a date condition tests the value's own interval (``SamplePredicate/seriesValueCondition(for:)``),
///   every other condition the series sample.
///
/// Statistics, statistics collections and the series read run their statement once per arm and
/// merge the results; the rollups hold both already.
struct QuantityValueArm {
    /// `FROM … WHERE …` selecting the arm's values of one type that match the predicate.
    var from: String
    /// The values bound in ``from``, in order.
    var arguments: StatementArguments
    /// The value's start (seconds since 2001-01-01 UTC).
    var start: String
    /// The value's end.
    var end: String
    /// The value in the type's canonical unit.
    var value: String
    /// Orders a sample's values after its anchor: the position inside a series, 0 otherwise (an
    /// expression, never a bare number, which `ORDER BY` would take for a column's index).
    var position: String

    /// Both arms for the values of `type` that match `predicate`, with `extra` (a condition over
    /// `o`, with its arguments) added to each.
    static func arms(of type: QuantityTypeIdentifier, matching predicate: SamplePredicate,
                     extra: SQLCondition? = nil) throws(StoreError) -> [QuantityValueArm] {
        let single = try predicate.sqlCondition(for: .quantity(type))
        let series = try predicate.seriesValueCondition(for: .quantity(type))
        let more = extra.map { " AND " + $0.sql } ?? ""
        let moreArguments = extra?.arguments ?? []
        return [
            // An ordinary sample's one value is at position 0: `q.count - 1` (count is 1 in this arm).
            QuantityValueArm(
                from: """
                    FROM healthObject o JOIN quantitySample q ON q.anchor = o.anchor
                    WHERE o.typeIdentifier = ? AND q.count = 1 AND \(single.sql)\(more)
                    """,
                arguments: [type.rawValue] + single.arguments + moreArguments,
                start: "o.startDate", end: "o.endDate", value: "q.canonicalValue", position: "(q.count - 1)"),
            QuantityValueArm(
                from: """
                    FROM quantitySample s CROSS JOIN healthObject o CROSS JOIN quantitySeriesValue v
                    WHERE s.count > 1 AND o.anchor = s.anchor AND v.anchor = s.anchor
                        AND o.typeIdentifier = ? AND \(series.sql)\(more)
                    """,
                arguments: [type.rawValue] + series.arguments + moreArguments,
                start: "v.startDate", end: "v.endDate", value: "v.canonicalValue", position: "v.position"),
        ]
    }
}
