import Foundation
public import PaceModel

/// The health objects one recorded activity becomes: a workout, its route, and its samples.
public struct ConvertedActivity: Sendable {
    /// The workout, with totals, events, statistics and an import sync identifier.
    public var workout: Workout
    /// The route (raw positions as recorded), or `nil` when the file has no positions with times.
    public var route: WorkoutRoute?
    /// Heart-rate (and, where the sport has a HealthKit type for them, cadence and power) samples.
    public var samples: [QuantitySample]
    /// What was dropped or derived, one sentence each (e.g. "distance computed by the filter").
    public var notes: [String]

    /// Every object, workout first, ready for one atomic `HealthStore.save(_:)`.
    public var objects: [HealthObject] {
        [.workout(workout)] + (route.map { [.workoutRoute($0)] } ?? []) + samples.map(HealthObject.quantitySample)
    }
}

/// Why an activity could not become a workout.
public struct ActivityConversionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong and what to do.
    public var message: String
    /// The message.
    public var description: String { message }
}
