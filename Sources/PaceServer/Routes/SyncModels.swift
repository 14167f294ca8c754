import Foundation
import HTTPTypes
import Hummingbird
import PaceAPI
import PaceModel
import PaceStore

/// One object in a sync page or push: its kind and the object itself (``KindedHealthObject``,
/// the one wire form the server and PaceClient share).
typealias SyncObjectJSON = KindedHealthObject

/// A deleted object in a sync page; `deletedAt` is the API's date text (``APIDateTime/text(_:)``)
/// whatever the encoder's dates.
struct SyncDeletionJSON: Encodable, Sendable {
    var id: UUID
    var type: String
    var deletedAt: Date

    private enum Keys: String, CodingKey {
        case id, type, deletedAt
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(try APIDateTime.text(deletedAt, at: container.codingPath + [Keys.deletedAt]), forKey: .deletedAt)
    }
}

/// One page of changes after an anchor.
///
/// Written with Foundation's own date encoding (a number of seconds since 2001-01-01T00:00:00Z,
/// exactly as `Date` holds it), not the API's ISO 8601 text, which keeps whole seconds only: a
/// pulled object must be byte-for-byte the object the server stores, so that pushing it back is a
/// replay, and the push reads dates this way too.
struct SyncPageJSON: ResponseGenerator, Encodable, Sendable {
    /// Objects added since the anchor, in the order they were saved.
    var objects: [SyncObjectJSON]
    /// Objects deleted since the anchor.
    var deleted: [SyncDeletionJSON]
    /// Where to resume: pass it as `anchor` next time (opaque).
    var anchor: String
    /// Whether more changes follow right away.
    var hasMore: Bool

    /// The page as `JSONEncoder` with sorted keys writes it, by ``SyncPageWriter``.
    func response(from request: Request, context: some RequestContext) throws -> Response {
        var writer = SyncPageWriter(capacity: 300 * objects.count + 256)
        try writer.write(self)
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: writer.bytes)))
    }
}

/// A batch of objects a device pushes, and the UUIDs of objects it deleted (``SyncPushBatch``, the
/// form the server and PaceClient share, and the one the `sync` fuzz target decodes).
typealias SyncPushJSON = SyncPushBatch

/// What a push did.
struct SyncPushResultJSON: ResponseEncodable, Codable, Sendable {
    /// Objects stored by this push (new, or replacing an older sync version).
    var saved: Int
    /// Objects the server had already, identical: a replay.
    var alreadyStored: Int
    /// Objects of `deleted` the server held and deleted now (unknown or already deleted ones are not counted).
    var deleted: Int
}
