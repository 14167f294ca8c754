import Foundation
public import PaceModel
public import PaceAnalysis

/// How a session records: the activity, the athlete, and the durability and timeline policy.
///
/// Stored as JSON in the journal, so a recovered session runs with the settings it started with.
public struct WorkoutSessionConfiguration: Hashable, Sendable, Codable {
    /// What is being recorded; picks the GPS gating and auto-pause thresholds.
    public var activityType: WorkoutActivityType
    /// Heart-rate zones.
    public var zones: HeartRateZones
    /// Body mass in kilograms, for the energy estimate (default 70).
    public var bodyMass: Double
    /// Seconds between durable journal writes (default 1): at most this much unacknowledged data
    /// is lost on a power cut; nothing acknowledged is ever lost.
    public var flushInterval: Double
    /// Seconds between workout points (default 5).
    public var pointInterval: Double
    /// Seconds a reading waits for earlier ones from other streams (default 2).
    public var lateness: Double
    /// Seconds without a GPS fix, while other readings arrive, before the GPS counts as lost (default 10).
    public var gpsLossTimeout: Double
    /// Battery fraction at or below which a `batteryLow` marker is set (default 0.15).
    public var lowBatteryLevel: Double = 0.15
    /// Battery fraction at or below which, not charging, the session finishes and saves (default 0.05).
    public var criticalBatteryLevel: Double = 0.05
    /// Who records: the app or device name and bundle identifier written on every object.
    public var sourceName: String
    /// The source's bundle identifier.
    public var sourceBundleIdentifier: String
    /// The recording device's name, if known.
    public var deviceName: String?
    /// Where the readings come from, e.g. `replay:run.gpx`, `demo` or `gpsd`; lets a restarted
    /// recorder tell whether an unfinished session is its own to resume.
    public var origin: String?
    /// The client the session records for (an app's bundle identifier, as HealthKit's live workout
    /// session does), or `nil` for the owner. A client's session finishes only when the client may
    /// share every object of the workout (``SessionError/Code/notAuthorized`` otherwise).
    public var client: String?
    /// Whether the GPS track is saved as the workout's route (`nil` means yes). HealthKit's live
    /// builder saves none: an app builds its route itself.
    public var savesRoute: Bool?

    /// Creates a configuration with the defaults above.
    public init(activityType: WorkoutActivityType, zones: HeartRateZones = HeartRateZones(), bodyMass: Double = 70,
                flushInterval: Double = 1, pointInterval: Double = 5, lateness: Double = 2, gpsLossTimeout: Double = 10,
                sourceName: String = "Pace", sourceBundleIdentifier: String = "org.pace.recorder", deviceName: String? = nil,
                origin: String? = nil, client: String? = nil, savesRoute: Bool? = nil) {
        self.activityType = activityType
        self.zones = zones
        self.bodyMass = bodyMass
        self.flushInterval = flushInterval
        self.pointInterval = pointInterval
        self.lateness = lateness
        self.gpsLossTimeout = gpsLossTimeout
        self.sourceName = sourceName
        self.sourceBundleIdentifier = sourceBundleIdentifier
        self.deviceName = deviceName
        self.origin = origin
        self.client = client
        self.savesRoute = savesRoute
    }
}

extension WorkoutActivityType {
    /// Whether a display shows pace (time per distance) rather than speed: foot sports do,
    /// wheels, skis and boats do not.
    public var showsPace: Bool {
        switch self {
        case .running, .walking, .hiking, .stairClimbing, .crossCountrySkiing, .swimming: true
        default: false
        }
    }
}
