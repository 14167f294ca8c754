package import Foundation
package import PaceModel

/// The health objects of a store: saved in batches, deleted with tombstones, associated, read.
package protocol HealthObjectBackend: Sendable {
    /// Where the store lives, for messages (a file path), or `nil` in memory.
    var location: String? { get }

    /// The store's identity, made when it was created; anchors of other stores are refused by it.
    func storeIdentifier() async throws(StoreError) -> UUID

    /// The anchor of the latest save or deletion (``Anchor/initial`` for an empty store).
    func currentAnchor() async throws(StoreError) -> Anchor

    /// Writes a validated batch in one transaction, all or nothing, with every rule of a save:
    /// duplicate and deleted UUIDs refused, sync identifier + version replacement per source, one
    /// workout per route, routes after their workout, consecutive anchors, the batch's associations.
    ///
    /// - Parameters:
    ///   - batch: The objects.
    ///   - skipping: Leave out (instead of refusing) objects whose sync identifier is stored for their source.
    /// - Returns: The positions of the objects left out, in increasing order.
    func save(_ batch: HealthObjectBatch, skippingStoredSyncIdentifiers skipping: Bool) async throws(StoreError) -> [Int]

    /// ``save(_:skippingStoredSyncIdentifiers:)``, blocking its caller until committed.
    func saveBlocking(_ batch: HealthObjectBatch, skippingStoredSyncIdentifiers skipping: Bool) throws(StoreError) -> [Int]

    /// Which of `ids` are stored as sync identifiers of the source's objects; blocking.
    func storedSyncIdentifiers(_ ids: [String], sourceBundleIdentifier: String) throws(StoreError) -> Set<String>

    /// Deletes objects in one transaction, a tombstone each; a workout takes its routes along.
    ///
    /// - Returns: How many of `ids` named a stored object.
    func delete(ids: [UUID]) async throws(StoreError) -> Int

    /// Saves a validated batch and then deletes objects, all in one transaction: both or neither.
    ///
    /// Every rule of ``save(_:skippingStoredSyncIdentifiers:)`` and ``delete(ids:)`` applies.
    /// - Returns: How many of `ids` named a stored object (after the batch was saved).
    func save(_ batch: HealthObjectBatch, deleting ids: [UUID]) async throws(StoreError) -> Int

    /// Associates stored samples with a stored workout (idempotent).
    func associate(samples sampleIDs: [UUID], with workoutID: UUID) async throws(StoreError)

    /// Associates each workout with the samples of its source inside its time span.
    ///
    /// - Returns: How many associations were added.
    func associateSamplesByTime(withWorkouts workoutIDs: [UUID]) async throws(StoreError) -> Int

    /// The stored object with this UUID, of any kind, or `nil`.
    func object(id: UUID) async throws(StoreError) -> HealthObject?

    /// The stored objects among `ids`, in the order of `ids`, missing ones left out, read in one
    /// transaction.
    func objects(ids: [UUID]) async throws(StoreError) -> [HealthObject]

    /// The anchor the object was saved with, or `nil` if it is not stored.
    func anchor(of id: UUID) async throws(StoreError) -> Anchor?

    /// Every save and deletion after `anchor`, of every type, in one snapshot.
    func changes(after anchor: Anchor) async throws(StoreError) -> StoreChanges

    /// The objects of `type` matching a checked predicate, in `sort` order then by anchor.
    ///
    /// - Parameter limit: At most this many, when given.
    func objects(of type: HealthObjectType, matching predicate: SamplePredicate, sort: [SampleSortDescriptor],
                 limit: Int?) async throws(StoreError) -> [HealthObject]

    /// The routes of a workout, oldest first; of one source only when `source` is given.
    func routes(forWorkout workoutID: UUID, source: String?) async throws(StoreError) -> [WorkoutRoute]

    /// The sources of the objects of `type` matching a checked predicate, by name; only
    /// `onlySource` when given.
    func sources(of type: HealthObjectType, matching predicate: SamplePredicate,
                 onlySource: String?) async throws(StoreError) -> [Source]

    /// The values of one quantity type overlapping `[start, end)`, by start, in its canonical unit.
    func quantitySeries(of type: QuantityTypeIdentifier, from start: Date, to end: Date) async throws(StoreError) -> [TimedQuantity]

    /// Saves a validated series sample and its values in one transaction, by the rules of any save
    /// (DECISIONS 172); its values count in every statistic by their own intervals.
    func save(_ series: QuantitySeriesSample) async throws(StoreError)

    /// Saves series samples with their values and then a batch, in one transaction, blocking its
    /// caller until committed: the batch's associations may name the series samples (a workout
    /// imported with its heart rate as series; DECISIONS 177).
    func saveBlocking(_ series: [QuantitySeriesSample], then batch: HealthObjectBatch) throws(StoreError)

    /// The values of the stored quantity sample `id` in start order, in its type's canonical unit
    /// (a series sample's values, an ordinary sample's one value); `nil` when none has this UUID.
    func seriesValues(of id: UUID) async throws(StoreError) -> [TimedQuantity]?

    /// One page of an anchored object query, within `scope`, in one snapshot.
    ///
    /// - Throws: ``StoreError/Code/foreignAnchor`` for another store's anchor.
    func anchoredObjects(_ query: AnchoredObjectQuery, scope: ReadScope) async throws(StoreError) -> AnchoredObjectResult

    /// Whose a stored route is — its source's bundle identifier and its workout — or `nil` when no
    /// route has this UUID; no location is read.
    func routeOwner(_ routeID: UUID) async throws(StoreError) -> RouteOwner?

    /// Up to `limit` locations of a route after position `position` (−1: from the first), in
    /// order, within `interval` (inclusive) when given.
    ///
    /// - Returns: The locations, the position of the last one, and whether more follow.
    func routeLocations(_ routeID: UUID, after position: Int64, interval: DateInterval?,
                        limit: Int) async throws(StoreError) -> RouteLocationPage

    /// The latest anchor of a save or deletion of `type`; with `source`, of a save by it only.
    func latestChange(of type: HealthObjectType, source: String?) async throws(StoreError) -> Anchor
}

/// A page of a route's locations read by ``HealthObjectBackend/routeLocations(_:after:interval:limit:)``.
package struct RouteOwner: Hashable, Sendable {
    /// The bundle identifier of the route's source.
    package var source: String
    /// The workout the route belongs to.
    package var workoutID: UUID

    /// An owner.
    package init(source: String, workoutID: UUID) {
        self.source = source
        self.workoutID = workoutID
    }
}

/// One page of a route's locations, as a backend reads it.
package struct RouteLocationPage: Sendable {
    /// The locations, in order.
    package var locations: [RouteLocation]
    /// The position of the last location, or `nil` for an empty page.
    package var lastPosition: Int64?
    /// Whether locations follow this page.
    package var hasMore: Bool

    /// A page.
    package init(locations: [RouteLocation], lastPosition: Int64?, hasMore: Bool) {
        self.locations = locations
        self.lastPosition = lastPosition
        self.hasMore = hasMore
    }
}
