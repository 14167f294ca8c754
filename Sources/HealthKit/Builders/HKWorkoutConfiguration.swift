public import Foundation

/// Where a workout takes place (Apple's `HKWorkoutSessionLocationType`).
public enum HKWorkoutSessionLocationType: Int, Sendable {
    /// Not known.
    case unknown = 1
    /// Indoors.
    case indoor = 2
    /// Outdoors.
    case outdoor = 3
}

/// Where a swim takes place (Apple's `HKWorkoutSwimmingLocationType`).
public enum HKWorkoutSwimmingLocationType: Int, Sendable {
    /// Not known.
    case unknown = 0
    /// A pool.
    case pool = 1
    /// Open water.
    case openWater = 2
}

/// What kind of workout a builder or session records (Apple's `HKWorkoutConfiguration`).
public final class HKWorkoutConfiguration: NSObject, @unchecked Sendable {
    private let state = Locked(State())

    private struct State {
        var activityType = HKWorkoutActivityType.other
        var locationType = HKWorkoutSessionLocationType.unknown
        var swimmingLocationType = HKWorkoutSwimmingLocationType.unknown
        var lapLength: HKQuantity?
    }

    /// A configuration for an `other` workout at an unknown location.
    public override init() {
        super.init()
    }

    /// The activity.
    public var activityType: HKWorkoutActivityType {
        get { state.withLock { $0.activityType } }
        set { state.withLock { $0.activityType = newValue } }
    }

    /// Indoors or outdoors; an indoor workout's metadata says so (`HKMetadataKeyIndoorWorkout`).
    public var locationType: HKWorkoutSessionLocationType {
        get { state.withLock { $0.locationType } }
        set { state.withLock { $0.locationType = newValue } }
    }

    /// Pool or open water, for swims.
    public var swimmingLocationType: HKWorkoutSwimmingLocationType {
        get { state.withLock { $0.swimmingLocationType } }
        set { state.withLock { $0.swimmingLocationType = newValue } }
    }

    /// The pool's length, for pool swims.
    public var lapLength: HKQuantity? {
        get { state.withLock { $0.lapLength } }
        set { state.withLock { $0.lapLength = newValue } }
    }
}

import PaceModel
