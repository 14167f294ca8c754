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

    /// An end of `outcome` (`saved` or `discarded`; ``LiveBatch/validate()`` refuses others).
    public init(outcome: String, workoutID: UUID?) {
        self.outcome = outcome
        self.workoutID = workoutID
    }

    /// A recording saved as workout `workoutID`.
    public static func saved(_ workoutID: UUID) -> LiveEnd { LiveEnd(outcome: "saved", workoutID: workoutID) }
    /// A recording thrown away.
    public static let discarded = LiveEnd(outcome: "discarded", workoutID: nil)
}

/// One numbered batch of a live recording, as `POST /api/v1/live/{session}/batches` takes it: the
/// form the publishing client encodes and the server decodes, checks and fans out to watchers.
public struct LiveBatch: Codable, Hashable, Sendable {
    /// 1 for the session's first batch, then one more for each batch.
    public var sequence: Int
    /// The recording's numbers, when they changed since the last batch.
    public var snapshot: LiveSnapshot?
    /// New route points, oldest first.
    public var points: [LivePoint]
    /// How the recording ended; only in the last batch.
    public var end: LiveEnd?

    private enum CodingKeys: String, CodingKey { case sequence, snapshot, points, end }

    /// Creates a batch; ``validate()`` tells whether the server takes it.
    public init(sequence: Int, snapshot: LiveSnapshot?, points: [LivePoint], end: LiveEnd?) {
        self.sequence = sequence
        self.snapshot = snapshot
        self.points = points
        self.end = end
    }

    /// Decodes a batch; `points` may be left out (no new points). Times are kept to the whole
    /// second, the precision of the wire form: a fraction a sender wrote is dropped here, so the
    /// batch the server stores and shows is the batch it decoded (the `live` fuzz target found
    /// `00:26:4.04` read with its fraction and written back without it).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sequence = try container.decode(Int.self, forKey: .sequence)
        snapshot = try container.decodeIfPresent(LiveSnapshot.self, forKey: .snapshot)
        points = try container.decodeIfPresent([LivePoint].self, forKey: .points) ?? []
        end = try container.decodeIfPresent(LiveEnd.self, forKey: .end)
        if let time = snapshot?.time { snapshot?.time = Self.wholeSecond(time) }
        for index in points.indices { points[index].time = Self.wholeSecond(points[index].time) }
    }

    /// The time without its fraction of a second (towards the past).
    static func wholeSecond(_ time: Date) -> Date {
        let seconds = time.timeIntervalSince1970
        return seconds.isFinite ? Date(timeIntervalSince1970: seconds.rounded(.down)) : time
    }

    /// The batch's JSON body as the server reads it (RFC 3339 times, read strictly by
    /// ``APIDateTime``; fractions of a second dropped).
    /// - Throws: `DecodingError` for anything else, a time that names no instant among them.
    public static func decode(_ data: Data) throws -> LiveBatch {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .rfc3339
        return try decoder.decode(LiveBatch.self, from: data)
    }

    /// The batch as JSON with RFC 3339 times (``APIDateTime/text(_:)``) and sorted keys, as it is
    /// published and stored.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .rfc3339
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(self)
    }
}
