public import Foundation
import PaceModel

/// One day's rings: move, exercise, stand, with their goals (Apple's `HKActivitySummary`).
/// Quantities missing that day are zero, as in HealthKit.
public final class HKActivitySummary: NSObject, @unchecked Sendable {
    let summary: ActivitySummary

    init(_ summary: ActivitySummary) {
        self.summary = summary
    }

    /// The day, as the calendar's era, year, month and day.
    public func dateComponents(for calendar: Calendar) -> DateComponents {
        var components = summary.day
        components.calendar = calendar
        return components
    }

    private func quantity(_ value: Quantity?, _ unit: HealthUnit) -> HKQuantity {
        HKQuantity(value ?? Quantity(value: 0, unit: unit))
    }

    /// Active energy burned, in kilocalories.
    public var activeEnergyBurned: HKQuantity { quantity(summary.activeEnergyBurned, .kilocalorie) }
    /// The move goal in energy.
    public var activeEnergyBurnedGoal: HKQuantity { quantity(summary.activeEnergyBurnedGoal, .kilocalorie) }
    /// Move time, in minutes.
    public var appleMoveTime: HKQuantity { quantity(summary.appleMoveTime, .minute) }
    /// The move goal in time.
    public var appleMoveTimeGoal: HKQuantity { quantity(summary.appleMoveTimeGoal, .minute) }
    /// Exercise time, in minutes.
    public var appleExerciseTime: HKQuantity { quantity(summary.appleExerciseTime, .minute) }
    /// The exercise goal.
    public var exerciseTimeGoal: HKQuantity { quantity(summary.appleExerciseTimeGoal, .minute) }
    /// The exercise goal (its older name).
    @available(*, deprecated, renamed: "exerciseTimeGoal")
    public var appleExerciseTimeGoal: HKQuantity { exerciseTimeGoal }
    /// Hours with a stand, a count.
    public var appleStandHours: HKQuantity { quantity(summary.appleStandHours, .count) }
    /// The stand goal.
    public var standHoursGoal: HKQuantity { quantity(summary.appleStandHoursGoal, .count) }
    /// The stand goal (its older name).
    @available(*, deprecated, renamed: "standHoursGoal")
    public var appleStandHoursGoal: HKQuantity { standHoursGoal }
    /// What the Move ring counts: time when a move-time goal is set, else energy.
    public var activityMoveMode: HKActivityMoveMode { summary.appleMoveTimeGoal != nil ? .appleMoveTime : .activeEnergy }
}
