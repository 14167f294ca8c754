public import Foundation

/// The GPS track of one workout, as HealthKit's `HKWorkoutRoute` holds it.
///
/// A route belongs to exactly one workout (``workoutID``) for its whole life: the store
/// refuses to attach a saved route to another workout.
///
/// ```swift
/// let route = WorkoutRoute(workoutID: run.id, locations: fixes)
/// try await store.save(route)
/// ```
public struct WorkoutRoute: Hashable, Sendable, Codable, Identifiable {
    /// Unique identifier of the route.
    public var id: UUID
    /// The workout the route belongs to.
    public var workoutID: UUID
    /// The locations in time order.
    public var locations: [RouteLocation]
    /// The app that wrote the route.
    public var source: Source
    /// The hardware that recorded it, if known.
    public var device: Device?
    /// Extra typed values.
    public var metadata: Metadata

    /// Creates a route for a workout.
    ///
    /// - Parameters:
    ///   - id: Unique identifier; by default a new time-ordered UUID (`UUID.timeOrdered()`, version 7).
    ///   - workoutID: The workout it belongs to.
    ///   - locations: Locations in time order.
    ///   - source: The writing app.
    ///   - device: The recording hardware.
    ///   - metadata: Extra values.
    public init(
        id: UUID = .timeOrdered(),
        workoutID: UUID,
        locations: [RouteLocation],
        source: Source = .pace,
        device: Device? = nil,
        metadata: Metadata = Metadata()
    ) {
        self.id = id
        self.workoutID = workoutID
        self.locations = locations
        self.source = source
        self.device = device
        self.metadata = metadata
    }

    /// Time of the first location, or `nil` for an empty route.
    public var startDate: Date? { locations.first?.timestamp }
    /// Time of the last location, or `nil` for an empty route.
    public var endDate: Date? { locations.last?.timestamp }

    /// Checks that the route has locations, each with a valid coordinate, in time order.
    ///
    /// - Throws: ``InvalidObjectError`` naming the first bad location.
    public func validate() throws(InvalidObjectError) {
        try InvalidObjectError.check(metadata: metadata, objectID: id)
        guard !locations.isEmpty else {
            throw InvalidObjectError(objectID: id, field: "locations", reason: "a route needs at least one location")
        }
        var previous: Date?
        for (index, location) in locations.enumerated() {
            if let reason = location.problem(following: previous) {
                throw InvalidObjectError(objectID: id, field: "locations[\(index)]", reason: reason)
            }
            previous = location.timestamp
        }
    }
}

extension RouteLocation {
    /// Why this location cannot be stored after one timed `previous` (`nil` for the first), or
    /// `nil` when it can: the rule of ``WorkoutRoute/validate()`` for one location, shared by every
    /// path that writes route locations.
    package func problem(following previous: Date?) -> String? {
        let values = [altitude, speed, course, horizontalAccuracy, verticalAccuracy, speedAccuracy, courseAccuracy]
        guard hasValidCoordinate, values.allSatisfy(\.isFinite), timestamp.timeIntervalSinceReferenceDate.isFinite else {
            return "latitude must be within ±90°, longitude within ±180°, and every value finite"
        }
        if let previous, timestamp < previous { return "is earlier than the location before it; sort the locations by time" }
        return nil
    }
}
