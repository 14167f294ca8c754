public import Foundation
import PaceModel
import PaceStore

/// Statistics of one quantity type over an interval (Apple's `HKStatistics`).
public final class HKStatistics: NSObject, @unchecked Sendable {
    let statistics: QuantityStatistics

    /// The type.
    public let quantityType: HKQuantityType
    /// The interval's start.
    public let startDate: Date
    /// The interval's end.
    public let endDate: Date

    init(_ statistics: QuantityStatistics, start: Date, end: Date) {
        self.statistics = statistics
        self.quantityType = HKQuantityType(pace: statistics.type)
        self.startDate = start
        self.endDate = end
    }

    /// The sources of the samples, when the query separated them.
    public var sources: [HKSource]? {
        guard !statistics.bySource.isEmpty else { return nil }
        return statistics.bySource.keys.sorted().map { HKSource(Source(name: $0, bundleIdentifier: $0)) }
    }

    /// The average of a discrete type's samples.
    public func averageQuantity() -> HKQuantity? { statistics.average.map(HKQuantity.init) }
    /// One source's average.
    public func averageQuantity(for source: HKSource) -> HKQuantity? {
        statistics.bySource[source.bundleIdentifier]?.average.map(HKQuantity.init)
    }
    /// The smallest value.
    public func minimumQuantity() -> HKQuantity? { statistics.minimum.map(HKQuantity.init) }
    /// One source's smallest value.
    public func minimumQuantity(for source: HKSource) -> HKQuantity? {
        statistics.bySource[source.bundleIdentifier]?.minimum.map(HKQuantity.init)
    }
    /// The largest value.
    public func maximumQuantity() -> HKQuantity? { statistics.maximum.map(HKQuantity.init) }
    /// One source's largest value.
    public func maximumQuantity(for source: HKSource) -> HKQuantity? {
        statistics.bySource[source.bundleIdentifier]?.maximum.map(HKQuantity.init)
    }
    /// The most recent value.
    public func mostRecentQuantity() -> HKQuantity? { statistics.mostRecent.map(HKQuantity.init) }
    /// One source's most recent value.
    public func mostRecentQuantity(for source: HKSource) -> HKQuantity? {
        statistics.bySource[source.bundleIdentifier]?.mostRecent.map(HKQuantity.init)
    }
    /// The interval of the most recent value's sample.
    public func mostRecentQuantityDateInterval() -> DateInterval? { statistics.mostRecentInterval }
    /// One source's most recent interval.
    public func mostRecentQuantityDateInterval(for source: HKSource) -> DateInterval? {
        statistics.bySource[source.bundleIdentifier]?.mostRecentInterval
    }
    /// The sum of a cumulative type's samples, overlapping sources merged by priority.
    public func sumQuantity() -> HKQuantity? { statistics.sum.map(HKQuantity.init) }
    /// One source's own sum.
    public func sumQuantity(for source: HKSource) -> HKQuantity? {
        statistics.bySource[source.bundleIdentifier]?.sum.map(HKQuantity.init)
    }
}
