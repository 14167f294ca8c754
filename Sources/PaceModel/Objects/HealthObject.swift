public import Foundation

/// Any object the health store keeps: a sample, a workout or a workout route.
///
/// Used where objects of several kinds travel together, e.g. an atomic batch save or
/// the result of an import.
public enum HealthObject: Hashable, Sendable {
    /// A quantity sample.
    case quantitySample(QuantitySample)
    /// A category sample.
    case categorySample(CategorySample)
    /// A workout.
    case workout(Workout)
    /// A workout route.
    case workoutRoute(WorkoutRoute)

    /// The object's unique identifier.
    public var id: UUID {
        switch self {
        case .quantitySample(let sample): sample.id
        case .categorySample(let sample): sample.id
        case .workout(let workout): workout.id
        case .workoutRoute(let route): route.id
        }
    }

    /// The object's type.
    public var objectType: HealthObjectType {
        switch self {
        case .quantitySample(let sample): .quantity(sample.type)
        case .categorySample(let sample): .category(sample.type)
        case .workout: .workout
        case .workoutRoute: .workoutRoute
        }
    }

    /// The app that wrote the object.
    public var source: Source {
        switch self {
        case .quantitySample(let sample): sample.source
        case .categorySample(let sample): sample.source
        case .workout(let workout): workout.source
        case .workoutRoute(let route): route.source
        }
    }

    /// The object's metadata.
    public var metadata: Metadata {
        switch self {
        case .quantitySample(let sample): sample.metadata
        case .categorySample(let sample): sample.metadata
        case .workout(let workout): workout.metadata
        case .workoutRoute(let route): route.metadata
        }
    }

    /// The object with another measuring device (its ``QuantitySample/device``,
    /// ``CategorySample/device``, ``Workout/device`` or ``WorkoutRoute/device``); nothing else changes.
    package func withDevice(_ device: Device?) -> HealthObject {
        switch self {
        case .quantitySample(var sample):
            sample.device = device
            return .quantitySample(sample)
        case .categorySample(var sample):
            sample.device = device
            return .categorySample(sample)
        case .workout(var workout):
            workout.device = device
            return .workout(workout)
        case .workoutRoute(var route):
            route.device = device
            return .workoutRoute(route)
        }
    }

    /// Checks the object against the data model's rules.
    ///
    /// - Throws: ``InvalidObjectError`` naming the field that is wrong.
    public func validate() throws(InvalidObjectError) {
        switch self {
        case .quantitySample(let sample): try sample.validate()
        case .categorySample(let sample): try sample.validate()
        case .workout(let workout): try workout.validate()
        case .workoutRoute(let route): try route.validate()
        }
    }
}
