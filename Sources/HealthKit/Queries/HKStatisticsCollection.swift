public import Foundation
import PaceModel
import PaceStore

/// Statistics per calendar interval (Apple's `HKStatisticsCollection`), as a statistics
/// collection query computed them.
public final class HKStatisticsCollection: NSObject, @unchecked Sendable {
    private let type: QuantityTypeIdentifier
    private let computed: [HKStatistics]
    private let anchor: Date
    private let interval: DateComponents
    private let calendar: Calendar

    init(type: QuantityTypeIdentifier, statistics: [QuantityStatistics], anchor: Date, interval: DateComponents, calendar: Calendar) {
        self.type = type
        self.computed = statistics.compactMap { entry in
            entry.interval.map { HKStatistics(entry, start: $0.start, end: $0.end) }
        }
        self.anchor = anchor
        self.interval = interval
        self.calendar = calendar
    }

    /// The intervals that hold samples, in time order.
    public func statistics() -> [HKStatistics] {
        computed.filter { $0.statistics.sampleCount > 0 }
    }

    /// The statistics of the interval holding `date`, or `nil` when it holds no samples.
    public func statistics(for date: Date) -> HKStatistics? {
        statistics().first { $0.startDate <= date && date < $0.endDate }
    }

    /// Calls `block` for every interval from the one holding `startDate` to the one holding
    /// `endDate`, in order, empty intervals included; setting the flag to `true` stops.
    public func enumerateStatistics(from startDate: Date, to endDate: Date,
                                    with block: (HKStatistics, UnsafeMutablePointer<ObjCBool>) -> Void) {
        guard let grid = try? IntervalGrid(anchor: anchor, interval: interval, from: startDate, to: max(startDate, endDate),
                                           calendar: calendar) else { return }
        let byStart = Dictionary(computed.map { ($0.startDate, $0) }, uniquingKeysWith: { first, _ in first })
        var stop = ObjCBool(false)
        for index in 0..<grid.count {
            let span = grid.interval(index)
            let statistics = byStart[span.start]
                ?? HKStatistics(QuantityStatistics(type: type, interval: span), start: span.start, end: span.end)
            block(statistics, &stop)
            if stop.boolValue { return }
        }
    }

    /// The sources of the samples, when the query separated them.
    public func sources() -> Set<HKSource> {
        Set(computed.flatMap { $0.sources ?? [] })
    }
}
