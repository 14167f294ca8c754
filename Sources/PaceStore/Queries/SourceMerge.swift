/// One cumulative sample as the source merge sees it: seconds since 2001-01-01 UTC and a value
/// in the type's canonical unit.
package struct CumulativeSpan: Hashable {
    /// The start, seconds since 2001-01-01 UTC.
    package var start: Double
    /// The end, seconds since 2001-01-01 UTC.
    package var end: Double
    /// The value in the type's canonical unit.
    package var value: Double
    /// The source's bundle identifier.
    package var source: String

    /// A span: seconds since 2001-01-01 UTC, a value in the canonical unit, a source bundle identifier.
    package init(start: Double, end: Double, value: Double, source: String) {
        self.start = start
        self.end = end
        self.value = value
        self.source = source
    }
}

/// Merges cumulative samples of several sources so overlapping time is counted once.
///
/// The rule (docs/DECISIONS.md): sources are ranked by the explicit priority list (bundle
/// identifiers), then by first appearance (earliest sample start) for sources the list does not
/// name. For every span of time covered by samples of several sources, only the samples of the
/// highest-ranked source count; a lower-ranked sample partly covered keeps the uncovered share of
/// its value, pro-rated linearly over its interval. Samples of one source never hide each other.
/// An instantaneous sample counts unless a higher-ranked sample covers its instant.
package enum SourceMerge {
    /// The source ranking, highest priority first.
    static func ranking(of spans: [CumulativeSpan], priority: [String]) -> [String] {
        var ranking: [String] = []
        var seen = Set<String>()
        let present = Set(spans.map(\.source))
        for source in priority where present.contains(source) && seen.insert(source).inserted { ranking.append(source) }
        for span in spans.sorted(by: { $0.start < $1.start }) where seen.insert(span.source).inserted { ranking.append(span.source) }
        return ranking
    }

    /// The parts of each span that count, values pro-rated; their values add up to the merged total.
    package static func merged(_ spans: [CumulativeSpan], priority: [String]) -> [CumulativeSpan] {
        let bySource = Dictionary(grouping: spans, by: \.source)
        var covered: [(start: Double, end: Double)] = []
        var pieces: [CumulativeSpan] = []
        for source in ranking(of: spans, priority: priority) {
            let own = bySource[source] ?? []
            for span in own { pieces += uncovered(span, by: covered) }
            covered = union(covered + own.filter { $0.end > $0.start }.map { ($0.start, $0.end) })
        }
        return pieces
    }

    /// The parts of `span` outside `covered` (sorted, disjoint), with pro-rated values.
    static func uncovered(_ span: CumulativeSpan, by covered: [(start: Double, end: Double)]) -> [CumulativeSpan] {
        var index = firstIndex(in: covered, endingAfter: span.start)
        guard span.end > span.start else {
            let hidden = index < covered.count && covered[index].start <= span.start
            return hidden ? [] : [span]
        }
        var pieces: [CumulativeSpan] = []
        var cursor = span.start
        let rate = span.value / (span.end - span.start)
        while cursor < span.end {
            let next = index < covered.count ? covered[index] : (start: Double.infinity, end: Double.infinity)
            if next.start > cursor {
                let end = min(next.start, span.end)
                pieces.append(CumulativeSpan(start: cursor, end: end, value: rate * (end - cursor), source: span.source))
            }
            cursor = max(cursor, next.end)
            index += 1
        }
        return pieces
    }

    /// The first interval whose end is after `time` (binary search).
    private static func firstIndex(in covered: [(start: Double, end: Double)], endingAfter time: Double) -> Int {
        var low = 0, high = covered.count
        while low < high {
            let middle = (low + high) / 2
            if covered[middle].end <= time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Sorted, disjoint intervals covering the same time.
    static func union(_ intervals: [(start: Double, end: Double)]) -> [(start: Double, end: Double)] {
        var result: [(start: Double, end: Double)] = []
        for interval in intervals.sorted(by: { $0.start < $1.start }) {
            if let last = result.last, interval.start <= last.end {
                result[result.count - 1].end = max(last.end, interval.end)
            } else {
                result.append(interval)
            }
        }
        return result
    }
}
