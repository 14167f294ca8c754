public import Foundation
public import PaceModel

/// What the history needs of one workout: its identity, activity, start and totals.
///
/// Built from a stored ``Workout`` alone (cheap for thousands of workouts) or with its
/// ``WorkoutAnalysis`` (moving time, elevation from the route, heart rate, best efforts).
public struct WorkoutDigest: Hashable, Sendable {
    /// The workout's UUID.
    public var id: UUID
    /// Its activity.
    public var activityType: WorkoutActivityType
    /// When it started.
    public var startDate: Date
    /// Metres; 0 when unknown.
    public var distance: Double
    /// The timer in seconds (elapsed minus pauses).
    public var duration: Double
    /// Seconds moving; the timer when no route tells.
    public var movingTime: Double
    /// Metres climbed; 0 when unknown.
    public var elevationGain: Double
    /// Average heart rate while the timer ran, beats per minute.
    public var averageHeartRate: Double?
    /// The fastest times over the effort distances.
    public var bestEfforts: [BestEffort]
    /// The best 20-minute (or configured window) power in W.
    public var bestWindowPower: Double?

    /// Creates a digest from its parts.
    public init(id: UUID, activityType: WorkoutActivityType, startDate: Date, distance: Double, duration: Double,
                movingTime: Double? = nil, elevationGain: Double = 0, averageHeartRate: Double? = nil,
                bestEfforts: [BestEffort] = [], bestWindowPower: Double? = nil) {
        self.id = id
        self.activityType = activityType
        self.startDate = startDate
        self.distance = distance
        self.duration = duration
        self.movingTime = movingTime ?? duration
        self.elevationGain = elevationGain
        self.averageHeartRate = averageHeartRate
        self.bestEfforts = bestEfforts
        self.bestWindowPower = bestWindowPower
    }

    /// The digest of a stored workout, from its own totals and metadata only.
    public init(_ workout: Workout) {
        let gain: Double? = if case .quantity(let quantity)? = workout.metadata[.elevationAscended] {
            try? quantity.doubleValue(for: .meter)
        } else { nil }
        self.init(id: workout.id, activityType: workout.activityType, startDate: workout.startDate,
                  distance: (try? workout.totalDistance?.doubleValue(for: .meter)) ?? 0,
                  duration: workout.duration, elevationGain: gain ?? 0)
    }

    /// The digest of a workout with its analysis (moving time, elevation, heart rate, best efforts).
    public init(_ workout: Workout, analysis: WorkoutAnalysis) {
        self.init(id: workout.id, activityType: workout.activityType, startDate: workout.startDate,
                  distance: analysis.distance ?? 0, duration: analysis.duration, movingTime: analysis.movingTime,
                  elevationGain: analysis.elevationGain ?? 0, averageHeartRate: analysis.heartRate?.average,
                  bestEfforts: analysis.bestEfforts, bestWindowPower: analysis.bestWindowPower)
    }
}
