public import PaceModel

/// Thresholds of ``AutoPauseDetector``.
///
/// Pausing and resuming use different speeds (hysteresis), so a speed hovering between them
/// never makes the timer flap; each also needs its condition to hold for a while, so a
/// one-second stop at a kerb or one noisy fast fix changes nothing.
///
/// ```swift
/// var detector = AutoPauseDetector(configuration: .forActivity(.hiking))
/// ```
public struct AutoPauseConfiguration: Hashable, Sendable {
    /// Below this speed, in metres per second, the athlete is slowing to a stop.
    public var pauseBelowSpeed: Double
    /// Above this speed, in metres per second, a paused athlete is moving again.
    ///
    /// Always at least ``pauseBelowSpeed``: the gap between the two is the hysteresis band,
    /// where the current state (moving or paused) is kept.
    public var resumeAboveSpeed: Double
    /// How long, in seconds, the speed must stay below ``pauseBelowSpeed`` before pausing.
    public var pauseAfter: Double
    /// How long, in seconds, the speed must stay above ``resumeAboveSpeed`` before resuming.
    public var resumeAfter: Double
    /// A step between two updates longer than this, in seconds, is judged by its average speed
    /// (distance over duration) rather than by the speeds at its ends.
    ///
    /// This is what keeps an hours-long gap (the app killed while the athlete had lunch) out of
    /// moving time, while a tunnel run through with no fixes still counts. Without a distance the
    /// step is taken as not moving.
    public var gapDuration: Double

    /// Creates a configuration; negative and NaN values become 0 and ``resumeAboveSpeed`` to at
    /// least ``pauseBelowSpeed``.
    ///
    /// - Parameters:
    ///   - pauseBelowSpeed: Speed in m/s under which a slow spell begins.
    ///   - resumeAboveSpeed: Speed in m/s over which a fast spell begins.
    ///   - pauseAfter: Duration in s a slow spell must last to pause.
    ///   - resumeAfter: Duration in s a fast spell must last to resume.
    ///   - gapDuration: Step duration in s beyond which a step is judged by its average speed.
    public init(pauseBelowSpeed: Double, resumeAboveSpeed: Double, pauseAfter: Double, resumeAfter: Double,
                gapDuration: Double = AutoPauseConfiguration.defaultGapDuration) {
        let pause = Self.sanitized(pauseBelowSpeed)
        self.pauseBelowSpeed = pause
        self.resumeAboveSpeed = max(pause, Self.sanitized(resumeAboveSpeed))
        self.pauseAfter = Self.sanitized(pauseAfter)
        self.resumeAfter = Self.sanitized(resumeAfter)
        self.gapDuration = Self.sanitized(gapDuration)
    }

    /// Default ``gapDuration``: 10 s, ten missed fixes at 1 Hz.
    public static let defaultGapDuration = 10.0

    /// Running, track, cross-country skiing, wheelchair at running pace, riding.
    ///
    /// Pause below 0.5 m/s (1.8 km/h, well under the slowest jog or a walking break at
    /// 1.2 m/s) for 3 s; resume above 1.0 m/s (3.6 km/h) for 2 s.
    public static let running = AutoPauseConfiguration(pauseBelowSpeed: 0.5, resumeAboveSpeed: 1.0,
                                                       pauseAfter: 3, resumeAfter: 2)
    /// Walking, wheelchair at walking pace, golf.
    ///
    /// Pause below 0.3 m/s (1.1 km/h; a slow stroll is 0.8 m/s) for 5 s; resume above 0.5 m/s
    /// (1.8 km/h) for 3 s.
    public static let walking = AutoPauseConfiguration(pauseBelowSpeed: 0.3, resumeAboveSpeed: 0.5,
                                                       pauseAfter: 5, resumeAfter: 3)
    /// Hiking, climbing, hunting.
    ///
    /// A steep ascent can be 0.3 m/s of ground speed, so pause only below 0.2 m/s (0.7 km/h)
    /// held for 10 s, and resume above 0.4 m/s (1.4 km/h) for 3 s: a hiker at 0.6 m/s is moving.
    public static let hiking = AutoPauseConfiguration(pauseBelowSpeed: 0.2, resumeAboveSpeed: 0.4,
                                                      pauseAfter: 10, resumeAfter: 3)
    /// Cycling, hand cycling, skating.
    ///
    /// A bicycle cannot balance much under 1 m/s: pause below 1.0 m/s (3.6 km/h) for 3 s; resume
    /// above 1.5 m/s (5.4 km/h, a restart on a steep climb) for 2 s.
    public static let cycling = AutoPauseConfiguration(pauseBelowSpeed: 1.0, resumeAboveSpeed: 1.5,
                                                       pauseAfter: 3, resumeAfter: 2)
    /// Downhill skiing, snowboarding, other snow sports.
    ///
    /// Pause below 0.5 m/s for 5 s (lift queues, waiting for friends); resume above 1.0 m/s for 2 s.
    public static let alpine = AutoPauseConfiguration(pauseBelowSpeed: 0.5, resumeAboveSpeed: 1.0,
                                                      pauseAfter: 5, resumeAfter: 2)
    /// Swimming, rowing, paddling, sailing and other water sports.
    ///
    /// Open-water swimming is 0.5–1.5 m/s and GPS is patchy when the watch is under water:
    /// pause below 0.2 m/s for 10 s; resume above 0.4 m/s for 5 s; judge steps over 20 s by their
    /// average speed.
    public static let water = AutoPauseConfiguration(pauseBelowSpeed: 0.2, resumeAboveSpeed: 0.4,
                                                     pauseAfter: 10, resumeAfter: 5, gapDuration: 20)
    /// Every other activity: walking-like, so slow activities are never paused while moving.
    ///
    /// Pause below 0.3 m/s for 5 s; resume above 0.6 m/s for 3 s.
    public static let general = AutoPauseConfiguration(pauseBelowSpeed: 0.3, resumeAboveSpeed: 0.6,
                                                       pauseAfter: 5, resumeAfter: 3)

    /// Auto-pause switched off: the detector never pauses, so moving time equals elapsed time.
    public static let disabled = AutoPauseConfiguration(pauseBelowSpeed: 0, resumeAboveSpeed: 0,
                                                        pauseAfter: .infinity, resumeAfter: 0,
                                                        gapDuration: .infinity)

    /// The preset for `activity` (see the static presets for the values and the reasons).
    public static func forActivity(_ activity: WorkoutActivityType) -> Self {
        switch MetricsActivityGroup(activity) {
        case .running: .running
        case .walking: .walking
        case .hiking: .hiking
        case .cycling: .cycling
        case .alpine: .alpine
        case .water: .water
        case .general: .general
        }
    }

    // NaN and negative values become 0; +infinity is kept (an infinite `pauseAfter` never pauses).
    private static func sanitized(_ value: Double) -> Double {
        value > 0 ? value : 0
    }
}
