package import Foundation

/// The calendar intervals of a statistics collection: boundaries `anchor + k × interval`, each
/// computed from the anchor (so months keep their day and days follow local midnight across
/// daylight-saving changes), covering `[from, to)`.
package struct IntervalGrid {
    /// At most this many intervals in one collection.
    static let maximumCount = 1_000_000

    /// `count + 1` boundaries, ascending.
    package let boundaries: [Date]

    /// How many intervals there are.
    package var count: Int { boundaries.count - 1 }

    /// The intervals of `interval` from `anchor` in `calendar` that overlap `[from, to)`.
    ///
    /// - Throws: ``StoreError/Code/invalidDateRange``, ``StoreError/Code/invalidInterval`` or
    ///   ``StoreError/Code/tooManyIntervals``.
    package init(anchor: Date, interval: DateComponents, from: Date, to: Date, calendar: Calendar) throws(StoreError) {
        guard to >= from else {
            throw StoreError(code: .invalidDateRange, message: "The range ends before it starts. Pass an end date after the start date.")
        }
        let fields: [Calendar.Component] = [.year, .month, .weekOfYear, .day, .hour, .minute, .second, .nanosecond]
        let values = fields.compactMap { interval.value(for: $0) }
        let unsupported: [Calendar.Component] = [.era, .weekday, .weekdayOrdinal, .quarter, .weekOfMonth, .yearForWeekOfYear]
        let onlySupported = unsupported.allSatisfy { interval.value(for: $0) == nil }
        guard onlySupported, values.allSatisfy({ $0 >= 0 }), values.contains(where: { $0 > 0 }),
              let once = calendar.date(byAdding: interval, to: anchor), once > anchor
        else {
            throw StoreError(code: .invalidInterval,
                message: "The statistics interval must be a positive length of years, months, weeks, days, hours, minutes or seconds (e.g. 1 day); zero, negative or other components are not intervals.")
        }
        func boundary(_ k: Int) -> Date {
            var scaled = DateComponents()
            for field in fields {
                if let value = interval.value(for: field) { scaled.setValue(value * k, for: field) }
            }
            return calendar.date(byAdding: scaled, to: anchor) ?? anchor
        }
        let approximate = once.timeIntervalSince(anchor)
        let estimate = (from.timeIntervalSince(anchor) / approximate).rounded(.down)
        let intervalEstimate = (to.timeIntervalSince(from) / approximate).rounded(.up)
        guard estimate.magnitude < 1e9, intervalEstimate <= Double(Self.maximumCount) else {
            throw StoreError(code: .tooManyIntervals,
                message: "The range holds more than \(Self.maximumCount) intervals or is too far from the anchor. Use a longer interval or a shorter range.")
        }
        let tooMany = StoreError(code: .tooManyIntervals,
            message: "The calendar cannot place the intervals of this range. Use a calendar interval such as 1 day or 1 month.")
        var k = Int(estimate) - 1
        var steps = 0
        while boundary(k) > from {
            k -= 1
            steps += 1
            if steps > 1000 { throw tooMany }
        }
        while boundary(k + 1) <= from {
            k += 1
            steps += 1
            if steps > 1000 { throw tooMany }
        }
        var boundaries = [boundary(k)]
        while boundaries[boundaries.count - 1] < to {
            guard boundaries.count <= Self.maximumCount else { throw tooMany }
            k += 1
            let next = boundary(k)
            guard next > boundaries[boundaries.count - 1] else { throw tooMany }
            boundaries.append(next)
        }
        self.boundaries = boundaries
    }

    /// The interval at `index`.
    package func interval(_ index: Int) -> DateInterval {
        DateInterval(start: boundaries[index], end: boundaries[index + 1])
    }

    /// The boundaries as seconds since 2001-01-01 UTC.
    package var seconds: [Double] { boundaries.map(\.timeIntervalSinceReferenceDate) }

    /// The index of the interval holding `time` (seconds since 2001), or `nil` outside the grid.
    static func index(of time: Double, in seconds: [Double]) -> Int? {
        guard let first = seconds.first, let last = seconds.last, time >= first, time < last else { return nil }
        var low = 0, high = seconds.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if seconds[middle] <= time { low = middle } else { high = middle }
        }
        return low
    }

    /// Calls `body` with each interval a span overlaps and the share of its value that falls there
    /// (pro-rated by time; an instantaneous span gives its interval the whole value).
    package static func distribute(_ span: CumulativeSpan, over seconds: [Double], _ body: (Int, Double) -> Void) {
        guard span.end > span.start else {
            if let index = index(of: span.start, in: seconds) { body(index, span.value) }
            return
        }
        guard let first = seconds.first, let last = seconds.last, span.end > first, span.start < last else { return }
        var index = index(of: max(span.start, first), in: seconds) ?? 0
        let length = span.end - span.start
        while index < seconds.count - 1, seconds[index] < span.end {
            let overlap = min(span.end, seconds[index + 1]) - max(span.start, seconds[index])
            if overlap > 0 { body(index, span.value * overlap / length) }
            index += 1
        }
    }
}
