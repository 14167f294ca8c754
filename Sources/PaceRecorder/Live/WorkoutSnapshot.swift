public import Foundation
public import PaceModel

/// What a live display shows, once per second: the session's state and numbers at one instant.
///
/// Speeds are in m/s, paces in seconds per kilometre, distances and altitudes in metres, times in
/// seconds, heart rate in beats per minute, cadence per minute, power in watts. `nil` means not
/// known (no sensor, or not yet).
public struct WorkoutSnapshot: Hashable, Sendable {
    /// The state at the snapshot.
    public var state: WorkoutSessionState
    /// The instant, on the session's clock.
    public var time: Date
    /// What is being recorded.
    public var activityType: WorkoutActivityType
    /// Whether to show pace (running, walking, hiking …) rather than speed (cycling, skiing …).
    public var showsPace: Bool
    /// The timer: seconds since the start minus pauses.
    public var elapsedTime: Double
    /// Seconds spent moving, by auto-pause's judgement.
    public var movingTime: Double
    /// Distance in metres while the timer ran.
    public var distance: Double
    /// Current speed in m/s.
    public var currentSpeed: Double?
    /// Average moving speed in m/s.
    public var averageSpeed: Double?
    /// Current pace in s/km.
    public var currentPace: Double? { currentSpeed.flatMap { $0 > 0.3 ? 1000 / $0 : nil } }
    /// Average pace in s/km.
    public var averagePace: Double? { averageSpeed.flatMap { $0 > 0.3 ? 1000 / $0 : nil } }
    /// Latest heart rate.
    public var heartRate: Double?
    /// Average heart rate while the timer ran.
    public var averageHeartRate: Double?
    /// Zone 0…5 of the latest heart rate.
    public var heartRateZone: Int?
    /// Latest cadence (sensor, or steps from the accelerometer).
    public var cadence: Double?
    /// Latest power.
    public var power: Double?
    /// Best altitude estimate.
    public var altitude: Double?
    /// Elevation gained so far.
    public var elevationGain: Double
    /// Elevation lost so far.
    public var elevationLoss: Double
    /// The kilometre split in progress (1-based).
    public var currentSplit: Int
    /// Metres into the current split.
    public var splitDistance: Double
    /// Horizontal accuracy of the latest fix in metres.
    public var gpsAccuracy: Double?
    /// The GPS signal.
    public var gpsSignal: GPSSignal
    /// The highest reading sequence number durably journaled.
    public var acknowledgedSequence: Int64

    /// How good the GPS signal is.
    public enum GPSSignal: String, Hashable, Sendable {
        /// No fix has arrived yet.
        case searching
        /// Fixes arrive with accuracy ≤ 20 m.
        case good
        /// Fixes arrive but are poor (> 20 m).
        case weak
        /// No fix for longer than the session's GPS-loss timeout (10 s by default).
        case lost
    }
}
