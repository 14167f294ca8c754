public import Foundation
public import PaceTrack
public import PaceModel

/// A stored workout as people read it: totals, times, pace and speed, heart rate, cadence, power,
/// elevation, splits, laps and pauses — computed from the workout, its route and its samples
/// alone, so a recorded and an imported workout are described alike (docs/DECISIONS.md, 93).
///
/// Distances in metres, times in seconds, speeds in m/s, paces in seconds per kilometre or mile,
/// heart rate and cadence per minute, power in watts. `nil` means not known: no route, no samples
/// of that type, no altitude.
public struct WorkoutAnalysis: Hashable, Sendable {
    /// Total distance: the workout's own total, else the route's (filtered) distance.
    public var distance: Double?
    /// From start to end, pauses included.
    public var elapsedTime: Double
    /// The timer: elapsed minus pauses (HealthKit's workout duration).
    public var duration: Double
    /// Time spent moving by auto-pause's judgement over the route, at most ``duration``; `nil` without a route.
    public var movingTime: Double?
    /// ``distance`` over ``movingTime`` (over ``duration`` without a route).
    public var averageSpeed: Double?
    /// Distance over moving time in m/s; `nil` without a route or a distance.
    public var movingSpeed: Double?
    /// Distance over the timer (``duration``) in m/s; `nil` without a distance.
    public var timerSpeed: Double?
    /// The best speed in m/s: the fastest held for ``maximumSpeedWindow`` seconds (the highest
    /// rolling minimum, so one noisy point cannot set it); `nil` without a route.
    public var maximumSpeed: Double?
    /// The window, in seconds, ``maximumSpeed`` must be held for (5 s running and walking, 3 s
    /// cycling, 10 s on water: PaceTrack's `SpeedStatisticsConfiguration`).
    public var maximumSpeedWindow: Double
    /// Heart rate while the timer ran.
    public var heartRate: SeriesSummary?
    /// Cadence while the timer ran.
    public var cadence: SeriesSummary?
    /// Power while the timer ran.
    public var power: SeriesSummary?
    /// Time in each heart-rate zone while the timer ran; `nil` without heart rate.
    public var heartRateZones: HeartRateZoneTimes?
    /// Normalised power in W (``PowerSeries/normalizedPower``); `nil` under 30 s of power.
    public var normalizedPower: Double?
    /// The best mean power over ``Options/powerWindow`` seconds (20 minutes by default), in W;
    /// `nil` when the power series is shorter.
    public var bestWindowPower: Double?
    /// The fastest time over each of ``Options/effortDistances`` the route is long enough for.
    public var bestEfforts: [BestEffort]
    /// Elevation gained: the workout's `HKElevationAscended`, else from the route's altitudes.
    public var elevationGain: Double?
    /// Elevation lost: the workout's `HKElevationDescended`, else from the route's altitudes.
    public var elevationLoss: Double?
    /// Kilometre splits along the route, the last one partial.
    public var kilometerSplits: [Split]
    /// Mile splits along the route, the last one partial.
    public var mileSplits: [Split]
    /// The laps: the workout's lap events, or one lap spanning the workout when it has none.
    public var laps: [LapSummary]
    /// The pauses, in time order.
    public var pauses: [Pause]

    /// Average pace in seconds per kilometre; `nil` without a speed.
    public var averagePacePerKilometer: Double? { averageSpeed.flatMap { Pace.secondsPerKilometer(speed: $0) } }
    /// Average pace in seconds per mile; `nil` without a speed.
    public var averagePacePerMile: Double? { averageSpeed.flatMap { Pace.secondsPerMile(speed: $0) } }

    /// The splits in one unit.
    public func splits(in unit: SplitUnit) -> [Split] {
        unit == .kilometer ? kilometerSplits : mileSplits
    }

    /// Average, minimum and maximum of a sample series, in its canonical unit (count/min, W).
    public struct SeriesSummary: Hashable, Sendable {
        /// Mean of the samples.
        public var average: Double
        /// Lowest sample.
        public var minimum: Double
        /// Highest sample.
        public var maximum: Double
        /// Samples counted.
        public var count: Int
    }

    /// One lap.
    public struct LapSummary: Hashable, Sendable {
        /// 1-based.
        public var index: Int
        /// When it began.
        public var start: Date
        /// When it ended.
        public var end: Date
        /// Seconds from start to end, pauses included.
        public var elapsedTime: Double
        /// The timer within the lap: as the file stated it, else elapsed minus pauses.
        public var timerTime: Double
        /// Metres: as the file stated it, else along the route; `nil` without either.
        public var distance: Double?
        /// Average heart rate within the lap, count/min.
        public var averageHeartRate: Double?
        /// Highest heart rate within the lap, count/min.
        public var maximumHeartRate: Double?

        /// ``distance`` over ``timerTime`` in m/s.
        public var averageSpeed: Double? {
            guard let distance, distance > 0, timerTime > 0 else { return nil }
            return distance / timerTime
        }
    }

    /// What the analysis is asked to compute beyond the workout's own data.
    public struct Options: Hashable, Sendable {
        /// The heart-rate zones time is counted in.
        public var zones: HeartRateZones
        /// The distances of the best efforts.
        public var effortDistances: [EffortDistance]
        /// The window of ``WorkoutAnalysis/bestWindowPower``, in seconds (1200, 20 minutes).
        public var powerWindow: Int

        /// Creates options; the defaults are zones of a 190 bpm maximum, the standard effort
        /// distances and a 20-minute power window.
        public init(zones: HeartRateZones = HeartRateZones(), effortDistances: [EffortDistance] = EffortDistance.standard,
                    powerWindow: Int = 1200) {
            self.zones = zones
            self.effortDistances = effortDistances
            self.powerWindow = powerWindow
        }
    }

    /// One pause of the timer (the shared model type).
    public typealias Pause = WorkoutPause
}
