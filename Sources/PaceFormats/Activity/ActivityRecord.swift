public import Foundation

/// One sample of a recorded activity as files carry it: a GPX `trkpt`, a TCX `Trackpoint`, a
/// FIT `record` message.
///
/// Every field but the time is optional, because files omit them freely (an indoor ride has
/// power and no position; a phone GPX has position and no heart rate).
public struct ActivityRecord: Hashable, Sendable {
    /// When the sample was taken (UTC); `nil` for points without a time (some GPX routes).
    public var time: Date?
    /// Latitude in degrees, WGS-84.
    public var latitude: Double?
    /// Longitude in degrees, WGS-84.
    public var longitude: Double?
    /// Altitude in metres above mean sea level.
    public var altitude: Double?
    /// Cumulative distance from the start of the activity in metres, as the device computed it.
    public var distance: Double?
    /// Speed in metres per second.
    public var speed: Double?
    /// Course over ground in degrees clockwise from true north.
    public var course: Double?
    /// Heart rate in beats per minute.
    public var heartRate: Double?
    /// Cadence in revolutions (or strides, per the file's convention) per minute.
    public var cadence: Double?
    /// Power in watts.
    public var power: Double?
    /// Temperature in degrees Celsius.
    public var temperature: Double?
    /// Horizontal accuracy (68 % radius) in metres, when the file records it.
    public var horizontalAccuracy: Double?
    /// Vertical accuracy in metres, when the file records it.
    public var verticalAccuracy: Double?
    /// Barometric (absolute) pressure in pascals, when the file records it (FIT `absolute_pressure`).
    public var pressure: Double?

    /// Air pressures a barometer on Earth can read, in pascals: 30 kPa (above Everest's summit) to
    /// 110 kPa (below the Dead Sea in a storm). Anything else is a unit mistake or a sensor error,
    /// never a climb; every reader judges pressures by this one range.
    public static let plausiblePressures = 30_000.0...110_000.0

    /// Altitudes a workout can be recorded at, in metres: −1,000 (below the Dead Sea shore, −430 m)
    /// to 10,000 (above Everest, 8,849 m). Values outside are devices' "no data" sentinels (−19,999,
    /// −9,999) or unit mistakes; the GPX and TCX readers drop them with a warning, and FIT's altitude
    /// field cannot hold much more (−500…12,607 m).
    public static let plausibleAltitudes = -1000.0...10_000.0

    /// Creates a record; every field but the time defaults to "absent". Units as the properties state.
    public init(time: Date?, latitude: Double? = nil, longitude: Double? = nil, altitude: Double? = nil,
                distance: Double? = nil, speed: Double? = nil, course: Double? = nil, heartRate: Double? = nil,
                cadence: Double? = nil, power: Double? = nil, temperature: Double? = nil,
                horizontalAccuracy: Double? = nil, verticalAccuracy: Double? = nil, pressure: Double? = nil) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.distance = distance
        self.speed = speed
        self.course = course
        self.heartRate = heartRate
        self.cadence = cadence
        self.power = power
        self.temperature = temperature
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.pressure = pressure
    }
}

/// A lap (or a GPX track segment) of a recorded activity with the totals the file states.
public struct ActivityLap: Hashable, Sendable {
    /// Start of the lap (UTC).
    public var startTime: Date?
    /// Elapsed time in seconds, as the file states it.
    public var totalElapsedTime: Double?
    /// Timer (moving) time in seconds, as the file states it.
    public var totalTimerTime: Double?
    /// Distance in metres, as the file states it.
    public var distance: Double?
    /// Energy in kilocalories.
    public var calories: Double?
    /// Average heart rate in beats per minute.
    public var averageHeartRate: Double?
    /// Maximum heart rate in beats per minute.
    public var maximumHeartRate: Double?
    /// Why the lap ended, in the file's vocabulary (`manual`, `distance`, `time`, `position`, …).
    public var trigger: String?
    /// The lap's intensity in the file's vocabulary (`active`, `resting`, …).
    public var intensity: String?
    /// The samples of the lap, in time order.
    public var records: [ActivityRecord]

    /// Creates a lap.
    public init(startTime: Date? = nil, totalElapsedTime: Double? = nil, totalTimerTime: Double? = nil,
                distance: Double? = nil, calories: Double? = nil, averageHeartRate: Double? = nil,
                maximumHeartRate: Double? = nil, trigger: String? = nil, intensity: String? = nil,
                records: [ActivityRecord] = []) {
        self.startTime = startTime
        self.totalElapsedTime = totalElapsedTime
        self.totalTimerTime = totalTimerTime
        self.distance = distance
        self.calories = calories
        self.averageHeartRate = averageHeartRate
        self.maximumHeartRate = maximumHeartRate
        self.trigger = trigger
        self.intensity = intensity
        self.records = records
    }
}

/// A timer event of a recorded activity: a pause (timer stop) or a resume (timer start).
public struct ActivityTimerEvent: Hashable, Sendable {
    /// Whether the timer stopped or started.
    public enum Kind: String, Hashable, Sendable { case pause, resume }
    /// What happened.
    public var kind: Kind
    /// When (UTC).
    public var time: Date

    /// Creates an event.
    public init(kind: Kind, time: Date) {
        self.kind = kind
        self.time = time
    }
}

/// One activity read from a file: its sport, laps with their samples, timer events and device.
///
/// The format readers (GPX, TCX, FIT) all produce this; the import flow turns it into a
/// `Workout`, a `WorkoutRoute` and samples.
public struct RecordedActivity: Hashable, Sendable {
    /// The sport in the file's vocabulary (`running`, `Biking`, `cycling`, a GPX `<type>`…).
    public var sport: String?
    /// The activity's name or title, if the file has one.
    public var name: String?
    /// A stable identifier from the file (a TCX `Id`, a FIT `file_id` serial + time), for de-duplication.
    public var identifier: String?
    /// The laps in time order; a file without laps has one.
    public var laps: [ActivityLap]
    /// Pause and resume events in time order.
    public var timerEvents: [ActivityTimerEvent]
    /// The recording device's name (a GPX `creator`, a TCX `Creator/Name`, FIT manufacturer/product).
    public var deviceName: String?
    /// Elevation gain in metres as the device states it (FIT `session` `total_ascent`), nil when the
    /// file does not: a watch or bike computer counts it from its own barometer at its own rate.
    public var totalAscent: Double?
    /// Elevation loss in metres as the device states it (FIT `session` `total_descent`).
    public var totalDescent: Double?

    /// Creates an activity.
    public init(sport: String? = nil, name: String? = nil, identifier: String? = nil, laps: [ActivityLap] = [],
                timerEvents: [ActivityTimerEvent] = [], deviceName: String? = nil, totalAscent: Double? = nil,
                totalDescent: Double? = nil) {
        self.sport = sport
        self.name = name
        self.identifier = identifier
        self.laps = laps
        self.timerEvents = timerEvents
        self.deviceName = deviceName
        self.totalAscent = totalAscent
        self.totalDescent = totalDescent
    }

    /// Every record of every lap, in order.
    public var records: [ActivityRecord] { laps.flatMap(\.records) }
}
