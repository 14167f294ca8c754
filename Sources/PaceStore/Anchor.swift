public import Foundation
public import PaceModel

/// A position in the store's history of changes.
///
/// Every save and every deletion takes the next anchor, so anchors only grow. An
/// anchored query asks for what changed after an anchor it was given earlier.
public struct Anchor: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The change's sequence number; 0 is "before the first change".
    public var rawValue: Int64
    /// Creates an anchor from a sequence number.
    public init(rawValue: Int64) { self.rawValue = rawValue }
    /// The anchor before any change.
    public static let initial = Anchor(rawValue: 0)
    /// Orders anchors by sequence number.
    public static func < (lhs: Anchor, rhs: Anchor) -> Bool { lhs.rawValue < rhs.rawValue }
    /// The sequence number.
    public var description: String { String(rawValue) }
}

/// What remains of a deleted object, so that anchored queries can report the deletion.
public struct Tombstone: Hashable, Sendable, Codable {
    /// The deleted object's UUID.
    public var id: UUID
    /// The deleted object's type.
    public var objectType: HealthObjectType
    /// When it was deleted (UTC).
    public var deletedAt: Date
    /// The anchor of the deletion.
    public var anchor: Anchor

    /// A tombstone, as a backend reads it.
    package init(id: UUID, objectType: HealthObjectType, deletedAt: Date, anchor: Anchor) {
        self.id = id
        self.objectType = objectType
        self.deletedAt = deletedAt
        self.anchor = anchor
    }
}

/// A stored object's identity and the anchor of the change that saved it (the package's
/// store-wide change listing, ``HealthStore/changes(after:)``).
package struct StoredObjectReference: Hashable, Sendable {
    /// The object's UUID.
    package var id: UUID
    /// The object's type.
    package var objectType: HealthObjectType
    /// The anchor of the save.
    package var anchor: Anchor

    /// A reference, as a backend reads it.
    package init(id: UUID, objectType: HealthObjectType, anchor: Anchor) {
        self.id = id
        self.objectType = objectType
        self.anchor = anchor
    }
}

/// The changes after an anchor: objects saved and objects deleted, of every type.
package struct StoreChanges: Hashable, Sendable {
    /// Objects saved after the anchor and still stored, in anchor order.
    package var saved: [StoredObjectReference]
    /// Objects deleted after the anchor, in anchor order.
    package var deleted: [Tombstone]
    /// The store's latest anchor when the changes were read; pass it to the next call.
    package var anchor: Anchor

    /// The changes, as a backend reads them.
    package init(saved: [StoredObjectReference], deleted: [Tombstone], anchor: Anchor) {
        self.saved = saved
        self.deleted = deleted
        self.anchor = anchor
    }
}
