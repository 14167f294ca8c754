import Foundation
import GRDB
import GRDBSQLite
import PaceModel

extension SQLiteBackend {
    /// Which rollup answers a collection, and the sources it must keep (`nil`: all of them); `nil`
    /// when no rollup can: a predicate other than all samples or a source list, or an interval
    /// boundary off the 15-minute grid (a 10-minute interval, an anchor at 00:05).
    static func rollupPlan(_ predicate: SamplePredicate, grid: IntervalGrid) -> RollupPlan? {
        let sources: [String]?
        switch predicate.node {
        case .all: sources = nil
        case .sources(let bundles): sources = bundles
        default: return nil
        }
        func fits(_ width: Double) -> Bool {
            grid.seconds.allSatisfy { $0.truncatingRemainder(dividingBy: width) == 0 && abs($0 / width) < 1e15 }
        }
        if fits(StoreSchema.hourlyRollupBucketSeconds) {
            return RollupPlan(table: "quantityRollupHour", width: StoreSchema.hourlyRollupBucketSeconds, sources: sources)
        }
        if fits(StoreSchema.rollupBucketSeconds) {
            return RollupPlan(table: "quantityRollup", width: StoreSchema.rollupBucketSeconds, sources: sources)
        }
        return nil
    }

    /// Count, average, minimum and maximum per interval from a rollup (the 15-minute one of migration
    /// `v6-quantity-rollup` or the hourly one of `v8-hourly-rollup`): one row per bucket and source
    /// instead of one per sample. An interval `[s, e)` whose boundaries are bucket boundaries holds
    /// exactly the buckets `s/w ..< e/w` (w the bucket width),
    /// so the numbers are those of the samples themselves (the average up to the order of summation).
    ///
    /// The buckets are read in key order in one range scan and summed here, walking the interval
    /// boundaries alongside: no sort, no temporary B-tree.
    static func fillDiscreteFromRollup(_ entries: inout [QuantityStatistics], db: Database, type: QuantityTypeIdentifier,
                                       grid: IntervalGrid, plan: RollupPlan, options: StatisticsOptions) throws
    {
        let width = plan.width
        let sources = plan.sources
        let bounds = grid.seconds.map { Int64(($0 / width).rounded()) }
        let separate = options.contains(.separateBySource)
        var sql = "SELECT bucket, sampleCount, total, minimum, maximum, sourceBundleIdentifier FROM \(plan.table)"
            + " WHERE typeIdentifier = ? AND bucket >= ? AND bucket < ?"
        var arguments: StatementArguments = [type.rawValue, bounds[0], bounds[bounds.count - 1]]
        if let sources {
            sql += " AND sourceBundleIdentifier IN (" + sources.map { _ in "?" }.joined(separator: ",") + ")"
            for source in sources { arguments += [source] }
        }
        var totals = [RollupTotal](repeating: RollupTotal(), count: entries.count)
        var bySource: [String: [Int: RollupTotal]] = [:]
        var index = 0
        try db.forEachRawRow(sql + " ORDER BY typeIdentifier, bucket", arguments: arguments) { handle in
            let bucket = sqlite3_column_int64(handle, 0)
            while bucket >= bounds[index + 1] { index += 1 }
            let part = RollupTotal(count: Int(sqlite3_column_int64(handle, 1)), total: sqlite3_column_double(handle, 2),
                                   minimum: sqlite3_column_double(handle, 3), maximum: sqlite3_column_double(handle, 4))
            totals[index].add(part)
            if separate, let text = sqlite3_column_text(handle, 5) {
                bySource[String(cString: text), default: [:]][index, default: RollupTotal()].add(part)
            }
        }
        for index in entries.indices {
            totals[index].apply(to: &entries[index], options: options)
        }
        for (source, perInterval) in bySource {
            for (index, total) in perInterval {
                var statistics = QuantityStatistics(type: type, interval: entries[index].interval)
                total.apply(to: &statistics, options: options)
                entries[index].bySource[source] = statistics
            }
        }
    }
}

/// The rollup table a collection reads: hourly when every boundary is a whole hour, else 15-minute.
struct RollupPlan {
    /// `quantityRollupHour` or `quantityRollup`.
    var table: String
    /// The bucket width in seconds.
    var width: Double
    /// The sources to keep; `nil` for all.
    var sources: [String]?
}

/// The count, sum, minimum and maximum of some rollup buckets.
struct RollupTotal {
    var count = 0
    var total = 0.0
    var minimum = Double.infinity
    var maximum = -Double.infinity

    mutating func add(_ other: RollupTotal) {
        count += other.count
        total += other.total
        minimum = min(minimum, other.minimum)
        maximum = max(maximum, other.maximum)
    }

    /// Sets the sample count and the requested discrete statistics (nothing when there are no samples).
    func apply(to statistics: inout QuantityStatistics, options: StatisticsOptions) {
        guard count > 0 else { return }
        let unit = statistics.type.canonicalUnit
        statistics.sampleCount = count
        if options.contains(.average) { statistics.average = Quantity(value: total / Double(count), unit: unit) }
        if options.contains(.minimum) { statistics.minimum = Quantity(value: minimum, unit: unit) }
        if options.contains(.maximum) { statistics.maximum = Quantity(value: maximum, unit: unit) }
    }
}
