public import Foundation
public import PaceModel

/// The best performance of one kind in one activity, with the workout that set it.
///
/// Kinds are the best efforts (fastest time over a distance, ``EffortDistance``) and the best
/// window power (``WorkoutAnalysis/bestWindowPower``). Of equal performances the earliest holds
/// the record: it set it first.
///
/// ```swift
/// let records = PersonalRecord.records(in: digests)
/// records.first { $0.effort == "5km" }?.workoutID
/// ```
public struct PersonalRecord: Hashable, Sendable {
    /// The activity.
    public var activityType: WorkoutActivityType
    /// The effort's stable name: an ``EffortDistance/name`` (`"5km"`) or ``bestPowerName`` (`"power20min"`).
    public var effort: String
    /// For a distance effort, its length in metres.
    public var distance: Double?
    /// For a distance effort, the time in seconds.
    public var duration: Double?
    /// For the power effort, the mean power in W.
    public var power: Double?
    /// The workout that set the record.
    public var workoutID: UUID
    /// When that workout started.
    public var date: Date

    /// The effort name of the best window power.
    public static let bestPowerName = "power20min"

    /// Creates a record.
    public init(activityType: WorkoutActivityType, effort: String, distance: Double? = nil, duration: Double? = nil,
                power: Double? = nil, workoutID: UUID, date: Date) {
        self.activityType = activityType
        self.effort = effort
        self.distance = distance
        self.duration = duration
        self.power = power
        self.workoutID = workoutID
        self.date = date
    }

    /// The records of each activity over some workouts.
    ///
    /// - Parameter workouts: Digests carrying best efforts and window power (built with an analysis).
    /// - Returns: Per activity (by name), the distance efforts shortest first, then the power record.
    public static func records(in workouts: [WorkoutDigest]) -> [PersonalRecord] {
        struct Key: Hashable {
            var activity: WorkoutActivityType
            var effort: String
        }
        func better(_ new: PersonalRecord, than old: PersonalRecord?) -> Bool {
            guard let old else { return true }
            if let power = new.power, let oldPower = old.power, power != oldPower { return power > oldPower }
            if let time = new.duration, let oldTime = old.duration, time != oldTime { return time < oldTime }
            return new.date < old.date
        }
        var best: [Key: PersonalRecord] = [:]
        for workout in workouts {
            var candidates = workout.bestEfforts.map {
                PersonalRecord(activityType: workout.activityType, effort: $0.distance.name, distance: $0.distance.meters,
                               duration: $0.duration, workoutID: workout.id, date: workout.startDate)
            }
            if let power = workout.bestWindowPower {
                candidates.append(PersonalRecord(activityType: workout.activityType, effort: bestPowerName, power: power,
                                                 workoutID: workout.id, date: workout.startDate))
            }
            for candidate in candidates {
                let key = Key(activity: candidate.activityType, effort: candidate.effort)
                if better(candidate, than: best[key]) { best[key] = candidate }
            }
        }
        return best.values.sorted {
            ($0.activityType.name, $0.distance ?? .infinity, $0.effort) < ($1.activityType.name, $1.distance ?? .infinity, $1.effort)
        }
    }
}
