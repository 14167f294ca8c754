public import Foundation
public import PaceModel

/// The totals of one activity over one week, month or year.
///
/// ```swift
/// let weeks = PeriodTotals.totals(of: digests, by: .week, calendar: .history(timeZone: .current))
/// weeks.first?.distance   // metres
/// ```
public struct PeriodTotals: Hashable, Sendable {
    /// The period: its local start and end (the end excluded).
    public var interval: DateInterval
    /// The activity.
    public var activityType: WorkoutActivityType
    /// Workouts started in the period.
    public var count: Int
    /// Metres.
    public var distance: Double
    /// Seconds of timer.
    public var duration: Double
    /// Seconds moving.
    public var movingTime: Double
    /// Metres climbed.
    public var elevationGain: Double

    /// Adds up workouts per period and activity; a workout counts in the period it started in.
    ///
    /// - Parameters:
    ///   - workouts: The workouts, in any order.
    ///   - period: Week, month or year (or day).
    ///   - calendar: The user's calendar (``Foundation/Calendar/history(timeZone:firstWeekday:)``).
    /// - Returns: One entry per period and activity that has a workout, by period start, then activity name.
    public static func totals(of workouts: [WorkoutDigest], by period: HistoryPeriod, calendar: Calendar) -> [PeriodTotals] {
        struct Key: Hashable {
            var start: Date
            var activity: WorkoutActivityType
        }
        var totals: [Key: PeriodTotals] = [:]
        for workout in workouts {
            let interval = calendar.interval(of: period, containing: workout.startDate)
            let key = Key(start: interval.start, activity: workout.activityType)
            var entry = totals[key] ?? PeriodTotals(interval: interval, activityType: workout.activityType, count: 0,
                                                    distance: 0, duration: 0, movingTime: 0, elevationGain: 0)
            entry.count += 1
            entry.distance += workout.distance
            entry.duration += workout.duration
            entry.movingTime += workout.movingTime
            entry.elevationGain += workout.elevationGain
            totals[key] = entry
        }
        return totals.values.sorted {
            ($0.interval.start, $0.activityType.name) < ($1.interval.start, $1.activityType.name)
        }
    }
}
