public import PaceModel

/// Which statistics a statistics query computes, like HealthKit's `HKStatisticsOptions`.
///
/// Discrete types (heart rate, body mass) take ``average``, ``minimum``, ``maximum`` and
/// ``mostRecent``; cumulative types (steps, distance, energy) take ``sum``. Any other pairing
/// is ``StoreError/Code/optionDoesNotFitType``.
///
/// ```swift
/// let stats = try await store.statistics(for: .heartRate, options: [.average, .maximum])
/// ```
public struct StatisticsOptions: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The mean of a discrete type's values (arithmetic, over samples).
    public static let average = StatisticsOptions(rawValue: 1 << 0)
    /// The smallest value of a discrete type.
    public static let minimum = StatisticsOptions(rawValue: 1 << 1)
    /// The largest value of a discrete type.
    public static let maximum = StatisticsOptions(rawValue: 1 << 2)
    /// The value and date interval of the sample that ends last (discrete types).
    public static let mostRecent = StatisticsOptions(rawValue: 1 << 3)
    /// The total of a cumulative type, overlapping sources merged by priority.
    public static let sum = StatisticsOptions(rawValue: 1 << 4)
    /// Also compute every statistic per source (bundle identifier), without merging.
    public static let separateBySource = StatisticsOptions(rawValue: 1 << 5)

    /// The discrete statistics.
    static let discrete: StatisticsOptions = [.average, .minimum, .maximum, .mostRecent]

    /// The default for a type: ``sum`` for cumulative types, ``average`` for discrete ones.
    public static func `default`(for type: QuantityTypeIdentifier) -> StatisticsOptions {
        type.descriptor.aggregationStyle.isCumulative ? .sum : .average
    }

    /// Throws unless every requested statistic fits the type's aggregation style.
    func validate(for type: QuantityTypeIdentifier) throws(StoreError) {
        let style = type.descriptor.aggregationStyle
        if intersection(Self.discrete.union(.sum)).isEmpty {
            throw StoreError(code: .noStatisticRequested,
                message: "No statistic was requested for \(type.rawValue). Pass .sum for a cumulative type or .average, .minimum, .maximum or .mostRecent for a discrete one.")
        }
        if style.isCumulative, !intersection(Self.discrete).isEmpty {
            throw StoreError(code: .optionDoesNotFitType,
                message: "\(type.rawValue) is cumulative: its samples add up, so average, minimum, maximum and most recent do not apply. Ask for the sum.")
        }
        if style.isDiscrete, contains(.sum) {
            throw StoreError(code: .optionDoesNotFitType,
                message: "\(type.rawValue) is discrete (\(style.rawValue)): its samples do not add up, so a sum does not apply. Ask for the average, minimum, maximum or most recent value.")
        }
    }
}
