import Foundation

/// A health object with its kind named, as device sync carries it between a device and the server:
/// `{"kind": "quantitySample" | "categorySample" | "workout" | "workoutRoute", "object": {…}}`, the
/// object in Pace's own encoding (every field, metadata and device included), so both sides store
/// exactly the same object.
package struct KindedHealthObject: Codable, Sendable {
    /// The object.
    package let object: HealthObject

    /// Wraps an object.
    package init(_ object: HealthObject) {
        self.object = object
    }

    private enum Keys: String, CodingKey {
        case kind, object
    }

    /// Reads the kind, then the object of that kind.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "quantitySample": object = .quantitySample(try container.decode(QuantitySample.self, forKey: .object))
        case "categorySample": object = .categorySample(try container.decode(CategorySample.self, forKey: .object))
        case "workout": object = .workout(try container.decode(Workout.self, forKey: .object))
        case "workoutRoute": object = .workoutRoute(try container.decode(WorkoutRoute.self, forKey: .object))
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container,
                                                   debugDescription: "'\(kind)' is not quantitySample, categorySample, workout or workoutRoute")
        }
    }

    /// Writes the kind and the object.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch object {
        case .quantitySample(let sample):
            try container.encode("quantitySample", forKey: .kind)
            try container.encode(sample, forKey: .object)
        case .categorySample(let sample):
            try container.encode("categorySample", forKey: .kind)
            try container.encode(sample, forKey: .object)
        case .workout(let workout):
            try container.encode("workout", forKey: .kind)
            try container.encode(workout, forKey: .object)
        case .workoutRoute(let route):
            try container.encode("workoutRoute", forKey: .kind)
            try container.encode(route, forKey: .object)
        }
    }
}
