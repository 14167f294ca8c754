public import Foundation

/// Where an anchored query stopped: a position in one store's history of changes.
///
/// Unlike a bare ``Anchor``, it carries the identity of the store that made it, so resuming
/// against another store is refused (``StoreError/Code/foreignAnchor``) instead of silently
/// skipping or repeating changes. It encodes as `{"storeID": "…", "anchor": 42}`; save it
/// (e.g. as JSON) to resume after the store is reopened.
///
/// ```swift
/// let saved = try JSONEncoder().encode(result.anchor)
/// ```
public struct QueryAnchor: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The identifier of the store that made the anchor (``HealthStore/storeIdentifier()``).
    public var storeID: UUID
    /// The position in that store's history.
    public var anchor: Anchor

    /// Creates an anchor for a store.
    public init(storeID: UUID, anchor: Anchor) {
        self.storeID = storeID
        self.anchor = anchor
    }

    /// `storeID:anchor`.
    public var description: String { "\(storeID.uuidString):\(anchor.rawValue)" }
}

extension HealthStore {
    /// The store's random, permanent identity, made when the store was created (migration `v3-authorization`).
    ///
    /// - Throws: ``StoreError`` if SQLite fails.
    public func storeIdentifier() async throws(StoreError) -> UUID {
        try await backend.storeIdentifier()
    }
}
