import Foundation
import GRDB
package import PaceModel

extension SQLiteBackend {
    package func statisticsCollection(for type: QuantityTypeIdentifier, matching predicate: SamplePredicate, options: StatisticsOptions,
                                      grid: IntervalGrid, sourcePriority: [String]) async throws(StoreError) -> [QuantityStatistics] {
        let condition = try predicate.sqlCondition(for: .quantity(type))
        let series = try Self.seriesArm(of: type, matching: predicate, grid: grid)
        return try await read { db in
            var entries = (0..<grid.count).map { QuantityStatistics(type: type, interval: grid.interval($0)) }
            if options.contains(.sum) {
                try Self.fillCumulative(&entries, db: db, type: type, grid: grid, predicate: predicate,
                                        options: options, priority: sourcePriority)
            } else {
                if let plan = Self.rollupPlan(predicate, grid: grid) {
                    try Self.fillDiscreteFromRollup(&entries, db: db, type: type, grid: grid, plan: plan, options: options)
                } else {
                    try Self.fillDiscrete(&entries, db: db, type: type, grid: grid, condition: condition, options: options,
                                          series: series)
                }
                if options.contains(.mostRecent) {
                    try Self.fillMostRecent(&entries, db: db, type: type, grid: grid, condition: condition, options: options,
                                            series: series)
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
            WHERE o.typeIdentifier = ? AND o.startDate >= b.s AND o.startDate < b.e AND q.anchor = o.anchor AND q.count = 1
                AND \(condition.sql)
            """
        var arguments: StatementArguments = ["[" + pairs + "]", type.rawValue]
        arguments += condition.arguments
        return (from, arguments)
    }

    /// Count, average, minimum and maximum per interval (and per source), grouped in SQL over the samples.
    private static func fillDiscrete(_ entries: inout [QuantityStatistics], db: Database, type: QuantityTypeIdentifier,
                                     grid: IntervalGrid, condition: SQLCondition, options: StatisticsOptions,
                                     series: QuantityValueArm) throws
    {
        let (from, arguments) = discreteSamples(type: type, grid: grid, condition: condition)
        let aggregates = "count(*), sum(q.canonicalValue), min(q.canonicalValue), max(q.canonicalValue)"
        let separate = options.contains(.separateBySource)
        var totals = [RollupTotal](repeating: RollupTotal(), count: entries.count)
        var bySource: [String: [Int: RollupTotal]] = [:]
        func total(_ row: Row) -> RollupTotal {
            RollupTotal(count: row[1], total: row[2], minimum: row[3], maximum: row[4])
        }
        for row in try Row.fetchAll(db, sql: "SELECT b.i, \(aggregates) \(from) GROUP BY b.i", arguments: arguments) {
            totals[row[0]].add(total(row))
        }
        if separate {
            for row in try Row.fetchAll(db, sql: """
                SELECT b.i, \(aggregates), o.sourceBundleIdentifier \(from) GROUP BY b.i, o.sourceBundleIdentifier
                """, arguments: arguments) {
                bySource[row[5], default: [:]][row[0], default: RollupTotal()].add(total(row))
            }
        }
        try forEachSeriesValue(db, series, grid: grid) { index, value in
            let part = RollupTotal(count: 1, total: value.value, minimum: value.value, maximum: value.value)
            totals[index].add(part)
            if separate { bySource[value.source, default: [:]][index, default: RollupTotal()].add(part) }
        }
        for index in entries.indices {
            if totals[index].count > 0 { totals[index].apply(to: &entries[index], options: options) }
        }
        for (source, perInterval) in bySource {
            for (index, sums) in perInterval {
                var statistics = QuantityStatistics(type: type, interval: entries[index].interval)
                sums.apply(to: &statistics, options: options)
                entries[index].bySource[source] = statistics
            }
        }
    }

    /// The series samples' values of `type` matching `predicate` with a start inside the grid.
    static func seriesArm(of type: QuantityTypeIdentifier, matching predicate: SamplePredicate,
                          grid: IntervalGrid) throws(StoreError) -> QuantityValueArm {
        let seconds = grid.seconds
        let inside = SQLCondition(sql: "v.startDate >= ? AND v.startDate < ?", arguments: [seconds[0], seconds[seconds.count - 1]])
        return try QuantityValueArm.arms(of: type, matching: predicate, extra: inside)[1]
    }

    /// Calls `body` with the grid interval and the row of each series value of `arm` (its start in
    /// the interval), in start order.
    static func forEachSeriesValue(_ db: Database, _ arm: QuantityValueArm, grid: IntervalGrid,
                                   _ body: (Int, (start: Double, end: Double, value: Double, source: String, anchor: Int64)) throws -> Void) throws {
        let seconds = grid.seconds
        let rows = try Row.fetchCursor(db, sql: """
            SELECT v.startDate, v.endDate, v.canonicalValue, o.sourceBundleIdentifier, o.anchor \(arm.from)
            ORDER BY v.startDate, o.anchor, v.position
            """, arguments: arm.arguments)
        var index = 0
        while let row = try rows.next() {
            let start: Double = row[0]
            while index + 1 < seconds.count - 1, start >= seconds[index + 1] { index += 1 }
            guard start >= seconds[index], start < seconds[index + 1] else { continue }
            try body(index, (start, row[1], row[2], row[3], row[4]))
        }
    }

    private static func fillMostRecent(_ entries: inout [QuantityStatistics], db: Database, type: QuantityTypeIdentifier,
                                       grid: IntervalGrid, condition: SQLCondition, options: StatisticsOptions,
                                       series: QuantityValueArm) throws
    {
        typealias Latest = (end: Double, start: Double, value: Double)
        var latest: [Int: Latest] = [:]
        var latestBySource: [Int: [String: Latest]] = [:]
        func keep(_ candidate: Latest, in slot: inout Latest?) {
            if let kept = slot, (kept.end, kept.start) >= (candidate.end, candidate.start) { return }
            slot = candidate
        }
        let (from, arguments) = discreteSamples(type: type, grid: grid, condition: condition)
        for row in try Row.fetchAll(db, sql: """
            SELECT b.i, max(o.endDate), o.startDate, q.canonicalValue \(from) GROUP BY b.i
            """, arguments: arguments) {
            latest[row[0]] = (row[1], row[2], row[3])
        }
        let separate = options.contains(.separateBySource)
        if separate {
            for row in try Row.fetchAll(db, sql: """
                SELECT b.i, max(o.endDate), o.startDate, q.canonicalValue, o.sourceBundleIdentifier \(from)
                GROUP BY b.i, o.sourceBundleIdentifier
                """, arguments: arguments) {
                latestBySource[row[0], default: [:]][row[4]] = (row[1], row[2], row[3])
            }
        }
        try forEachSeriesValue(db, series, grid: grid) { index, value in
            let candidate: Latest = (value.end, value.start, value.value)
            keep(candidate, in: &latest[index])
            if separate { keep(candidate, in: &latestBySource[index, default: [:]][value.source]) }
        }
        for (index, found) in latest {
            entries[index].applyMostRecent(value: found.value, start: found.start, end: found.end)
        }
        for (index, sources) in latestBySource {
            for (source, found) in sources {
                entries[index].bySource[source]?.applyMostRecent(value: found.value, start: found.start, end: found.end)
            }
        }
    }

    private static func fillCumulative(_ entries: inout [QuantityStatistics], db: Database, type: QuantityTypeIdentifier,
                                       grid: IntervalGrid, predicate: SamplePredicate, options: StatisticsOptions,
                                       priority: [String]) throws
    {
        let seconds = grid.seconds
        let overlapping = predicate && .date(from: StoreCoding.date(seconds[0]), to: StoreCoding.date(seconds[seconds.count - 1]))
        let spans = try cumulativeSpans(db, arms: QuantityValueArm.arms(of: type, matching: overlapping))
        QuantityStatistics.fillCumulative(&entries, spans: spans, seconds: seconds, unit: type.canonicalUnit, options: options,
                                          priority: priority)
    }
}
