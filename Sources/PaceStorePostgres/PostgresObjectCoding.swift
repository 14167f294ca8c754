import Foundation
import PaceModel
import PaceStore

/// How an object is kept in `healthObject.body`: its value as JSON, a route without its locations
/// (they are rows of `routeLocation`). Dates are encoded as seconds since 2001-01-01 UTC and
/// numbers in their shortest exact form, so an object read back equals the object saved.
enum PostgresObjectCoding {
    /// The kinds of `healthObject.kind`.
    static func kind(of object: HealthObject) -> String {
        switch object {
        case .quantitySample: "quantity"
        case .categorySample: "category"
        case .workout: "workout"
        case .workoutRoute: "route"
        }
    }

    /// The JSON text of `object` (a route's without its locations).
    static func body(of object: HealthObject) throws(StoreError) -> String {
        switch object {
        case .quantitySample(let sample): return try json(sample, id: object.id)
        case .categorySample(let sample): return try json(sample, id: object.id)
        case .workout(let workout): return try json(workout, id: object.id)
        case .workoutRoute(let route):
            var bare = route
            bare.locations = []
            return try json(bare, id: object.id)
        }
    }

    /// The JSON text of `value`, a part of the object `id`.
    static func json(_ value: some Encodable, id: UUID) throws(StoreError) -> String {
        do {
            return String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        } catch {
            throw StoreError(code: .invalidObject, message: "Object \(id.uuidString) cannot be encoded: \(error).", cause: error)
        }
    }

    /// The object a row holds; a route's `locations` are read by the caller.
    static func object(kind: String, body: String, locations: [RouteLocation] = []) throws(StoreError) -> HealthObject {
        // Most rows are quantity samples of the shape the fast reader takes; the rest, and any
        // row it declines, go through JSONDecoder.
        if kind == "quantity", let sample = SyncPushFastReader.quantitySample(body) { return .quantitySample(sample) }
        let data = Data(body.utf8)
        let decoder = JSONDecoder()
        do {
            switch kind {
            case "quantity": return .quantitySample(try decoder.decode(QuantitySample.self, from: data))
            case "category": return .categorySample(try decoder.decode(CategorySample.self, from: data))
            case "workout": return .workout(try decoder.decode(Workout.self, from: data))
            case "route":
                var route = try decoder.decode(WorkoutRoute.self, from: data)
                route.locations = locations
                return .workoutRoute(route)
            default: break
            }
        } catch {
            throw StoreError(code: .corrupt, message: "A stored \(kind) object cannot be read: \(error). The store was changed outside Pace.",
                             cause: error)
        }
        throw StoreError(code: .corrupt, message: "A stored object has the unknown kind '\(kind)'. The store was changed outside Pace.")
    }

    /// A type identifier read back from a row.
    static func objectType(_ identifier: String) throws(StoreError) -> HealthObjectType {
        do { return try HealthObjectType(identifier: identifier) } catch {
            throw StoreError(code: .corrupt, message: "The stored type '\(identifier)' is unknown. The store was changed outside Pace.",
                             cause: error)
        }
    }
}
