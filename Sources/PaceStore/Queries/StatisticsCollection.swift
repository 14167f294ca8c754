public import Foundation
public import PaceModel

/// Statistics per calendar interval (HealthKit's `HKStatisticsCollection`): one entry for every
/// interval of the range, empty intervals included with `sampleCount == 0` and `nil` values.
///
/// ```swift
/// let daily = try await store.statisticsCollection(for: .stepCount, anchor: midnight,
///                                            interval: DateComponents(day: 1), from: start, to: end, calendar: calendar)
/// for day in daily.statistics { print(day.interval!.start, day.sum?.value ?? 0) }
/// ```
public struct StatisticsCollection: Sendable, Hashable {
    /// The quantity type.
    public var type: QuantityTypeIdentifier
    /// The statistics that were computed.
    public var options: StatisticsOptions
    /// One entry per interval, oldest first; each has its ``QuantityStatistics/interval``.
    public var statistics: [QuantityStatistics]

    /// Creates a collection.
    public init(type: QuantityTypeIdentifier, options: StatisticsOptions, statistics: [QuantityStatistics]) {
        self.type = type
        self.options = options
        self.statistics = statistics
    }

    /// The statistics of the interval holding `date` (start included, end excluded), or `nil` outside the range.
    public func statistics(for date: Date) -> QuantityStatistics? {
        statistics.first { entry in entry.interval.map { $0.start <= date && date < $0.end } ?? false }
    }

    /// Calls `body` for every interval from the one holding `start` to the one holding `end`, empty ones included.
    public func enumerateStatistics(from start: Date, to end: Date, _ body: (QuantityStatistics) throws -> Void) rethrows {
        for entry in statistics {
            guard let interval = entry.interval, interval.end > start, interval.start <= end else { continue }
            try body(entry)
        }
    }
}
