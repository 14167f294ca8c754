public import PaceModel

/// Every threshold of track processing for one activity, in one value.
///
/// ```swift
/// var configuration = TrackConfiguration.forActivity(.hiking)
/// configuration.autoPause = .disabled
/// ```
public struct TrackConfiguration: Hashable, Sendable {
    /// The activity the presets were chosen for.
    public var activity: WorkoutActivityType
    /// Gating and Kalman filter thresholds (accuracy limit, plausible speed, noise model, stillness).
    public var filter: TrackFilterConfiguration
    /// Auto-pause speeds (m/s) and dwell times (s).
    public var autoPause: AutoPauseConfiguration
    /// Window (s) and plausibility cap (m/s) of the maximum speed.
    public var speedStatistics: SpeedStatisticsConfiguration
    /// Altitude fusion and gain hysteresis (m).
    public var elevation: ElevationConfiguration

    /// Creates a configuration from its parts.
    public init(activity: WorkoutActivityType, filter: TrackFilterConfiguration, autoPause: AutoPauseConfiguration,
                speedStatistics: SpeedStatisticsConfiguration, elevation: ElevationConfiguration) {
        self.activity = activity
        self.filter = filter
        self.autoPause = autoPause
        self.speedStatistics = speedStatistics
        self.elevation = elevation
    }

    /// The presets for an activity: each part's own `forActivity(_:)`.
    public static func forActivity(_ activity: WorkoutActivityType) -> TrackConfiguration {
        TrackConfiguration(activity: activity, filter: .forActivity(activity), autoPause: .forActivity(activity),
                           speedStatistics: .forActivity(activity), elevation: .forActivity(activity))
    }
}
