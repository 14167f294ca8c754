package import PaceModel

/// The statistics of cumulative samples, from their spans, the same for every backend: a backend
/// reads the spans its own way and these rules turn them into sums.
extension QuantityStatistics {
    /// The merged sum of `spans` (sources merged by `priority`, as HealthKit does) and, with
    /// ``StatisticsOptions/separateBySource``, each source's plain sum.
    package static func cumulative(type: QuantityTypeIdentifier, spans: [CumulativeSpan], options: StatisticsOptions,
                                   priority: [String]) -> QuantityStatistics {
        var result = QuantityStatistics(type: type)
        result.sampleCount = spans.count
        if !spans.isEmpty {
            let total = SourceMerge.merged(spans, priority: priority).reduce(0) { $0 + $1.value }
            result.sum = Quantity(value: total, unit: type.canonicalUnit)
        }
        if options.contains(.separateBySource) {
            for (source, own) in Dictionary(grouping: spans, by: \.source) {
                var statistics = QuantityStatistics(type: type)
                statistics.sampleCount = own.count
                statistics.sum = Quantity(value: own.reduce(0) { $0 + $1.value }, unit: type.canonicalUnit)
                result.bySource[source] = statistics
            }
        }
        return result
    }

    /// Fills a collection's `entries` (one per interval of a grid whose boundaries are `seconds`)
    /// with the sums of `spans`: sources merged by `priority`, each piece pro-rated over the
    /// intervals it overlaps; with ``StatisticsOptions/separateBySource``, each source's own sums.
    package static func fillCumulative(_ entries: inout [QuantityStatistics], spans: [CumulativeSpan], seconds: [Double],
                                       unit: HealthUnit, options: StatisticsOptions, priority: [String]) {
        var sums = [Double?](repeating: nil, count: entries.count)
        for piece in SourceMerge.merged(spans, priority: priority) {
            IntervalGrid.distribute(piece, over: seconds) { index, share in sums[index] = (sums[index] ?? 0) + share }
        }
        var counts = [Int](repeating: 0, count: entries.count)
        var sourceSums: [String: [Int: (sum: Double, count: Int)]] = [:]
        for span in spans {
            IntervalGrid.distribute(span, over: seconds) { index, share in
                counts[index] += 1
                if options.contains(.separateBySource) {
                    let previous = sourceSums[span.source, default: [:]][index] ?? (0, 0)
                    sourceSums[span.source, default: [:]][index] = (previous.sum + share, previous.count + 1)
                }
            }
        }
        for index in entries.indices {
            entries[index].sampleCount = counts[index]
            entries[index].sum = sums[index].map { Quantity(value: $0, unit: unit) }
        }
        for (source, perInterval) in sourceSums {
            for (index, value) in perInterval {
                var statistics = QuantityStatistics(type: entries[index].type, interval: entries[index].interval)
                statistics.sampleCount = value.count
                statistics.sum = Quantity(value: value.sum, unit: unit)
                entries[index].bySource[source] = statistics
            }
        }
    }
}
