import Foundation

/// A health object with its kind named, as device sync carries it between a device and the server:
/// `{"kind": "quantitySample" | "categorySample" | "workout" | "workoutRoute", "object": {…}}`, the
/// object in Pace's own encoding (every field, metadata and device included), so both sides store
/// exactly the same object; a series sample carries its values beside it.
package struct KindedHealthObject: Codable, Sendable {
    /// The object.
    package let object: HealthObject
    /// A series sample's values (DECISIONS 172), in start order and the type's canonical unit; `nil`
    /// for every other object. On the wire: `"values": [{"start", "end", "value"}, …]` beside `object`.
    package let values: [TimedQuantity]?

    /// Wraps an object, and a series sample's values.
    package init(_ object: HealthObject, values: [TimedQuantity]? = nil) {
        self.object = object
        self.values = values
    }

    private enum Keys: String, CodingKey {
        case kind, object, values
    }

    /// The series sample this object and its values make, checked: `nil` for an object without
    /// values; an error when a series sample comes without values, values come with another object,
    /// or the sample's count, interval or quantity are not those of its values.
    package func seriesSample() throws(InvalidObjectError) -> QuantitySeriesSample? {
        guard let values else {
            if case .quantitySample(let sample) = object, sample.count > 1 {
                throw InvalidObjectError(objectID: sample.id, field: "values",
                    reason: "a series sample of \(sample.count) values comes with its values; send them in \"values\" beside the object")
            }
            return nil
        }
        guard case .quantitySample(let sample) = object else {
            throw InvalidObjectError(objectID: object.id, field: "values", reason: "only a quantity sample has values")
        }
        let series = try QuantitySeriesSample(id: sample.id, type: sample.type, values: values, source: sample.source,
                                              device: sample.device, metadata: sample.metadata)
        guard series.sample == sample else {
            throw InvalidObjectError(objectID: sample.id, field: "values",
                reason: "the sample's count, interval or quantity are not those of its \(values.count) values; send the sample as the store gives it")
        }
        return series
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
        values = try container.decodeIfPresent([TimedQuantity].self, forKey: .values)
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
        try container.encodeIfPresent(values, forKey: .values)
    }
}
