import Foundation
import GRDB
package import PaceModel

extension SQLiteBackend {
    package func statisticsCollection(for type: QuantityTypeIdentifier, matching predicate: SamplePredicate, options: StatisticsOptions,
                                      grid: IntervalGrid, sourcePriority: [String]) async throws(StoreError) -> [QuantityStatistics] {
        let condition = try predicate.sqlCondition(for: .quantity(type))
        return try await read { db in
            var entries = (0..<grid.count).map { QuantityStatistics(type: type, interval: grid.interval($0)) }
            if options.contains(.sum) {
                try Self.fillCumulative(&entries, db: db, type: type, grid: grid, condition: condition,
                                        options: options, priority: sourcePriority)
            } else {
                if let plan = Self.rollupPlan(predicate, grid: grid) {
                    try Self.fillDiscreteFromRollup(&entries, db: db, type: type, grid: grid, plan: plan, options: options)
                } else {
                    try Self.fillDiscrete(&entries, db: db, type: type, grid: grid, condition: condition, options: options)
                }
                if options.contains(.mostRecent) {
                    try Self.fillMostRecent(&entries, db: db, type: type, grid: grid, condition: condition, options: options)
                }
            }
            return entries
        }
    }

    /// The samples of each interval, for grouping in SQL: the boundaries are bound as one JSON array
    /// of `[start, end]` pairs and joined (intervals outermost) to the `(typeIdentifier, startDate)` index.
    private static func discreteSamples(type: QuantityTypeIdentifier, grid: IntervalGrid,
                                        condition: SQLCondition) -> (from: String, arguments: StatementArguments) {
        let seconds = grid.seconds
        let pairs = (0..<grid.count).map { "[\(seconds[$0]),\(seconds[$0 + 1])]" }.joined(separator: ",")
        let from = """
            FROM (SELECT key AS i, json_extract(value, '$[0]') AS s, json_extract(value, '$[1]') AS e FROM json_each(?)) b
            CROSS JOIN healthObject o CROSS JOIN quantitySample q
            WHERE o.typeIdentifier = ? AND o.startDate >= b.s AND o.startDate < b.e AND q.anchor = o.anchor AND \(condition.sql)
            """
        var arguments: StatementArguments = ["[" + pairs + "]", type.rawValue]
        arguments += condition.arguments
        return (from, arguments)
    }

    /// Count, average, minimum and maximum per interval (and per source), grouped in SQL over the samples.
    private static func fillDiscrete(_ entries: inout [QuantityStatistics], db: Database, type: QuantityTypeIdentifier,
                                     grid: IntervalGrid, condition: SQLCondition, options: StatisticsOptions) throws
    {
        let (from, arguments) = discreteSamples(type: type, grid: grid, condition: condition)
        let aggregates = "count(*), avg(q.canonicalValue), min(q.canonicalValue), max(q.canonicalValue)"
        for row in try Row.fetchAll(db, sql: "SELECT b.i, \(aggregates) \(from) GROUP BY b.i", arguments: arguments) {
            entries[row[0]].apply(row, options: options, offset: 1)
        }
        guard options.contains(.separateBySource) else { return }
        for row in try Row.fetchAll(db, sql: """
            SELECT b.i, \(aggregates), o.sourceBundleIdentifier \(from) GROUP BY b.i, o.sourceBundleIdentifier
            """, arguments: arguments) {
            let index: Int = row[0]
            let source: String = row[5]
            var statistics = QuantityStatistics(type: type, interval: entries[index].interval)
            statistics.apply(row, options: options, offset: 1)
            entries[index].bySource[source] = statistics
        }
    }

    /// The most recent value per interval (and per source, whose entries the aggregates made):
    /// SQLite takes the bare columns from the row holding max(), the sample ending last.
    private static func fillMostRecent(_ entries: inout [QuantityStatistics], db: Database, type: QuantityTypeIdentifier,
                                       grid: IntervalGrid, condition: SQLCondition, options: StatisticsOptions) throws
    {
        let (from, arguments) = discreteSamples(type: type, grid: grid, condition: condition)
        for row in try Row.fetchAll(db, sql: """
            SELECT b.i, max(o.endDate), o.startDate, q.canonicalValue \(from) GROUP BY b.i
            """, arguments: arguments) {
            entries[row[0]].applyMostRecent(value: row[3], start: row[2], end: row[1])
        }
        guard options.contains(.separateBySource) else { return }
        for row in try Row.fetchAll(db, sql: """
            SELECT b.i, max(o.endDate), o.startDate, q.canonicalValue, o.sourceBundleIdentifier \(from)
            GROUP BY b.i, o.sourceBundleIdentifier
            """, arguments: arguments) {
            let index: Int = row[0]
            let source: String = row[4]
            entries[index].bySource[source]?.applyMostRecent(value: row[3], start: row[2], end: row[1])
        }
    }

    /// Reads the cumulative samples overlapping the grid, merges sources and pro-rates the pieces over the intervals.
    private static func fillCumulative(_ entries: inout [QuantityStatistics], db: Database, type: QuantityTypeIdentifier,
                                       grid: IntervalGrid, condition: SQLCondition, options: StatisticsOptions,
                                       priority: [String]) throws
    {
        let seconds = grid.seconds
        var arguments: StatementArguments = [type.rawValue, seconds[seconds.count - 1], seconds[0], seconds[0]]
        arguments += condition.arguments
        let spans = try Row.fetchAll(db, sql: """
            SELECT o.startDate, o.endDate, q.canonicalValue, o.sourceBundleIdentifier
            FROM healthObject o JOIN quantitySample q ON q.anchor = o.anchor
            WHERE o.typeIdentifier = ? AND o.startDate < ? AND (o.endDate > ? OR o.startDate >= ?) AND \(condition.sql)
            ORDER BY o.startDate, o.anchor
            """, arguments: arguments).map(CumulativeSpan.init(row:))
        QuantityStatistics.fillCumulative(&entries, spans: spans, seconds: seconds, unit: type.canonicalUnit, options: options,
                                          priority: priority)
    }
}
