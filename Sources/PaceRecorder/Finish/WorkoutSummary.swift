public import Foundation
public import PaceModel
package import PaceStore

/// What a finished recording adds up to, stored beside its workout.
///
/// Distances in metres, times in seconds, speeds in m/s, heart rate in beats per minute, cadence
/// per minute, power in watts, energy in kilocalories.
public struct WorkoutSummary: Hashable, Sendable, Codable {
    /// Distance while the timer ran.
    public var distance: Double
    /// From start to finish, pauses included.
    public var elapsedTime: Double
    /// The timer: elapsed minus pauses (HealthKit's workout duration).
    public var duration: Double
    /// Time spent moving.
    public var movingTime: Double
    /// Distance over moving time.
    public var averageSpeed: Double?
    /// Fastest sustained speed.
    public var maximumSpeed: Double?
    /// Average heart rate while the timer ran.
    public var averageHeartRate: Double?
    /// Highest heart rate.
    public var maximumHeartRate: Double?
    /// Seconds in heart-rate zones 0…5.
    public var timeInHeartRateZones: [Double]
    /// Average cadence.
    public var averageCadence: Double?
    /// Average power.
    public var averagePower: Double?
    /// Highest power.
    public var maximumPower: Double?
    /// Elevation gained.
    public var elevationGain: Double?
    /// Elevation lost.
    public var elevationLoss: Double?
    /// Active energy estimate (see docs/DECISIONS.md, "Energy estimate").
    public var activeEnergy: Double
    /// Completed kilometre splits.
    public var kilometerSplits: [SplitSummary]
    /// Laps as the user pressed them (one lap when never pressed).
    public var laps: [LapSummary]
    /// GPS fixes received.
    public var fixCount: Int
    /// GPS fixes the filter accepted.
    public var acceptedFixCount: Int
    /// Heart-rate readings received.
    public var heartRateCount: Int

    /// One split.
    public struct SplitSummary: Hashable, Sendable, Codable {
        /// 1-based.
        public var index: Int
        /// Metres.
        public var distance: Double
        /// Seconds from the split's start to its end.
        public var elapsedTime: Double
        /// Seconds moving within it.
        public var movingTime: Double
    }

    /// One lap.
    public struct LapSummary: Hashable, Sendable, Codable {
        /// When it began.
        public var start: Date
        /// Seconds it lasted.
        public var duration: Double
        /// Metres covered.
        public var distance: Double
        /// Average heart rate within it.
        public var averageHeartRate: Double?
    }
}

/// A saved recording: the workout, the objects saved with it, and its summary.
public struct RecordedWorkout: Sendable {
    /// The workout.
    public var workout: Workout
    /// The route, when there were usable fixes.
    public var route: WorkoutRoute?
    /// Everything saved: the workout, its samples and its route.
    public var objects: [HealthObject]
    /// The totals.
    public var summary: WorkoutSummary

    /// The samples among ``objects``, which belong to the workout.
    package var association: WorkoutAssociation {
        WorkoutAssociation(workoutID: workout.id, sampleIDs: objects.compactMap { object in
            switch object {
            case .quantitySample, .categorySample: object.id
            case .workout, .workoutRoute: nil
            }
        })
    }
}
