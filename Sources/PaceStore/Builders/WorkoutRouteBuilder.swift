public import Foundation
public import PaceModel

/// Builds a workout's route the way HealthKit's `HKWorkoutRouteBuilder` does: locations are
/// inserted in batches while recording, then the route is finished with the saved workout it
/// belongs to — or discarded.
///
/// The builder keeps a location only when its horizontal accuracy is known and at most
/// ``accuracyLimit`` metres, and thins sources denser than one per ``minimumSpacing`` seconds (a
/// 1 Hz GPS keeps every fix, so consecutive route points are at most a few seconds apart wherever
/// the source delivered). Errors come back to the caller; a finished or discarded builder refuses
/// further use; the route attaches to one workout and never moves (the store enforces it).
///
/// ```swift
/// var builder = WorkoutRouteBuilder(store: store)
/// try builder.insert(batch)                         // as often as fixes arrive
/// let route = try builder.finishRoute(with: workout) // after saving the workout
/// ```
public struct WorkoutRouteBuilder: Sendable {
    /// What the builder is doing.
    public enum State: Hashable, Sendable {
        /// Accepting locations.
        case building
        /// The route was made.
        case finished
        /// The locations were thrown away.
        case discarded
    }

    /// Locations less accurate than this (metres) are left out (HealthKit's guidance for routes).
    public static let accuracyLimit = 50.0
    /// Locations closer in time than this to the previous kept one (seconds) are left out.
    public static let minimumSpacing = 1.0

    /// Where the route is saved: the owner's store or a client's view.
    package let target: BuilderTarget
    /// Building, finished or discarded.
    public private(set) var state: State = .building
    /// The locations kept so far, in time order.
    public private(set) var locations: [RouteLocation] = []
    /// Locations left out by the accuracy or spacing rule.
    public private(set) var filteredCount = 0

    /// Creates a builder that saves in the owner's store.
    public init(store: HealthStore) {
        self.target = .owner(store)
    }

    /// Creates a builder that saves as a client (HealthKit's `HKWorkoutRouteBuilder` of an app): the
    /// workout must be one the client sees, and finishing needs its share permission for routes.
    public init(client: AuthorizedStore) {
        self.target = .client(client)
    }

    /// Adds a batch of locations, in time order.
    /// - Throws: ``StoreError`` with ``StoreError/Code/invalidObject`` when a location has an
    ///   invalid coordinate or goes back in time (the batch is then not added), or
    ///   ``StoreError/Code/sessionEnded`` when the builder was finished or discarded.
    public mutating func insert(_ batch: [RouteLocation]) throws(StoreError) {
        try requireBuilding()
        var last = locations.last?.timestamp
        var kept: [RouteLocation] = []
        var filtered = 0
        for (index, location) in batch.enumerated() {
            guard location.hasValidCoordinate else {
                throw StoreError(code: .invalidObject,
                                 message: "Route location \(index) of the batch has an invalid coordinate (\(location.latitude), \(location.longitude)); nothing from this batch was added.")
            }
            if let previous = last ?? kept.last?.timestamp, location.timestamp < previous {
                throw StoreError(code: .invalidObject,
                                 message: "Route location \(index) of the batch is earlier than the one before it; insert locations in time order. Nothing from this batch was added.")
            }
            guard location.horizontalAccuracy >= 0, location.horizontalAccuracy <= Self.accuracyLimit else {
                filtered += 1
                continue
            }
            if let previous = last, location.timestamp.timeIntervalSince(previous) < Self.minimumSpacing {
                filtered += 1
                continue
            }
            kept.append(location)
            last = location.timestamp
        }
        locations += kept
        filteredCount += filtered
    }

    /// The route for a workout, without saving it — for a caller that saves the workout and its
    /// route in one transaction. Ends the builder like ``finishRoute(with:metadata:)``.
    /// - Returns: The route, or `nil` when no location was kept (the builder is still finished).
    public mutating func finishedRoute(for workoutID: UUID, source: Source, device: Device? = nil,
                                       metadata: Metadata = Metadata()) throws(StoreError) -> WorkoutRoute? {
        try requireBuilding()
        state = .finished
        guard !locations.isEmpty else { return nil }
        return WorkoutRoute(workoutID: workoutID, locations: locations, source: source, device: device, metadata: metadata)
    }

    /// Saves the route attached to an already saved workout.
    /// - Parameters:
    ///   - workout: The saved workout.
    ///   - metadata: The route's metadata.
    /// - Returns: The saved route, or `nil` when no location was kept.
    /// - Throws: ``StoreError/Code/workoutNotFound`` when the workout is not in the store,
    ///   ``StoreError/Code/sessionEnded`` when the builder was already finished or discarded.
    public mutating func finishRoute(with workout: Workout, metadata: Metadata = Metadata()) async throws(StoreError) -> WorkoutRoute? {
        try requireBuilding()
        guard try await target.hasWorkout(workout.id) else {
            throw StoreError(code: .workoutNotFound,
                             message: "Workout \(workout.id) is not in the store; save the workout before finishing its route.")
        }
        guard let route = try finishedRoute(for: workout.id, source: workout.source, device: workout.device, metadata: metadata) else {
            return nil
        }
        try await target.save(HealthObjectBatch([.workoutRoute(route)]))
        return route
    }

    /// Throws the locations away; the builder can no longer be used.
    public mutating func discard() {
        locations = []
        state = .discarded
    }

    private func requireBuilding() throws(StoreError) {
        guard state == .building else {
            throw StoreError(code: .sessionEnded, message: "This route builder was already \(state == .finished ? "finished" : "discarded"); start a new one.")
        }
    }
}
