import Foundation
import Hummingbird
import PaceModel
import PaceStore

/// One object in a sync page or push: its kind and the object itself, in Pace's own encoding
/// (every field, metadata and device included), so both sides store exactly the same object.
struct SyncObjectJSON: Codable, Sendable {
    let object: HealthObject

    init(_ object: HealthObject) {
        self.object = object
    }

    private enum Keys: String, CodingKey {
        case kind, object
    }

    init(from decoder: any Decoder) throws {
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

    func encode(to encoder: any Encoder) throws {
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

/// A deleted object in a sync page.
struct SyncDeletionJSON: Codable, Sendable {
    var id: UUID
    var type: String
    var deletedAt: Date
}

/// One page of changes after an anchor.
struct SyncPageJSON: ResponseEncodable, Encodable, Sendable {
    /// Objects added since the anchor, in the order they were saved.
    var objects: [SyncObjectJSON]
    /// Objects deleted since the anchor.
    var deleted: [SyncDeletionJSON]
    /// Where to resume: pass it as `anchor` next time (opaque).
    var anchor: String
    /// Whether more changes follow right away.
    var hasMore: Bool
}

/// The opaque text form of a store anchor (base64url of its JSON).
enum SyncAnchorText {
    static func text(_ anchor: QueryAnchor) -> String {
        Base64URL.encode((try? JSONEncoder().encode(anchor)) ?? Data())
    }

    static func anchor(_ text: String) throws -> QueryAnchor {
        guard let data = Base64URL.decode(text), let anchor = try? JSONDecoder().decode(QueryAnchor.self, from: data) else {
            throw ServerError.badParameter("anchor", "is not an anchor this server gave; pull again without one to start over")
        }
        return anchor
    }
}

/// A batch of objects a device pushes.
struct SyncPushJSON: Decodable, Sendable {
    var objects: [SyncObjectJSON]
}

/// What a push did.
struct SyncPushResultJSON: ResponseEncodable, Codable, Sendable {
    /// Objects stored by this push (new, or replacing an older sync version).
    var saved: Int
    /// Objects the server had already, identical: a replay.
    var alreadyStored: Int
}
