public import Foundation
public import PaceModel

/// A health measure followed over time: resting heart rate, body mass, steps, sleep or VO2max.
public enum HealthMetric: String, Hashable, Sendable, CaseIterable, Codable {
    /// Resting heart rate, count/min (mean of the samples).
    case restingHeartRate
    /// Body mass, kg (mean of the samples).
    case bodyMass
    /// Steps, count (sum per day).
    case steps
    /// Time asleep, seconds (sum per night, overlaps merged).
    case sleep
    /// VO2max, mL/(kg·min) (mean of the samples).
    case vo2Max

    /// The quantity type the metric reads; `nil` for sleep, a category type.
    public var quantityType: QuantityTypeIdentifier? {
        switch self {
        case .restingHeartRate: .restingHeartRate
        case .bodyMass: .bodyMass
        case .steps: .stepCount
        case .sleep: nil
        case .vo2Max: .vo2Max
        }
    }

    /// The unit of the values, as HealthKit writes it.
    public var unit: String {
        switch self {
        case .restingHeartRate: "count/min"
        case .bodyMass: "kg"
        case .steps: "count"
        case .sleep: "s"
        case .vo2Max: "mL/(kg*min)"
        }
    }

    /// Whether the values are daily totals (steps, sleep) rather than measurements.
    public var isDailyTotal: Bool { self == .steps || self == .sleep }
}

/// One metric's values per day, week, month or year.
///
/// - Measurements (resting heart rate, body mass, VO2max): the mean of the samples that start in
///   the period.
/// - Daily totals (steps, sleep): per day, the sum (steps by the day a sample starts; sleep by the
///   day a night's asleep interval ends, overlapping intervals of several sources merged first); per
///   longer period, the mean of the days that have any.
///
/// ```swift
/// let weekly = HealthTrend(.restingHeartRate, values: series, by: .week, calendar: calendar)
/// weekly.points.first?.value   // count/min
/// ```
public struct HealthTrend: Hashable, Sendable {
    /// One period's value.
    public struct Point: Hashable, Sendable {
        /// The period.
        public var interval: DateInterval
        /// The value in ``HealthMetric/unit``.
        public var value: Double
        /// Samples (measurements) or days (daily totals) behind the value.
        public var count: Int
    }

    /// The metric.
    public var metric: HealthMetric
    /// The period length.
    public var period: HistoryPeriod
    /// The periods with data, oldest first.
    public var points: [Point]

    /// The trend of a quantity metric.
    ///
    /// - Parameters:
    ///   - metric: A metric with a ``HealthMetric/quantityType``.
    ///   - values: Its samples in the unit of ``HealthMetric/unit``, in any order.
    ///   - period: The period of each point.
    ///   - calendar: The user's calendar.
    public init(_ metric: HealthMetric, values: [TimedQuantity], by period: HistoryPeriod, calendar: Calendar) {
        self.metric = metric
        self.period = period
        if metric.isDailyTotal {
            var days: [Date: Double] = [:]
            for value in values { days[calendar.startOfDay(for: value.start), default: 0] += value.value }
            points = Self.points(days: days, by: period, calendar: calendar)
        } else {
            var sums: [Date: (interval: DateInterval, sum: Double, count: Int)] = [:]
            for value in values {
                let interval = calendar.interval(of: period, containing: value.start)
                var entry = sums[interval.start] ?? (interval, 0, 0)
                entry.sum += value.value
                entry.count += 1
                sums[interval.start] = entry
            }
            points = sums.values.map { Point(interval: $0.interval, value: $0.sum / Double($0.count), count: $0.count) }
                .sorted { $0.interval.start < $1.interval.start }
        }
    }

    /// The trend of sleep from sleep-analysis samples: asleep values (unspecified, core, deep, REM)
    /// count, in bed and awake do not.
    ///
    /// - Parameters:
    ///   - sleep: Sleep-analysis category samples, in any order (other types are ignored).
    ///   - period: The period of each point.
    ///   - calendar: The user's calendar.
    public init(sleep: [CategorySample], by period: HistoryPeriod, calendar: Calendar) {
        metric = .sleep
        self.period = period
        let asleep: Set<Int> = [1, 3, 4, 5]
        let intervals = sleep.filter { $0.type == .sleepAnalysis && asleep.contains($0.value) && $0.endDate > $0.startDate }
            .map { ($0.startDate, $0.endDate) }
            .sorted { $0.0 < $1.0 }
        var merged: [(Date, Date)] = []
        for interval in intervals {
            if let last = merged.last, interval.0 <= last.1 {
                merged[merged.count - 1].1 = max(last.1, interval.1)
            } else {
                merged.append(interval)
            }
        }
        var days: [Date: Double] = [:]
        for (start, end) in merged { days[calendar.startOfDay(for: end), default: 0] += end.timeIntervalSince(start) }
        points = Self.points(days: days, by: period, calendar: calendar)
    }

    /// Daily totals as points: the days themselves, or the mean per day with data over each period.
    private static func points(days: [Date: Double], by period: HistoryPeriod, calendar: Calendar) -> [Point] {
        var periods: [Date: (interval: DateInterval, sum: Double, count: Int)] = [:]
        for (day, total) in days {
            let interval = calendar.interval(of: period, containing: day)
            var entry = periods[interval.start] ?? (interval, 0, 0)
            entry.sum += total
            entry.count += 1
            periods[interval.start] = entry
        }
        return periods.values.map { Point(interval: $0.interval, value: $0.sum / Double($0.count), count: $0.count) }
            .sorted { $0.interval.start < $1.interval.start }
    }
}
