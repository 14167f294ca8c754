import Foundation
package import PaceModel
package import PaceStore
import PostgresNIO

extension PostgresBackend {
    package func statistics(for type: QuantityTypeIdentifier, matching predicate: SamplePredicate, options: StatisticsOptions,
                            sourcePriority: [String]) async throws(StoreError) -> QuantityStatistics {
        let samples = try await statisticsSamples(of: type, matching: predicate, range: nil)
        if options.contains(.sum) {
            return QuantityStatistics.cumulative(type: type, spans: samples.map(\.span), options: options, priority: sourcePriority)
        }
        var result = QuantityStatistics(type: type)
        result.applyDiscrete(samples, options: options)
        if options.contains(.separateBySource) {
            for (source, own) in Dictionary(grouping: samples, by: \.span.source) {
                var statistics = QuantityStatistics(type: type)
                statistics.applyDiscrete(own, options: options)
                result.bySource[source] = statistics
            }
        }
        return result
    }

    package func statisticsCollection(for type: QuantityTypeIdentifier, matching predicate: SamplePredicate, options: StatisticsOptions,
                                      grid: IntervalGrid, sourcePriority: [String]) async throws(StoreError) -> [QuantityStatistics] {
        let seconds = grid.seconds
        var entries = (0..<grid.count).map { QuantityStatistics(type: type, interval: grid.interval($0)) }
        guard let first = seconds.first, let last = seconds.last else { return entries }
        if options.contains(.sum) {
            // Cumulative: samples overlapping the grid, split across intervals pro rata.
            let spans = try await statisticsSamples(of: type, matching: predicate, range: .overlapping(first, last)).map(\.span)
            QuantityStatistics.fillCumulative(&entries, spans: spans, seconds: seconds, unit: type.canonicalUnit, options: options,
                                              priority: sourcePriority)
            return entries
        }
        // Discrete: each sample in the interval its start falls in.
        let samples = try await statisticsSamples(of: type, matching: predicate, range: .starting(first, last))
        var byInterval: [Int: [StatisticsSample]] = [:]
        for sample in samples {
            guard let index = Self.interval(of: sample.span.start, in: seconds) else { continue }
            byInterval[index, default: []].append(sample)
        }
        for (index, own) in byInterval {
            entries[index].applyDiscrete(own, options: options)
            if options.contains(.separateBySource) {
                for (source, ofSource) in Dictionary(grouping: own, by: \.span.source) {
                    var statistics = QuantityStatistics(type: type, interval: entries[index].interval)
                    statistics.applyDiscrete(ofSource, options: options)
                    entries[index].bySource[source] = statistics
                }
            }
        }
        return entries
    }

    /// The interval of `seconds` (boundaries) holding `time`, or `nil` outside them.
    static func interval(of time: Double, in seconds: [Double]) -> Int? {
        guard let first = seconds.first, let last = seconds.last, time >= first, time < last else { return nil }
        var low = 0, high = seconds.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if seconds[middle] <= time { low = middle } else { high = middle }
        }
        return low
    }

    /// Which samples a statistics query reads, in seconds since 2001-01-01 UTC.
    enum StatisticsRange {
        /// Samples overlapping `[start, end)` (HealthKit's default date rule).
        case overlapping(Double, Double)
        /// Samples starting in `[start, end)`.
        case starting(Double, Double)
    }

    /// The quantity samples of `type` matching `predicate` (and `range`), by start then saving order.
    /// The values of `type` that match `predicate` (and `range`), ordered by start, then by sample
    /// and position: the ordinary samples' rows and the series samples' values (DECISIONS 172),
    /// each placed by its own interval.
    func statisticsSamples(of type: QuantityTypeIdentifier, matching predicate: SamplePredicate,
                           range: StatisticsRange?) async throws(StoreError) -> [StatisticsSample] {
        var single = PostgresStatement("""
            SELECT o.startDate, o.endDate, o.canonicalValue, o.sourceBundleIdentifier, o.anchor, 0 FROM healthObject o WHERE o.account =
            """)
        single.append(" " + single.bind(account) + " AND o.typeIdentifier = " + single.bind(type.rawValue) + " AND o.valueCount = 1")
        Self.append(range, dates: "o", to: &single)
        single.append(" AND " + (try predicate.postgresCondition(for: .quantity(type), into: &single)))
        single.append(" ORDER BY o.startDate, o.anchor")
        var series = PostgresStatement("""
            SELECT v.startDate, v.endDate, v.canonicalValue, o.sourceBundleIdentifier, o.anchor, v.position
            FROM healthObject o JOIN quantitySeriesValue v ON v.account = o.account AND v.sampleUUID = o.uuid WHERE o.account =
            """)
        series.append(" " + series.bind(account) + " AND o.typeIdentifier = " + series.bind(type.rawValue) + " AND o.valueCount > 1")
        Self.append(range, dates: "v", to: &series)
        series.append(" AND " + (try predicate.postgresSeriesValueCondition(for: .quantity(type), into: &series)))
        series.append(" ORDER BY v.startDate, o.anchor, v.position")
        let queries = [single.query, series.query]
        return try await transaction(kind: .read) { connection, _ in
            var parts: [[StatisticsSample]] = []
            for query in queries {
                var samples: [StatisticsSample] = []
                for try await (start, end, value, source, anchor, position) in try await connection.query(query, logger: logger)
                    .decode((Double, Double, Double, String, Int64, Int32).self) {
                    samples.append(StatisticsSample(span: CumulativeSpan(start: start, end: end, value: value, source: source),
                                                    anchor: anchor, position: position))
                }
                parts.append(samples)
            }
            return Self.merged(parts[0], parts[1])
        }
    }

    private static func append(_ range: StatisticsRange?, dates o: String, to statement: inout PostgresStatement) {
        switch range {
        case .overlapping(let start, let end):
            let from = statement.bind(start)
            statement.append(" AND \(o).startDate < \(statement.bind(end)) AND (\(o).endDate > \(from) OR \(o).startDate >= \(from))")
        case .starting(let start, let end):
            statement.append(" AND \(o).startDate >= \(statement.bind(start)) AND \(o).startDate < \(statement.bind(end))")
        case nil:
            break
        }
    }

    /// Two lists each ordered by (start, anchor, position), merged in that order.
    static func merged(_ left: [StatisticsSample], _ right: [StatisticsSample]) -> [StatisticsSample] {
        guard !left.isEmpty else { return right }
        guard !right.isEmpty else { return left }
        var both: [StatisticsSample] = []
        both.reserveCapacity(left.count + right.count)
        var i = 0, j = 0
        while i < left.count || j < right.count {
            if j == right.count || (i < left.count && left[i].key <= right[j].key) {
                both.append(left[i]); i += 1
            } else {
                both.append(right[j]); j += 1
            }
        }
        return both
    }
}

struct StatisticsSample {
    var span: CumulativeSpan
    var anchor: Int64
    /// The value's position in its series sample; 0 for an ordinary sample.
    var position: Int32 = 0

    /// The order of values: by start, then by sample and position.
    var key: (Double, Int64, Int32) { (span.start, anchor, position) }
}

extension QuantityStatistics {
    /// Sets the discrete statistics `options` asks for from `samples`.
    mutating func applyDiscrete(_ samples: [StatisticsSample], options: StatisticsOptions) {
        sampleCount = samples.count
        guard !samples.isEmpty else { return }
        let unit = type.canonicalUnit
        let values = samples.map(\.span.value)
        if options.contains(.average) { average = Quantity(value: values.reduce(0, +) / Double(values.count), unit: unit) }
        if options.contains(.minimum), let least = values.min() { minimum = Quantity(value: least, unit: unit) }
        if options.contains(.maximum), let most = values.max() { maximum = Quantity(value: most, unit: unit) }
        if options.contains(.mostRecent), let latest = samples.max(by: { lhs, rhs in
            (lhs.span.end, lhs.span.start, lhs.anchor, lhs.position) < (rhs.span.end, rhs.span.start, rhs.anchor, rhs.position)
        }) {
            mostRecent = Quantity(value: latest.span.value, unit: unit)
            mostRecentInterval = DateInterval(start: Date(timeIntervalSinceReferenceDate: latest.span.start),
                                              end: Date(timeIntervalSinceReferenceDate: latest.span.end))
        }
    }
}
