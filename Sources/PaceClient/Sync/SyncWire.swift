package import Foundation
import PaceAPI
package import PaceModel

/// The JSON of device sync's two routes, as the client writes and reads it: the same forms as the
/// server's (docs/SERVER.md, "Pushing objects" and "Pulling changes"), defined here so that the
/// client needs none of the server's modules.
///
/// Objects travel in Pace's own encoding with Foundation's own dates — a number of seconds since
/// 2001-01-01T00:00:00Z, exactly as `Date` holds it — so an object pulled and pushed back is the
/// very object the server stores. Deletion times are the API's RFC 3339 text, read strictly
/// (``APIDateTime``).
package enum SyncWire {
    /// Encodes pushes: sorted keys, dates as numbers (see ``SyncWire``).
    package static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    /// Decodes pages: dates as numbers (see ``SyncWire``).
    package static var decoder: JSONDecoder { JSONDecoder() }

    /// One object: `{"kind": …, "object": {…}}` (``KindedHealthObject``, the form the server reads and writes).
    package typealias Object = KindedHealthObject

    /// A deletion in a page: `{"id", "type", "deletedAt"}` (RFC 3339 text).
    package struct Deletion: Decodable, Sendable {
        /// The deleted object's UUID.
        package let id: UUID
        /// Its type's identifier, e.g. `HKWorkoutTypeIdentifier`.
        package let type: String
        /// When it was deleted on the server.
        package let deletedAt: Date

        private enum Keys: String, CodingKey {
            case id, type, deletedAt
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            id = try container.decode(UUID.self, forKey: .id)
            type = try container.decode(String.self, forKey: .type)
            deletedAt = try APIDateTime.date(try container.decode(String.self, forKey: .deletedAt),
                                             at: container.codingPath + [Keys.deletedAt])
        }
    }

    /// `GET /api/v1/sync/changes`: one page of changes after an anchor.
    package struct Page: Decodable, Sendable {
        /// Objects added, in the order they were saved.
        package let objects: [Object]
        /// Objects deleted.
        package let deleted: [Deletion]
        /// Where the next page starts (opaque).
        package let anchor: String
        /// Whether more changes follow right away.
        package let hasMore: Bool
    }

    /// `POST /api/v1/sync/objects`: objects to save and UUIDs to delete (``SyncPushBatch``, the
    /// form the server reads).
    package typealias Push = SyncPushBatch

    /// What a push did.
    package struct PushResult: Decodable, Sendable, Equatable {
        /// Objects the server stored.
        package let saved: Int
        /// Objects it held already, identical.
        package let alreadyStored: Int
        /// Deleted UUIDs that named an object it held (0 when the server does not count them).
        package let deleted: Int

        private enum Keys: String, CodingKey {
            case saved, alreadyStored, deleted
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            saved = try container.decode(Int.self, forKey: .saved)
            alreadyStored = try container.decode(Int.self, forKey: .alreadyStored)
            deleted = try container.decodeIfPresent(Int.self, forKey: .deleted) ?? 0
        }
    }

    /// `GET /api/v1/sync/scope`: the calling token's identifier and scopes.
    package struct Scope: Decodable, Sendable {
        /// The token's identifier (not its secret).
        package let id: UUID
        /// Type identifiers the token may read.
        package let read: [String]
        /// Type identifiers the token may write.
        package let share: [String]
    }
}
