import Foundation
import GRDB
package import PaceModel

extension SQLiteBackend {
    package func statistics(for type: QuantityTypeIdentifier, matching predicate: SamplePredicate, options: StatisticsOptions,
                            sourcePriority: [String]) async throws(StoreError) -> QuantityStatistics {
        let arms = try QuantityValueArm.arms(of: type, matching: predicate)
        return try await read { db in
            if options.contains(.sum) {
                let spans = try Self.cumulativeSpans(db, arms: arms)
                return QuantityStatistics.cumulative(type: type, spans: spans, options: options, priority: sourcePriority)
            }
            var result = try Self.discreteStatistics(db, type: type, arms: arms, options: options)
            if options.contains(.separateBySource) {
                var sources = Set<String>()
                for arm in arms {
                    sources.formUnion(try String.fetchAll(db, sql: "SELECT DISTINCT o.sourceBundleIdentifier \(arm.from)",
                                                          arguments: arm.arguments))
                }
                for source in sources {
                    let own = try QuantityValueArm.arms(of: type, matching: predicate,
                                                        extra: SQLCondition(sql: "o.sourceBundleIdentifier = ?", arguments: [source]))
                    result.bySource[source] = try Self.discreteStatistics(db, type: type, arms: own, options: options)
                }
            }
            return result
        }
    }

    /// Every matching value as a span, ordered by start, then by sample and position in it: each
    /// arm in that order from SQLite, the two merged.
    static func cumulativeSpans(_ db: Database, arms: [QuantityValueArm]) throws -> [CumulativeSpan] {
        typealias Keyed = (span: CumulativeSpan, anchor: Int64, position: Int64)
        var merged: [Keyed] = []
        for arm in arms {
            var rows: [Keyed] = []
            let cursor = try Row.fetchCursor(db, sql: """
                SELECT \(arm.start), \(arm.end), \(arm.value), o.sourceBundleIdentifier, o.anchor, \(arm.position) \(arm.from)
                ORDER BY \(arm.start), o.anchor, \(arm.position)
                """, arguments: arm.arguments)
            while let row = try cursor.next() { rows.append((CumulativeSpan(row: row), row[4], row[5])) }
            guard !merged.isEmpty else {
                merged = rows
                continue
            }
            guard !rows.isEmpty else { continue }
            var both: [Keyed] = []
            both.reserveCapacity(merged.count + rows.count)
            var left = 0, right = 0
            while left < merged.count || right < rows.count {
                let takeLeft = right == rows.count || (left < merged.count
                    && (merged[left].span.start, merged[left].anchor, merged[left].position)
                        <= (rows[right].span.start, rows[right].anchor, rows[right].position))
                if takeLeft { both.append(merged[left]); left += 1 } else { both.append(rows[right]); right += 1 }
            }
            merged = both
        }
        return merged.map(\.span)
    }

    private static func discreteStatistics(_ db: Database, type: QuantityTypeIdentifier, arms: [QuantityValueArm],
                                           options: StatisticsOptions) throws -> QuantityStatistics
    {
        var result = QuantityStatistics(type: type)
        var total = RollupTotal()
        for arm in arms {
            guard let row = try Row.fetchOne(db, sql: """
                SELECT count(*), sum(\(arm.value)), min(\(arm.value)), max(\(arm.value)) \(arm.from)
                """, arguments: arm.arguments), let count = row[0] as Int?, count > 0 else { continue }
            total.add(RollupTotal(count: count, total: row[1], minimum: row[2], maximum: row[3]))
        }
        result.sampleCount = total.count
        total.apply(to: &result, options: options)
        if options.contains(.mostRecent) {
            var latest: (end: Double, start: Double, anchor: Int64, position: Int64, value: Double)?
            for arm in arms {
                guard let row = try Row.fetchOne(db, sql: """
                    SELECT \(arm.value), \(arm.start), \(arm.end), o.anchor, \(arm.position) \(arm.from)
                    ORDER BY \(arm.end) DESC, \(arm.start) DESC, o.anchor DESC, \(arm.position) DESC LIMIT 1
                    """, arguments: arm.arguments) else { continue }
                let candidate = (end: row[2] as Double, start: row[1] as Double, anchor: row[3] as Int64, position: row[4] as Int64,
                                 value: row[0] as Double)
                if let best = latest, (best.end, best.start, best.anchor, best.position)
                    >= (candidate.end, candidate.start, candidate.anchor, candidate.position) { continue }
                latest = candidate
            }
            if let latest { result.applyMostRecent(value: latest.value, start: latest.start, end: latest.end) }
        }
        return result
    }
}

extension CumulativeSpan {
    /// Reads `startDate, endDate, canonicalValue, sourceBundleIdentifier`.
    init(row: Row) {
        self.init(start: row[0], end: row[1], value: row[2], source: row[3])
    }
}

extension QuantityStatistics {
    /// Sets count, average, minimum and maximum from `count, avg, min, max` columns at `offset`.
    mutating func apply(_ row: Row, options: StatisticsOptions, offset: Int) {
        sampleCount = row[offset]
        let unit = type.canonicalUnit
        func quantity(_ index: Int) -> Quantity? { (row[offset + index] as Double?).map { Quantity(value: $0, unit: unit) } }
        if options.contains(.average) { average = quantity(1) }
        if options.contains(.minimum) { minimum = quantity(2) }
        if options.contains(.maximum) { maximum = quantity(3) }
    }

    /// Sets the most recent value and its interval (dates in seconds since 2001-01-01 UTC).
    mutating func applyMostRecent(value: Double, start: Double, end: Double) {
        mostRecent = Quantity(value: value, unit: type.canonicalUnit)
        mostRecentInterval = DateInterval(start: StoreCoding.date(start), end: StoreCoding.date(end))
    }
}
