public import Foundation
public import PaceModel

/// A recording session as the journal knows it.
public struct JournalSession: Hashable, Sendable {
    /// Whether a session is still being recorded or how it ended.
    public enum Status: String, Hashable, Sendable, Codable {
        /// Recording, or interrupted (the process died) and waiting to be recovered.
        case open
        /// Finished and saved as a workout.
        case saved
        /// Thrown away by the user; its journal is kept but no workout was made.
        case discarded
        /// Ended by an error that left no workout.
        case failed
    }

    /// The session's identifier.
    public var id: UUID
    /// What is being recorded.
    public var activityType: WorkoutActivityType
    /// When the session was created.
    public var createdAt: Date
    /// Open, or how it ended.
    public var status: Status
    /// The recorder's configuration, opaque to the store (JSON written by the recorder).
    public var configuration: Data
    /// The saved workout, once there is one.
    public var workoutID: UUID?
    /// When the session ended, once it has.
    public var endedAt: Date?
    /// The highest sequence number journaled so far (readings and events share one count).
    public var lastSequence: Int64

    /// Creates a session record.
    public init(id: UUID, activityType: WorkoutActivityType, createdAt: Date, status: Status = .open,
                configuration: Data, workoutID: UUID? = nil, endedAt: Date? = nil, lastSequence: Int64 = 0) {
        self.id = id
        self.activityType = activityType
        self.createdAt = createdAt
        self.status = status
        self.configuration = configuration
        self.workoutID = workoutID
        self.endedAt = endedAt
        self.lastSequence = lastSequence
    }
}

/// A transition or command recorded in a session's journal (start, pause, lap, GPS lost, …).
public struct JournalEvent: Hashable, Sendable {
    /// Its place in the session's single sequence of readings and events.
    public var sequence: Int64
    /// When it happened.
    public var time: Date
    /// The recorder's name for it, e.g. `"pause"`.
    public var kind: String
    /// Details, opaque to the store (JSON written by the recorder).
    public var payload: Data

    /// Creates an event.
    public init(sequence: Int64, time: Date, kind: String, payload: Data = Data()) {
        self.sequence = sequence
        self.time = time
        self.kind = kind
        self.payload = payload
    }
}

/// A point of the track kept every few seconds while recording, for drawing the route live and
/// after a crash.
public struct WorkoutPoint: Hashable, Sendable {
    /// When.
    public var time: Date
    /// Latitude in degrees, if a position was known.
    public var latitude: Double?
    /// Longitude in degrees, if a position was known.
    public var longitude: Double?
    /// Altitude in metres, if known.
    public var altitude: Double?
    /// Heart rate in beats per minute, if known.
    public var heartRate: Double?
    /// Speed in metres per second, if known.
    public var speed: Double?
    /// Distance covered since the start, in metres.
    public var distance: Double

    /// Creates a point.
    public init(time: Date, latitude: Double? = nil, longitude: Double? = nil, altitude: Double? = nil,
                heartRate: Double? = nil, speed: Double? = nil, distance: Double) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.heartRate = heartRate
        self.speed = speed
        self.distance = distance
    }
}

/// One durable write to a session's journal: readings, then events, then points, in one
/// transaction.
public struct JournalBatch: Sendable {
    /// The sequence number of the first reading; the readings have consecutive numbers.
    public var firstReadingSequence: Int64
    /// Readings in arrival order.
    public var readings: [SensorReading]
    /// Events with their own sequence numbers, after the readings'.
    public var events: [JournalEvent]
    /// Workout points to keep.
    public var points: [WorkoutPoint]

    /// Creates a batch.
    public init(firstReadingSequence: Int64, readings: [SensorReading] = [], events: [JournalEvent] = [],
                points: [WorkoutPoint] = []) {
        self.firstReadingSequence = firstReadingSequence
        self.readings = readings
        self.events = events
        self.points = points
    }

    /// The highest sequence number in the batch, or `nil` when it is empty.
    public var lastSequence: Int64? {
        let lastReading = readings.isEmpty ? nil : firstReadingSequence + Int64(readings.count) - 1
        return [lastReading, events.map(\.sequence).max()].compactMap { $0 }.max()
    }

    /// Whether there is nothing to write.
    public var isEmpty: Bool { readings.isEmpty && events.isEmpty && points.isEmpty }
}

/// Everything journaled for one session, in sequence order.
public struct JournalContents: Sendable {
    /// An entry of the merged sequence.
    public enum Entry: Sendable {
        /// A reading.
        case reading(SensorReading)
        /// An event.
        case event(JournalEvent)
    }

    /// The session.
    public var session: JournalSession
    /// Readings and events with their sequence numbers, ascending.
    public var entries: [(sequence: Int64, entry: Entry)]
    /// The workout points, by time.
    public var points: [WorkoutPoint]

    /// The contents, as a backend reads them.
    package init(session: JournalSession, entries: [(sequence: Int64, entry: Entry)], points: [WorkoutPoint]) {
        self.session = session
        self.entries = entries
        self.points = points
    }

    /// The latest time of any reading or event, or `nil` for an empty journal.
    public var lastTime: Date? {
        entries.lazy.map { entry -> Date in
            switch entry.entry {
            case .reading(let reading): reading.time
            case .event(let event): event.time
            }
        }.max()
    }

    /// The number of journaled readings.
    public var readingCount: Int {
        entries.reduce(0) { count, entry in if case .reading = entry.entry { count + 1 } else { count } }
    }

    /// The number of journaled events of the given kinds.
    public func eventCount(kinds: Set<String>) -> Int {
        entries.reduce(0) { count, entry in if case .event(let event) = entry.entry, kinds.contains(event.kind) { count + 1 } else { count } }
    }
}
