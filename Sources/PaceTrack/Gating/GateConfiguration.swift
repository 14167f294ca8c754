public import PaceModel

/// Thresholds of ``FixGate``: which raw fixes are too inaccurate or too implausible to use.
///
/// The speed and acceleration limits are physical limits of the activity with a margin — what a
/// human (or a bicycle) cannot do — not typical values: the gate only removes fixes that are
/// certainly wrong. Subtler errors, such as a 20 m multipath jump whose reported accuracy hides
/// it, are left to the Kalman filter's innovation test (``TrackFilter``).
///
/// ```swift
/// var gate = FixGate(configuration: .forActivity(.running))
/// let storedRouteGate = GateConfiguration.healthKitRoute     // 50 m, as HealthKit routes
/// ```
public struct GateConfiguration: Hashable, Sendable {
    /// Fixes whose 68 % horizontal accuracy radius exceeds this, in metres, are rejected as
    /// ``RejectionReason/inaccurate``.
    ///
    /// 20 m keeps recordings clean (open-sky fixes are 3–10 m); HealthKit keeps route locations
    /// up to 50 m (``healthKitRouteAccuracy``).
    public var maxHorizontalAccuracy: Double
    /// Highest plausible ground speed of the activity, in metres per second.
    public var maxSpeed: Double
    /// Highest plausible change of ground speed, in metres per second squared.
    public var maxAcceleration: Double
    /// Fixes closer in time than this to the previous one, in seconds, are duplicates.
    public var minimumTimeStep: Double
    /// After this many consecutive ``RejectionReason/implausibleJump`` rejections, the gate
    /// trusts the new fix and re-anchors on it, so one bad accepted fix cannot lock the gate out.
    public var jumpReanchorCount: Int

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - maxHorizontalAccuracy: Largest usable 68 % horizontal accuracy radius in m.
    ///   - maxSpeed: Largest plausible speed in m/s.
    ///   - maxAcceleration: Largest plausible speed change in m/s².
    ///   - minimumTimeStep: Smallest time step in s between distinct fixes.
    ///   - jumpReanchorCount: Consecutive jump rejections after which the gate re-anchors.
    public init(maxHorizontalAccuracy: Double = GateConfiguration.recordingAccuracy, maxSpeed: Double,
                maxAcceleration: Double, minimumTimeStep: Double = GateConfiguration.defaultMinimumTimeStep,
                jumpReanchorCount: Int = GateConfiguration.defaultJumpReanchorCount) {
        self.maxHorizontalAccuracy = maxHorizontalAccuracy
        self.maxSpeed = maxSpeed
        self.maxAcceleration = maxAcceleration
        self.minimumTimeStep = minimumTimeStep
        self.jumpReanchorCount = jumpReanchorCount
    }

    /// Accuracy limit for recording, in metres: 20 m.
    public static let recordingAccuracy = 20.0
    /// HealthKit's accuracy limit for workout route locations, in metres: 50 m.
    public static let healthKitRouteAccuracy = 50.0
    /// Default ``minimumTimeStep``: 10 ms, well below the 100 ms of a 10 Hz receiver.
    public static let defaultMinimumTimeStep = 0.01
    /// Default ``jumpReanchorCount``: 3 fixes, longer than a typical 1–3 fix multipath episode.
    public static let defaultJumpReanchorCount = 3

    /// The gate for `activity`, with the 20 m recording accuracy limit.
    ///
    /// Limits (speed m/s, acceleration m/s²): running 12.5, 6 (a sprinter's peak);
    /// walking and hiking 5, 3 (race walking, scrambling downhill); cycling 30, 8 (descents,
    /// hard braking); swimming 3, 3; cross-country skiing 12, 5; downhill skiing and
    /// snowboarding 45, 10; wheelchair 12, 4; paddling and rowing 8, 3; skating 15, 5;
    /// anything else 30, 10 (permissive, so unknown activities are not cut).
    ///
    /// - Parameter activity: The workout's activity type.
    /// - Returns: The configuration.
    public static func forActivity(_ activity: WorkoutActivityType) -> GateConfiguration {
        let limits: (speed: Double, acceleration: Double) = switch activity {
        case .running, .trackAndField: (12.5, 6)
        case .walking, .hiking, .climbing, .hunting, .golf: (5, 3)
        case .cycling, .handCycling: (30, 8)
        case .swimming, .waterFitness, .waterPolo, .underwaterDiving: (3, 3)
        case .crossCountrySkiing: (12, 5)
        case .downhillSkiing, .snowboarding, .snowSports: (45, 10)
        case .wheelchairRunPace, .wheelchairWalkPace: (12, 4)
        case .paddleSports, .rowing: (8, 3)
        case .skatingSports: (15, 5)
        default: (30, 10)
        }
        return GateConfiguration(maxSpeed: limits.speed, maxAcceleration: limits.acceleration)
    }

    /// A permissive gate with HealthKit's 50 m route accuracy limit, for routes of any activity.
    public static let healthKitRoute = GateConfiguration.forActivity(.other).withMaxHorizontalAccuracy(healthKitRouteAccuracy)

    /// This configuration with another accuracy limit, e.g. ``healthKitRouteAccuracy``.
    ///
    /// - Parameter metres: The new ``maxHorizontalAccuracy`` in m.
    /// - Returns: The modified configuration.
    public func withMaxHorizontalAccuracy(_ metres: Double) -> GateConfiguration {
        var copy = self
        copy.maxHorizontalAccuracy = metres
        return copy
    }
}
