public import Foundation

/// A finished workout: its activity, interval, events, totals and statistics.
///
/// Mirrors HealthKit's `HKWorkout`. ``duration`` is the time that counts, which is
/// shorter than `endDate - startDate` when the workout was paused.
///
/// ```swift
/// let run = Workout(activityType: .running, start: start, end: end, duration: 1804,
///                   totalDistance: Quantity(value: 5.02, unit: .kilometer))
/// ```
public struct Workout: Hashable, Sendable, Codable, Identifiable {
    /// Unique identifier of the workout.
    public var id: UUID
    /// What the person did.
    public var activityType: WorkoutActivityType
    /// Start of the workout (UTC).
    public var startDate: Date
    /// End of the workout (UTC).
    public var endDate: Date
    /// Active time in seconds, excluding pauses; at most `endDate - startDate`.
    public var duration: TimeInterval
    /// Pauses, resumes, laps, markers and segments, in time order.
    public var events: [WorkoutEvent]
    /// Per-type statistics (heart rate, distance, energy, …), keyed by type.
    public var statistics: [QuantityTypeIdentifier: WorkoutStatistics]
    /// Total distance covered (a length), if known.
    public var totalDistance: Quantity?
    /// Total active energy burned (an energy), if known.
    public var totalEnergyBurned: Quantity?
    /// The app that wrote the workout.
    public var source: Source
    /// The hardware that recorded it, if known.
    public var device: Device?
    /// Extra typed values: indoor, weather, elevation, sync identifier and version, ….
    public var metadata: Metadata

    /// Creates a workout; call ``validate()`` (the store does) before trusting it.
    ///
    /// - Parameters:
    ///   - id: Unique identifier; by default a new time-ordered UUID (`UUID.timeOrdered()`, version 7).
    ///   - activityType: What the person did.
    ///   - start: Start (UTC).
    ///   - end: End (UTC), not before `start`.
    ///   - duration: Active seconds; `end - start` when `nil`.
    ///   - events: Events in time order, inside the workout's interval.
    ///   - statistics: Per-type statistics.
    ///   - totalDistance: Total distance, a length.
    ///   - totalEnergyBurned: Total active energy, an energy.
    ///   - source: The writing app.
    ///   - device: The recording hardware.
    ///   - metadata: Extra values.
    public init(
        id: UUID = .timeOrdered(),
        activityType: WorkoutActivityType,
        start: Date,
        end: Date,
        duration: TimeInterval? = nil,
        events: [WorkoutEvent] = [],
        statistics: [QuantityTypeIdentifier: WorkoutStatistics] = [:],
        totalDistance: Quantity? = nil,
        totalEnergyBurned: Quantity? = nil,
        source: Source = .pace,
        device: Device? = nil,
        metadata: Metadata = Metadata()
    ) {
        self.id = id
        self.activityType = activityType
        self.startDate = start
        self.endDate = end
        self.duration = duration ?? end.timeIntervalSince(start)
        self.events = events
        self.statistics = statistics
        self.totalDistance = totalDistance
        self.totalEnergyBurned = totalEnergyBurned
        self.source = source
        self.device = device
        self.metadata = metadata
    }

    /// Checks the interval, duration, events, totals and statistics.
    ///
    /// - Throws: ``InvalidObjectError`` naming the field that is wrong.
    public func validate() throws(InvalidObjectError) {
        try InvalidObjectError.check(interval: startDate, endDate, objectID: id)
        try InvalidObjectError.check(metadata: metadata, objectID: id)
        let span = endDate.timeIntervalSince(startDate)
        guard duration.isFinite, duration >= 0, duration <= span + 1e-6 else {
            throw InvalidObjectError(objectID: id, field: "duration",
                reason: "must be between 0 and the workout's span (\(span) s)")
        }
        for (index, event) in events.enumerated() {
            guard event.duration.isFinite, event.duration >= 0,
                  event.startDate >= startDate, event.endDate <= endDate else {
                throw InvalidObjectError(objectID: id, field: "events[\(index)]",
                    reason: "a \(event.type.name) event must lie inside the workout and have a duration of 0 s or more")
            }
        }
        try Self.check(totalDistance, isLike: .meter, field: "totalDistance", objectID: id)
        try Self.check(totalEnergyBurned, isLike: .kilocalorie, field: "totalEnergyBurned", objectID: id)
        for (type, statistics) in statistics {
            guard statistics.type == type else {
                throw InvalidObjectError(objectID: id, field: "statistics[\(type.rawValue)]",
                    reason: "is keyed by a different type than the one it holds (\(statistics.type.rawValue))")
            }
            for (name, quantity) in statistics.quantities {
                try Self.check(quantity, isLike: type.canonicalUnit,
                               field: "statistics[\(type.rawValue)].\(name)", objectID: id)
            }
        }
    }

    private static func check(_ quantity: Quantity?, isLike unit: HealthUnit, field: String, objectID: UUID) throws(InvalidObjectError) {
        guard let quantity else { return }
        guard quantity.value.isFinite, quantity.value >= 0 || field.hasPrefix("statistics") else {
            throw InvalidObjectError(objectID: objectID, field: field, reason: "must be a finite, non-negative number")
        }
        guard quantity.unit.isCompatible(with: unit) else {
            throw InvalidObjectError(objectID: objectID, field: field,
                reason: "unit '\(quantity.unit)' is not compatible with '\(unit)'")
        }
    }
}
