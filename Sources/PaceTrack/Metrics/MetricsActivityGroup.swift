import PaceModel

/// How the metrics and elevation presets group HealthKit's activity types.
///
/// Activities in one group move at similar speeds and stop in similar ways, so they share
/// auto-pause, speed and elevation thresholds. Everything not listed falls into ``general``.
enum MetricsActivityGroup: Sendable {
    /// Running and running-paced activities: 2–7 m/s when moving, short stops at crossings.
    case running
    /// Walking and walking-paced activities: 0.8–2 m/s.
    case walking
    /// Hiking and mountaineering: steep climbs can drop below 0.5 m/s of ground speed.
    case hiking
    /// Cycling and other wheeled activities: 3–20 m/s, cannot move slower than about 1 m/s.
    case cycling
    /// Downhill snow sports: fast descents, lift queues, long stops.
    case alpine
    /// Swimming and boats: slow, GPS degraded by water, barometer unusable when submerged.
    case water
    /// Everything else: conservative walking-like thresholds.
    case general

    /// The group of `activity`.
    init(_ activity: WorkoutActivityType) {
        switch activity {
        case .running, .trackAndField, .wheelchairRunPace, .crossCountrySkiing, .equestrianSports:
            self = .running
        case .walking, .wheelchairWalkPace, .golf:
            self = .walking
        case .hiking, .climbing, .hunting:
            self = .hiking
        case .cycling, .handCycling, .skatingSports:
            self = .cycling
        case .downhillSkiing, .snowboarding, .snowSports:
            self = .alpine
        case .swimming, .rowing, .paddleSports, .sailing, .surfingSports, .waterSports, .waterFitness,
             .waterPolo, .underwaterDiving:
            self = .water
        default:
            self = .general
        }
    }
}
