public import Foundation
public import PaceModel

/// The statistics of one quantity type over a predicate, or over one interval of a
/// collection (HealthKit's `HKStatistics`).
///
/// Values are quantities in the type's canonical unit (`count/min` for heart rate, `count` for
/// steps, `m` for distances); a statistic that was not requested, or has no samples, is `nil`.
///
/// ```swift
/// let steps = try await store.statistics(for: .stepCount, predicate: .date(from: start, to: end))
/// print(steps.sum?.value ?? 0)
/// ```
public struct QuantityStatistics: Sendable, Hashable {
    /// The quantity type.
    public var type: QuantityTypeIdentifier
    /// The interval of a collection's statistics; `nil` for a plain statistics query.
    public var interval: DateInterval?
    /// How many samples contributed (before merging overlapping sources).
    public var sampleCount: Int
    /// The mean of the values, discrete types only.
    public var average: Quantity?
    /// The smallest value, discrete types only.
    public var minimum: Quantity?
    /// The largest value, discrete types only.
    public var maximum: Quantity?
    /// The value of the sample ending last, discrete types only.
    public var mostRecent: Quantity?
    /// The start and end of that sample.
    public var mostRecentInterval: DateInterval?
    /// The total, cumulative types only, with overlapping sources merged by priority.
    public var sum: Quantity?
    /// Per source bundle identifier (with ``StatisticsOptions/separateBySource``); each entry's
    /// own `bySource` is empty and its sum is that source's plain total.
    public var bySource: [String: QuantityStatistics]

    /// Empty statistics: no samples, every value `nil`.
    public init(type: QuantityTypeIdentifier, interval: DateInterval? = nil) {
        self.type = type
        self.interval = interval
        sampleCount = 0
        bySource = [:]
    }

    /// The statistic an option names (the first of ``StatisticsOptions/sum``, average, minimum,
    /// maximum, most recent that is in `options`), or `nil`.
    public func value(for options: StatisticsOptions) -> Quantity? {
        if options.contains(.sum) { return sum }
        if options.contains(.average) { return average }
        if options.contains(.minimum) { return minimum }
        if options.contains(.maximum) { return maximum }
        if options.contains(.mostRecent) { return mostRecent }
        return nil
    }
}
