import Foundation
import GRDB
package import PaceModel

extension SQLiteBackend {
    package func statistics(for type: QuantityTypeIdentifier, matching predicate: SamplePredicate, options: StatisticsOptions,
                            sourcePriority: [String]) async throws(StoreError) -> QuantityStatistics {
        let condition = try predicate.sqlCondition(for: .quantity(type))
        let from = "FROM healthObject o JOIN quantitySample q ON q.anchor = o.anchor WHERE o.typeIdentifier = ? AND \(condition.sql)"
        let arguments = StatementArguments([type.rawValue]) + condition.arguments
        return try await read { db in
            if options.contains(.sum) {
                let spans = try Row.fetchAll(db, sql: """
                    SELECT o.startDate, o.endDate, q.canonicalValue, o.sourceBundleIdentifier \(from) ORDER BY o.startDate, o.anchor
                    """, arguments: arguments).map(CumulativeSpan.init(row:))
                return QuantityStatistics.cumulative(type: type, spans: spans, options: options, priority: sourcePriority)
            }
            var result = try Self.discreteStatistics(db, type: type, from: from, arguments: arguments, options: options)
            if options.contains(.separateBySource) {
                let sources = try String.fetchAll(db, sql: "SELECT DISTINCT o.sourceBundleIdentifier \(from)", arguments: arguments)
                for source in sources {
                    var sourceArguments = arguments
                    sourceArguments += [source]
                    result.bySource[source] = try Self.discreteStatistics(
                        db, type: type, from: from + " AND o.sourceBundleIdentifier = ?", arguments: sourceArguments, options: options)
                }
            }
            return result
        }
    }

    /// Average, minimum, maximum and most recent over `from` (a FROM … WHERE clause).
    private static func discreteStatistics(_ db: Database, type: QuantityTypeIdentifier, from: String,
                                           arguments: StatementArguments, options: StatisticsOptions) throws -> QuantityStatistics
    {
        var result = QuantityStatistics(type: type)
        if let row = try Row.fetchOne(db, sql: """
            SELECT count(*), avg(q.canonicalValue), min(q.canonicalValue), max(q.canonicalValue) \(from)
            """, arguments: arguments) {
            result.apply(row, options: options, offset: 0)
        }
        if options.contains(.mostRecent), let row = try Row.fetchOne(db, sql: """
            SELECT q.canonicalValue, o.startDate, o.endDate \(from) ORDER BY o.endDate DESC, o.startDate DESC, o.anchor DESC LIMIT 1
            """, arguments: arguments) {
            result.applyMostRecent(value: row[0], start: row[1], end: row[2])
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
