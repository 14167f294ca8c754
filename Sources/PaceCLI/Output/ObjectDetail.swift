public import Foundation
public import PaceModel
public import PaceTrack
import PaceTransfer
import PaceRecorder
public import PaceAnalysis

/// One stored object as `pace show --json` prints it. Field names are stable; fields
/// that do not apply to the object's kind are left out.
public struct ObjectDetail: Encodable, Sendable {
    /// The object's UUID.
    public var id: UUID
    /// `"workout"`, `"quantitySample"`, `"categorySample"` or `"workoutRoute"`.
    public var kind: String
    /// HealthKit's type identifier.
    public var type: String
    /// Start, ISO 8601 UTC.
    public var start: Date?
    /// End, ISO 8601 UTC.
    public var end: Date?
    /// The writing app.
    public var source: Source
    /// The recording hardware.
    public var device: Device?
    /// Metadata, keyed by HealthKit's keys.
    public var metadata: Metadata
    /// Workouts: activity name, e.g. `"running"`.
    public var activityType: String?
    /// Workouts: active time in seconds.
    public var durationSeconds: Double?
    /// Workouts: total distance in metres.
    public var distanceMeters: Double?
    /// Workouts: total active energy in kilocalories.
    public var energyKilocalories: Double?
    /// Workouts: events in time order.
    public var events: [Event]?
    /// Workouts: per-type statistics.
    public var statistics: [WorkoutStatistics]?
    /// Workouts: the routes, without their locations.
    public var routes: [RouteSummary]?
    /// Workouts: seconds from start to end, pauses included.
    public var elapsedSeconds: Double?
    /// Workouts with a route: seconds moving (auto-pause's judgement), at most the duration.
    public var movingSeconds: Double?
    /// Workouts: distance over moving time (over the duration without a route), m/s.
    public var averageSpeedMetersPerSecond: Double?
    /// Workouts with a route: fastest sustained speed, m/s.
    public var maximumSpeedMetersPerSecond: Double?
    /// Workouts with a route: seconds the maximum speed must be held for.
    public var maximumSpeedWindowSeconds: Double?
    /// Workouts with a route: distance over moving time, m/s.
    public var movingSpeedMetersPerSecond: Double?
    /// Workouts with a distance: distance over the timer (duration), m/s.
    public var timerSpeedMetersPerSecond: Double?
    /// Workouts: average pace, seconds per kilometre.
    public var averagePaceSecondsPerKilometer: Double?
    /// Workouts: average pace, seconds per mile.
    public var averagePaceSecondsPerMile: Double?
    /// Workouts with heart-rate samples: their average while the timer ran, count/min.
    public var averageHeartRateBeatsPerMinute: Double?
    /// Workouts with heart-rate samples: the highest, count/min.
    public var maximumHeartRateBeatsPerMinute: Double?
    /// Workouts with cadence samples: their average while the timer ran, per minute.
    public var averageCadencePerMinute: Double?
    /// Workouts with cadence samples: the highest, per minute.
    public var maximumCadencePerMinute: Double?
    /// Workouts with power samples: their average while the timer ran, W.
    public var averagePowerWatts: Double?
    /// Workouts with power samples: the highest, W.
    public var maximumPowerWatts: Double?
    /// Workouts with 30 s of power or more: normalised power, W (docs/ANALYSIS.md).
    public var normalizedPowerWatts: Double?
    /// Workouts with 20 minutes of power or more: the best 20-minute mean, W.
    public var bestTwentyMinutePowerWatts: Double?
    /// Workouts with heart-rate samples: seconds in each zone, zone 0 first.
    public var heartRateZones: [ZoneDetail]?
    /// Workouts with a route: the fastest 400 m, 1 km, mile, 5 km, 10 km, half and marathon it holds.
    public var bestEfforts: [EffortDetail]?
    /// Workouts with altitudes (or HealthKit's elevation metadata): metres climbed.
    public var elevationGainMeters: Double?
    /// Workouts with altitudes (or HealthKit's elevation metadata): metres descended.
    public var elevationLossMeters: Double?
    /// Workouts: kilometre splits along the route (empty without one), the last one partial.
    public var kilometerSplits: [SplitDetail]?
    /// Workouts: mile splits along the route (empty without one), the last one partial.
    public var mileSplits: [SplitDetail]?
    /// Workouts: the laps (one spanning the workout when it has no lap events).
    public var laps: [LapDetail]?
    /// Workouts: the timer's pauses.
    public var pauses: [PauseDetail]?
    /// Samples: the value as saved.
    public var value: Double?
    /// Quantity samples: the unit as saved, a HealthKit unit string.
    public var unit: String?
    /// Category samples: the value's name, e.g. `"asleepCore"`.
    public var valueName: String?
    /// Routes: the workout the route belongs to.
    public var workoutID: UUID?
    /// Routes: the locations.
    public var locations: [RouteLocation]?

    /// A workout event: type name, start (ISO 8601 UTC), duration in seconds.
    public struct Event: Encodable, Sendable {
        /// e.g. `"pause"`, `"lap"`.
        public var type: String
        /// Start, ISO 8601 UTC.
        public var start: Date
        /// Length in seconds.
        public var durationSeconds: Double
    }

    /// A route without its locations.
    public struct RouteSummary: Encodable, Sendable {
        /// The route's UUID.
        public var id: UUID
        /// How many locations it holds.
        public var locationCount: Int
        /// First location's time, ISO 8601 UTC.
        public var start: Date?
        /// Last location's time, ISO 8601 UTC.
        public var end: Date?
    }

    /// Describes an object; `routes` are the routes of a workout and `analysis` what its route and
    /// samples add up to.
    public init(_ object: HealthObject, routes: [WorkoutRoute] = [], analysis: WorkoutAnalysis? = nil) {
        id = object.id
        type = object.objectType.identifier
        source = object.source
        metadata = object.metadata
        switch object {
        case .workout(let workout):
            kind = "workout"
            start = workout.startDate
            end = workout.endDate
            device = workout.device
            activityType = workout.activityType.name
            durationSeconds = workout.duration
            distanceMeters = try? workout.totalDistance?.doubleValue(for: .meter)
            energyKilocalories = try? workout.totalEnergyBurned?.doubleValue(for: .kilocalorie)
            events = workout.events.map { Event(type: $0.type.name, start: $0.startDate, durationSeconds: $0.duration) }
            statistics = workout.statistics.values.sorted { $0.type.rawValue < $1.type.rawValue }
            self.routes = routes.map { RouteSummary(id: $0.id, locationCount: $0.locations.count, start: $0.startDate, end: $0.endDate) }
            if let analysis { add(analysis) }
        case .quantitySample(let sample):
            kind = "quantitySample"
            start = sample.startDate
            end = sample.endDate
            device = sample.device
            value = sample.quantity.value
            unit = sample.quantity.unit.unitString
        case .categorySample(let sample):
            kind = "categorySample"
            start = sample.startDate
            end = sample.endDate
            device = sample.device
            value = Double(sample.value)
            valueName = sample.type.descriptor.values.first { $0.rawValue == sample.value }?.name
        case .workoutRoute(let route):
            kind = "workoutRoute"
            start = route.startDate
            end = route.endDate
            device = route.device
            workoutID = route.workoutID
            locations = route.locations
        }
    }

    /// The object as indented `key: value` lines for people; a workout's splits in `splitUnit`.
    public func text(formatting: Formatting, splitUnit: SplitUnit = .kilometer) -> String {
        let showsPace = activityType.flatMap { WorkoutActivityType(name: $0) }?.showsPace ?? true
        var lines: [(String, String)] = [("ID", id.uuidString), ("Type", type)]
        if let activityType, let name = WorkoutActivityType(name: activityType)?.displayName { lines.append(("Activity", name)) }
        if let start { lines.append(("Start", formatting.date(start))) }
        if let end { lines.append(("End", formatting.date(end))) }
        if let durationSeconds { lines.append(("Duration", formatting.duration(durationSeconds))) }
        if kind == "workout" {
            lines.append(("Distance", distanceMeters.map { String(format: "%.2f km", $0 / 1000) } ?? "-"))
            lines.append(("Energy", energyKilocalories.map { String(format: "%.0f kcal", $0) } ?? "-"))
            lines += workoutLines(formatting: formatting, showsPace: showsPace)
        }
        if let value { lines.append(("Value", [String(format: "%.6g", value), unit ?? valueName].compactMap { $0 }.joined(separator: " "))) }
        if let workoutID { lines.append(("Workout", workoutID.uuidString)) }
        if let locations { lines.append(("Locations", String(locations.count))) }
        lines.append(("Source", [source.name, source.bundleIdentifier].joined(separator: " · ")))
        if let device, let name = device.name ?? device.model { lines.append(("Device", name)) }
        // Pauses and (several) laps have tables of their own below.
        var tabled: Set<String> = pauses == nil ? [] : ["pause", "resume", "motionPaused", "motionResumed"]
        if (laps?.count ?? 0) > 1 { tabled.insert("lap") }
        for event in events ?? [] where !tabled.contains(event.type) {
            lines.append(("Event", "\(event.type) at \(formatting.date(event.start))"
                + (event.durationSeconds > 0 ? " for \(formatting.duration(event.durationSeconds))" : "")))
        }
        for route in routes ?? [] { lines.append(("Route", "\(route.id.uuidString) (\(route.locationCount) locations)")) }
        for (key, value) in metadata { lines.append(("Metadata", "\(key.rawValue) = \(Self.describe(value))")) }
        let width = lines.map(\.0.count).max() ?? 0
        let tables = workoutTables(formatting: formatting, splitUnit: splitUnit, showsPace: showsPace)
        return ([lines.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }.joined(separator: "\n")] + tables)
            .joined(separator: "\n\n")
    }

    private static func describe(_ value: MetadataValue) -> String {
        switch value {
        case .string(let text): text
        case .double(let number): String(number)
        case .integer(let number): String(number)
        case .bool(let flag): String(flag)
        case .date(let date): ISO8601.string(date)
        case .quantity(let quantity): "\(quantity.value) \(quantity.unit.unitString)"
        }
    }
}
