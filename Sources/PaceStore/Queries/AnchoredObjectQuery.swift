public import Foundation
public import PaceModel

/// What an anchored object query asks for: objects of one type added and deleted after an anchor.
///
/// Additions are filtered by a ``SamplePredicate`` (and, as shorthands, an interval and a source).
/// Deletions are reported by type only, as HealthKit does: a tombstone keeps no dates, source or
/// values, so a deletion may be reported for an object the predicate would have left out.
///
/// ```swift
/// var query = AnchoredObjectQuery(type: .quantity(.heartRate), limit: 500)
/// let page = try await store.anchoredObjects(query)
/// query.anchor = page.anchor   // next page, or later: what changed since
/// ```
public struct AnchoredObjectQuery: Hashable, Sendable {
    /// The type of objects.
    public var type: HealthObjectType
    /// Only objects overlapping this interval (end ≥ start of interval, start ≤ end of interval), when given.
    public var interval: DateInterval?
    /// Only objects from the source with this bundle identifier, when given.
    public var sourceBundleIdentifier: String?
    /// Only objects matching this predicate (all by default); combined with ``interval`` and
    /// ``sourceBundleIdentifier`` when those are given.
    public var predicate: SamplePredicate
    /// Start after this anchor; `nil` starts from the beginning of the store.
    public var anchor: QueryAnchor?
    /// At most this many changes (additions plus deletions) per result, when given; must be ≥ 1.
    public var limit: Int?

    /// Creates a query.
    public init(type: HealthObjectType, predicate: SamplePredicate = .all, interval: DateInterval? = nil,
                sourceBundleIdentifier: String? = nil, anchor: QueryAnchor? = nil, limit: Int? = nil) {
        self.type = type
        self.predicate = predicate
        self.interval = interval
        self.sourceBundleIdentifier = sourceBundleIdentifier
        self.anchor = anchor
        self.limit = limit
    }
}

/// One answer of an anchored object query.
public struct AnchoredObjectResult: Hashable, Sendable {
    /// Objects saved after the query's anchor and still stored, in anchor order.
    ///
    /// A sync-version replacement shows as the old object in ``deleted`` and the new one here.
    public var added: [HealthObject]
    /// Objects of the type deleted after the query's anchor, in anchor order.
    public var deleted: [Tombstone]
    /// Where to resume: pass it as the next query's ``AnchoredObjectQuery/anchor``.
    public var anchor: QueryAnchor
    /// Whether the limit cut the result short: query again from ``anchor`` for the rest.
    public var hasMore: Bool
    /// The anchors of ``added``, in the same order: how results of several types merge.
    package var addedAnchors: [Int64] = []

    /// Creates a result.
    package init(added: [HealthObject], deleted: [Tombstone], anchor: QueryAnchor, hasMore: Bool, addedAnchors: [Int64]) {
        self.added = added
        self.deleted = deleted
        self.anchor = anchor
        self.hasMore = hasMore
        self.addedAnchors = addedAnchors
    }

    /// Whether nothing was added or deleted.
    public var isEmpty: Bool { added.isEmpty && deleted.isEmpty }
}

extension HealthStore {
    /// Runs an anchored object query: what was added and deleted since its anchor, in one snapshot.
    ///
    /// ```swift
    /// let result = try await store.anchoredObjects(AnchoredObjectQuery(type: .workout, anchor: saved))
    /// ```
    ///
    /// - Parameter query: The query.
    /// - Returns: Additions, deletions and the anchor to resume from.
    /// - Throws: ``StoreError/Code/foreignAnchor`` for an anchor made by another store,
    ///   ``StoreError/Code/invalidQuery`` for a predicate that does not fit the type, or if SQLite fails.
    public func anchoredObjects(_ query: AnchoredObjectQuery) async throws(StoreError) -> AnchoredObjectResult {
        try await backend.anchoredObjects(query, scope: .everything)
    }
}
