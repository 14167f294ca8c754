public import Foundation

/// A live recording's numbers at one instant, as the server's live API carries them: speeds in m/s,
/// distances and altitudes in metres, times in seconds, heart rate in beats per minute, cadence per
/// minute, power in watts; `nil` when not known.
public struct LiveSnapshot: Codable, Hashable, Sendable {
    /// The session's state, e.g. `active`, `paused`, `ended`.
    public var state: String
    /// The instant.
    public var time: Date
    /// The activity, e.g. `running`.
    public var activityType: String
    /// The timer: seconds since the start minus pauses.
    public var elapsedTime: Double
    /// Seconds spent moving.
    public var movingTime: Double?
    /// Metres covered while the timer ran.
    public var distance: Double
    /// Current speed in m/s.
    public var currentSpeed: Double?
    /// Average moving speed in m/s.
    public var averageSpeed: Double?
    /// Latest heart rate in beats per minute.
    public var heartRate: Double?
    /// Average heart rate in beats per minute.
    public var averageHeartRate: Double?
    /// Latest cadence per minute.
    public var cadence: Double?
    /// Latest power in watts.
    public var power: Double?
    /// Altitude in metres.
    public var altitude: Double?
    /// Metres climbed.
    public var elevationGain: Double?
    /// Metres descended.
    public var elevationLoss: Double?
    /// Horizontal accuracy of the latest fix, in metres.
    public var gpsAccuracy: Double?
    /// `searching`, `good`, `weak` or `lost`.
    public var gpsSignal: String?

    /// Creates a snapshot; see the properties for units.
    public init(state: String, time: Date, activityType: String, elapsedTime: Double, movingTime: Double? = nil, distance: Double,
                currentSpeed: Double? = nil, averageSpeed: Double? = nil, heartRate: Double? = nil, averageHeartRate: Double? = nil,
                cadence: Double? = nil, power: Double? = nil, altitude: Double? = nil, elevationGain: Double? = nil,
                elevationLoss: Double? = nil, gpsAccuracy: Double? = nil, gpsSignal: String? = nil) {
        self.state = state
        self.time = time
        self.activityType = activityType
        self.elapsedTime = elapsedTime
        self.movingTime = movingTime
        self.distance = distance
        self.currentSpeed = currentSpeed
        self.averageSpeed = averageSpeed
        self.heartRate = heartRate
        self.averageHeartRate = averageHeartRate
        self.cadence = cadence
        self.power = power
        self.altitude = altitude
        self.elevationGain = elevationGain
        self.elevationLoss = elevationLoss
        self.gpsAccuracy = gpsAccuracy
        self.gpsSignal = gpsSignal
    }
}

/// A route point of a live recording: WGS-84 degrees, altitude in metres, speed in m/s, heart rate
/// in beats per minute, distance in metres since the start.
public struct LivePoint: Codable, Hashable, Sendable {
    /// When.
    public var time: Date
    /// Latitude in degrees, if a position was known.
    public var latitude: Double?
    /// Longitude in degrees, if a position was known.
    public var longitude: Double?
    /// Altitude in metres.
    public var altitude: Double?
    /// Speed in m/s.
    public var speed: Double?
    /// Heart rate in beats per minute.
    public var heartRate: Double?
    /// Metres covered since the start.
    public var distance: Double

    /// Creates a point; see the properties for units.
    public init(time: Date, latitude: Double?, longitude: Double?, altitude: Double? = nil, speed: Double? = nil,
                heartRate: Double? = nil, distance: Double) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.speed = speed
        self.heartRate = heartRate
        self.distance = distance
    }
}

/// How a published recording ended.
public struct LiveEnd: Codable, Hashable, Sendable {
    /// `saved` or `discarded`.
    public var outcome: String
    /// The saved workout, which arrives through sync.
    public var workoutID: UUID?

    /// A recording saved as workout `workoutID`.
    public static func saved(_ workoutID: UUID) -> LiveEnd { LiveEnd(outcome: "saved", workoutID: workoutID) }
    /// A recording thrown away.
    public static let discarded = LiveEnd(outcome: "discarded", workoutID: nil)
}

/// One numbered batch, as `POST /api/v1/live/{session}/batches` takes it.
struct LiveBatch: Codable, Sendable {
    var sequence: Int
    var snapshot: LiveSnapshot?
    var points: [LivePoint]
    var end: LiveEnd?
}

/// The server's answer to a batch.
struct LiveBatchReply: Decodable, Sendable {
    var sequence: Int
    var stored: Bool
    var lastSequence: Int
}

/// A live session as the server shows it.
struct LiveSessionRecord: Decodable, Sendable {
    var lastSequence: Int
    var endedAt: Date?
}
