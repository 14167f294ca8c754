public import Foundation
import PaceModel
import PaceStore

/// What changed since an anchor: samples added and objects deleted, then — with an
/// ``updateHandler`` — every later change until stopped (Apple's `HKAnchoredObjectQuery`).
///
/// Without read permission on the type the app sees only its own additions and no deletions.
public final class HKAnchoredObjectQuery: HKQuery, @unchecked Sendable {
    /// The handler's shape: the query, the added samples, the deleted objects, the new anchor, or an error.
    public typealias Handler = @Sendable (HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, (any Error)?) -> Void

    private let anchor: HKQueryAnchor?
    private let limit: Int
    /// The types and predicates of a query made from descriptors; a change of any is a result.
    private let descriptors: [HKQueryDescriptor]?
    private let resultsHandler: Handler
    private let updates = Locked<Handler?>(nil)

    /// Called with each change after the first results, until the query is stopped; set it before
    /// executing the query to make it long-running.
    @preconcurrency
    public var updateHandler: Handler? {
        get { updates.withLock { $0 } }
        set { updates.withLock { $0 = newValue } }
    }

    /// A query of `type` matching `predicate`, from `anchor` (`nil`: from the beginning), at most
    /// `limit` objects per result (``HKObjectQueryNoLimit`` for all).
    @preconcurrency
    public init(type: HKSampleType, predicate: NSPredicate?, anchor: HKQueryAnchor?, limit: Int,
                resultsHandler handler: @escaping Handler) {
        self.anchor = anchor
        self.limit = limit
        self.resultsHandler = handler
        self.descriptors = nil
        super.init(objectType: type, predicate: predicate)
    }

    /// A query of the changes matching any of `queryDescriptors`, from `anchor`, at most `limit`
    /// changes per result, in the order they were made.
    @preconcurrency
    public init(queryDescriptors: [HKQueryDescriptor], anchor: HKQueryAnchor?, limit: Int,
                resultsHandler handler: @escaping Handler) {
        self.anchor = anchor
        self.limit = limit
        self.resultsHandler = handler
        self.descriptors = queryDescriptors
        super.init(objectType: queryDescriptors.first?.sampleType, predicate: queryDescriptors.first?.predicate)
    }

    override func run(on app: AuthorizedStore) async {
        do {
            let storeID = try await app.store.storeIdentifier()
            let queries = try paceQueries(storeID: storeID)
            let paceLimit = limit == HKObjectQueryNoLimit ? nil : limit
            if updateHandler == nil {
                try await deliverOnce(queries, on: app, limit: paceLimit)
            } else {
                try await deliverUpdates(queries, on: app, limit: paceLimit)
            }
        } catch {
            let failure = HKStoreConnection.error(error)
            deliver { [self] in resultsHandler(self, nil, nil, nil, failure) }
        }
    }

    /// Pace's queries for this one: one per descriptor, or the one type and predicate given.
    private func paceQueries(storeID: UUID) throws -> [AnchoredObjectQuery] {
        let paceLimit = limit == HKObjectQueryNoLimit ? nil : limit
        var parts: [(type: HKSampleType, predicate: NSPredicate?)] = []
        if let descriptors {
            parts = descriptors.map { ($0.sampleType, $0.predicate) }
        } else if let type = objectType as? HKSampleType {
            parts = [(type, predicate)]
        } else {
            throw HKError(.errorInvalidArgument, message: "Pace does not store \(objectType?.identifier ?? "this type").")
        }
        var queries: [AnchoredObjectQuery] = []
        for part in parts {
            guard let type = part.type.paceType else {
                throw HKError(.errorInvalidArgument, message: "Pace does not store \(part.type.identifier).")
            }
            queries.append(AnchoredObjectQuery(type: type, predicate: try HKPredicate.pace(part.predicate),
                                               anchor: anchor?.pace(storeID: storeID), limit: paceLimit))
        }
        if queries.isEmpty { throw HKError(.errorInvalidArgument, message: "Give the anchored query at least one query descriptor.") }
        return queries
    }

    // Building the queries and the two ways of answering are functions of their own: with all of them
    // in `run(on:)`, Swift 6.3.1's optimizer crashed splitting that coroutine in a release build
    // (signal 11, DECISIONS 143).

    /// Answers once: the objects after the anchor, then nothing more.
    private func deliverOnce(_ queries: [AnchoredObjectQuery], on app: AuthorizedStore, limit: Int?) async throws {
        let result: AnchoredObjectResult
        if queries.count == 1 {
            result = try await app.anchoredObjects(queries[0])
        } else {
            result = try await app.anchoredObjects(queries, limit: limit)
        }
        deliver(result, to: resultsHandler)
    }

    /// Answers the first result to the results handler and every later one to the update handler, until stopped.
    private func deliverUpdates(_ queries: [AnchoredObjectQuery], on app: AuthorizedStore, limit: Int?) async throws {
        var isFirst = true
        for try await result in app.anchoredObjectUpdates(queries, limit: limit) {
            guard !isStopped else { return }
            if isFirst {
                deliver(result, to: resultsHandler)
                isFirst = false
            } else if let update = updateHandler {
                deliver(result, to: update)
            }
        }
    }

    override func fail(_ error: HKError) {
        resultsHandler(self, nil, nil, nil, error)
    }

    private func deliver(_ result: AnchoredObjectResult, to handler: @escaping Handler) {
        let added = result.added.compactMap { HKObject.make($0) as? HKSample }
        let deleted = result.deleted.map { HKDeletedObject(uuid: $0.id, metadata: nil) }
        let anchor = HKQueryAnchor(result.anchor)
        deliver { [self] in handler(self, added, deleted, anchor, nil) }
    }
}
