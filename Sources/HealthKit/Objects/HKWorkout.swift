public import Foundation
import PaceModel

/// A workout: an activity over an interval, with its events and totals (Apple's `HKWorkout`).
///
/// Apps make workouts with ``HKWorkoutBuilder``; the initialisers Apple deprecated in iOS 17 are
/// here too, because apps still call them.
public final class HKWorkout: HKSample, @unchecked Sendable {
    init(_ workout: Workout, metadataProblem: HKError? = nil) {
        super.init(.workout(workout), metadataProblem: metadataProblem)
    }

    var workout: Workout {
        guard case .workout(let workout) = object else { preconditionFailure("an HKWorkout holds a workout") }
        return workout
    }

    /// The activity.
    public var workoutActivityType: HKWorkoutActivityType {
        HKWorkoutActivityType(rawValue: workout.activityType.rawValue) ?? .other
    }
    /// The active time, in seconds: the interval less its pauses.
    public var duration: TimeInterval { workout.duration }
    /// The distance covered, when known.
    public var totalDistance: HKQuantity? { workout.totalDistance.map(HKQuantity.init) }
    /// The active energy burned, when known.
    public var totalEnergyBurned: HKQuantity? { workout.totalEnergyBurned.map(HKQuantity.init) }
    /// The swimming strokes, when known.
    public var totalSwimmingStrokeCount: HKQuantity? { workout.statistics[.swimmingStrokeCount]?.sum.map(HKQuantity.init) }
    /// The flights of stairs climbed, when known.
    public var totalFlightsClimbed: HKQuantity? { workout.statistics[.flightsClimbed]?.sum.map(HKQuantity.init) }
    /// The events, in time order, or `nil` when there are none.
    public var workoutEvents: [HKWorkoutEvent]? {
        workout.events.isEmpty ? nil : workout.events.map { HKWorkoutEvent($0) }
    }

    // MARK: Apple's deprecated initialisers

    /// A workout from `startDate` to `endDate`.
    @available(*, deprecated, message: "Use HKWorkoutBuilder")
    public convenience init(activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date) {
        self.init(activity: workoutActivityType, start: startDate, end: endDate, events: nil, duration: nil,
                  energy: nil, distance: nil, extra: [:], device: nil, metadata: nil)
    }

    /// A workout with its active time and totals.
    @available(*, deprecated, message: "Use HKWorkoutBuilder")
    public convenience init(activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
                            duration: TimeInterval, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
                            metadata: [String: Any]?) {
        self.init(activity: workoutActivityType, start: startDate, end: endDate, events: nil, duration: duration,
                  energy: totalEnergyBurned, distance: totalDistance, extra: [:], device: nil, metadata: metadata)
    }

    /// A workout with its active time, totals and device.
    @available(*, deprecated, message: "Use HKWorkoutBuilder")
    public convenience init(activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
                            duration: TimeInterval, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
                            device: HKDevice?, metadata: [String: Any]?) {
        self.init(activity: workoutActivityType, start: startDate, end: endDate, events: nil, duration: duration,
                  energy: totalEnergyBurned, distance: totalDistance, extra: [:], device: device, metadata: metadata)
    }

    /// A workout whose active time is its interval less the pauses among `workoutEvents`.
    @available(*, deprecated, message: "Use HKWorkoutBuilder")
    public convenience init(activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
                            workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
                            metadata: [String: Any]?) {
        self.init(activity: workoutActivityType, start: startDate, end: endDate, events: workoutEvents, duration: nil,
                  energy: totalEnergyBurned, distance: totalDistance, extra: [:], device: nil, metadata: metadata)
    }

    /// A workout with events, totals and device.
    @available(*, deprecated, message: "Use HKWorkoutBuilder")
    public convenience init(activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
                            workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
                            device: HKDevice?, metadata: [String: Any]?) {
        self.init(activity: workoutActivityType, start: startDate, end: endDate, events: workoutEvents, duration: nil,
                  energy: totalEnergyBurned, distance: totalDistance, extra: [:], device: device, metadata: metadata)
    }

    /// A swimming workout with its stroke count.
    @available(*, deprecated, message: "Use HKWorkoutBuilder")
    public convenience init(activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
                            workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
                            totalSwimmingStrokeCount: HKQuantity?, device: HKDevice?, metadata: [String: Any]?) {
        self.init(activity: workoutActivityType, start: startDate, end: endDate, events: workoutEvents, duration: nil,
                  energy: totalEnergyBurned, distance: totalDistance,
                  extra: totalSwimmingStrokeCount.map { [.swimmingStrokeCount: $0] } ?? [:], device: device, metadata: metadata)
    }

    /// A workout with the flights of stairs climbed.
    @available(*, deprecated, message: "Use HKWorkoutBuilder")
    public convenience init(activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
                            workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
                            totalFlightsClimbed: HKQuantity?, device: HKDevice?, metadata: [String: Any]?) {
        self.init(activity: workoutActivityType, start: startDate, end: endDate, events: workoutEvents, duration: nil,
                  energy: totalEnergyBurned, distance: totalDistance,
                  extra: totalFlightsClimbed.map { [.flightsClimbed: $0] } ?? [:], device: device, metadata: metadata)
    }

    /// The one place the initialisers build a Pace workout.
    private convenience init(activity: HKWorkoutActivityType, start: Date, end: Date, events: [HKWorkoutEvent]?,
                             duration: TimeInterval?, energy: HKQuantity?, distance: HKQuantity?,
                             extra: [QuantityTypeIdentifier: HKQuantity], device: HKDevice?, metadata: [String: Any]?) {
        var (paceMetadata, problem) = HKObject.metadata(metadata)
        let paceEvents = (events ?? []).map(\.event)
        problem = problem ?? events?.lazy.compactMap(\.metadataProblem).first
        let paused = WorkoutPause.pauses(in: paceEvents, until: end).reduce(0) { $0 + $1.duration }
        var statistics: [QuantityTypeIdentifier: WorkoutStatistics] = [:]
        for (type, total) in extra {
            statistics[type] = WorkoutStatistics(type: type, start: start, end: end, sum: total.quantity)
        }
        let workout = Workout(activityType: WorkoutActivityType(rawValue: activity.rawValue) ?? .other, start: start, end: end,
                              duration: duration ?? max(0, end.timeIntervalSince(start) - paused), events: paceEvents,
                              statistics: statistics, totalDistance: distance?.quantity, totalEnergyBurned: energy?.quantity,
                              source: HKAppIdentity.source, device: device?.device, metadata: paceMetadata)
        self.init(workout, metadataProblem: problem)
    }
}

/// A workout's route: the locations recorded during it (Apple's `HKWorkoutRoute`). Read its
/// locations with ``HKWorkoutRouteQuery``; make one with ``HKWorkoutRouteBuilder``.
public final class HKWorkoutRoute: HKSample, @unchecked Sendable {
    init(_ route: WorkoutRoute) {
        super.init(.workoutRoute(route))
    }

    /// How many locations the route holds.
    public var count: Int {
        guard case .workoutRoute(let route) = object else { return 0 }
        return route.locations.count
    }
}

/// An object that was deleted, as anchored queries report it (Apple's `HKDeletedObject`).
public final class HKDeletedObject: NSObject, @unchecked Sendable {
    /// The deleted object's UUID.
    public let uuid: UUID
    /// The metadata kept with the deletion (its sync identifier and version), or `nil`.
    public let metadata: [String: Any]?

    init(uuid: UUID, metadata: [String: Any]?) {
        self.uuid = uuid
        self.metadata = metadata
    }
}
