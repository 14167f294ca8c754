import PaceStore

/// Which statistics to compute (Apple's `HKStatisticsOptions`), with Apple's raw values.
public struct HKStatisticsOptions: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Options from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Also each source's statistics.
    public static let separateBySource = HKStatisticsOptions(rawValue: 1 << 0)
    /// The average of a discrete type.
    public static let discreteAverage = HKStatisticsOptions(rawValue: 1 << 1)
    /// The minimum of a discrete type.
    public static let discreteMin = HKStatisticsOptions(rawValue: 1 << 2)
    /// The maximum of a discrete type.
    public static let discreteMax = HKStatisticsOptions(rawValue: 1 << 3)
    /// The sum of a cumulative type.
    public static let cumulativeSum = HKStatisticsOptions(rawValue: 1 << 4)
    /// The most recent value of a discrete type.
    public static let mostRecent = HKStatisticsOptions(rawValue: 1 << 5)
    /// The old name of ``mostRecent``.
    @available(*, deprecated, renamed: "mostRecent")
    public static let discreteMostRecent = HKStatisticsOptions(rawValue: 1 << 5)
    /// The time covered by the samples (not computed by Pace: the query fails).
    public static let duration = HKStatisticsOptions(rawValue: 1 << 6)

    /// Pace's options; `nil` when an option cannot be computed.
    var pace: StatisticsOptions? {
        guard !contains(.duration) else { return nil }
        var options: StatisticsOptions = []
        if contains(.separateBySource) { options.insert(.separateBySource) }
        if contains(.discreteAverage) { options.insert(.average) }
        if contains(.discreteMin) { options.insert(.minimum) }
        if contains(.discreteMax) { options.insert(.maximum) }
        if contains(.cumulativeSum) { options.insert(.sum) }
        if contains(.mostRecent) { options.insert(.mostRecent) }
        return options
    }
}
