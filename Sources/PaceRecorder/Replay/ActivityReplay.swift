public import Foundation
public import PaceFormats
public import PaceModel

/// A recorded activity turned back into what a live recording would have received: sensor
/// readings on every stream the file carries, and the user's commands (pauses, resumes, laps) at
/// their times — to drive a ``WorkoutSession`` from a GPX, TCX or FIT file.
///
/// Files rarely state GPS accuracy; fixes without one get ``assumedHorizontalAccuracy`` so the
/// gate and the route builder treat them as ordinary good fixes.
///
/// ```swift
/// let replay = ActivityReplay(activity)
/// for item in replay.items { … }
/// ```
public struct ActivityReplay: Sendable {
    /// One thing to feed the session.
    public enum Item: Hashable, Sendable {
        /// A reading.
        case reading(SensorReading)
        /// A user command at a time.
        case command(SessionCommand, Date)

        /// When it happens.
        public var time: Date {
            switch self {
            case .reading(let reading): reading.time
            case .command(_, let time): time
            }
        }
    }

    /// Horizontal accuracy in metres given to fixes whose file does not say.
    public static let assumedHorizontalAccuracy = 5.0

    /// The items in time order (a command sorts before readings of the same instant).
    public let items: [Item]
    /// The activity type the file's sport maps to, or `nil` when the caller must say.
    public let start: Date?

    /// Builds the replay of an activity.
    /// - Parameter activity: The activity read from a file.
    public init(_ activity: RecordedActivity) {
        var items: [(order: Int, item: Item)] = []
        for record in activity.records {
            guard let time = record.time else { continue }
            if let latitude = record.latitude, let longitude = record.longitude, latitude.isFinite, longitude.isFinite,
               abs(latitude) <= 90, abs(longitude) <= 180 {
                let altitude = record.altitude.flatMap { $0.isFinite ? $0 : nil }
                let location = RouteLocation(
                    timestamp: time, latitude: latitude, longitude: longitude, altitude: altitude ?? .nan,
                    speed: record.speed.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? -1,
                    course: record.course.flatMap { $0.isFinite && $0 >= 0 && $0 <= 360 ? $0 : nil } ?? -1,
                    horizontalAccuracy: record.horizontalAccuracy.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? Self.assumedHorizontalAccuracy,
                    verticalAccuracy: altitude == nil ? -1 : (record.verticalAccuracy.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? 0))
                items.append((1, .reading(SensorReading(time: time, value: .location(location)))))
            }
            if let bpm = record.heartRate, bpm > 0, bpm < 300 {
                items.append((1, .reading(SensorReading(time: time, value: .heartRate(HeartRateReading(beatsPerMinute: bpm))))))
            }
            if let cadence = record.cadence, cadence >= 0, cadence.isFinite {
                items.append((1, .reading(SensorReading(time: time, value: .cadence(perMinute: cadence)))))
            }
            if let watts = record.power, watts >= 0, watts.isFinite {
                items.append((1, .reading(SensorReading(time: time, value: .power(watts: watts)))))
            }
        }
        for event in activity.timerEvents {
            items.append((0, .command(event.kind == .pause ? .pause : .resume, event.time)))
        }
        for lap in activity.laps.dropFirst() {
            if let time = lap.startTime ?? lap.records.first?.time { items.append((0, .command(.lap, time))) }
        }
        let sorted = items.enumerated().sorted {
            ($0.element.item.time, $0.element.order, $0.offset) < ($1.element.item.time, $1.element.order, $1.offset)
        }
        self.items = sorted.map(\.element.item)
        start = self.items.first?.time
    }

    /// The number of readings among the items.
    public var readingCount: Int {
        items.reduce(0) { count, item in if case .reading = item { count + 1 } else { count } }
    }
}
