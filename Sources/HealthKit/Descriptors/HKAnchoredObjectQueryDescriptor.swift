import Foundation
import PaceModel
import PaceStore

/// An anchored object query for Swift concurrency (Apple's `HKAnchoredObjectQueryDescriptor`):
/// what changed since an anchor once (``result(for:)``), or as a sequence of changes
/// (``results(for:)``) that runs until the consuming task is cancelled.
public struct HKAnchoredObjectQueryDescriptor<Sample: HKSample>: Sendable {
    /// The types and predicates.
    public var predicates: [HKSamplePredicate<Sample>]
    /// Where the previous query stopped, or `nil` for the beginning.
    public var anchor: HKQueryAnchor?
    /// The most samples per result, when given (one predicate only on Pace).
    public var limit: Int?

    /// A descriptor.
    public init(predicates: [HKSamplePredicate<Sample>], anchor: HKQueryAnchor?, limit: Int? = nil) {
        self.predicates = predicates
        self.anchor = anchor
        self.limit = limit
    }

    /// One result of the query.
    public struct Result: Sendable {
        /// The samples added since the anchor.
        public let addedSamples: [Sample]
        /// The objects deleted since the anchor.
        public let deletedObjects: [HKDeletedObject]
        /// Where this result stops: the next query's anchor.
        public let newAnchor: HKQueryAnchor
    }

    /// What changed since the anchor, once.
    public func result(for healthStore: HKHealthStore) async throws -> Result {
        let app = try healthStore.appStore()
        let queries = try await paceQueries(app: app)
        return Self.result(try await Self.run(await app.anchoredObjects(queries, limit: limit)))
    }

    private static func result(_ result: AnchoredObjectResult) -> Result {
        Result(addedSamples: result.added.compactMap { HKObject.make($0) as? Sample },
               deletedObjects: result.deleted.map { HKDeletedObject(uuid: $0.id, metadata: nil) },
               newAnchor: HKQueryAnchor(result.anchor))
    }

    /// What changed since the anchor, then each later change, until the consuming task is cancelled.
    public func results(for healthStore: HKHealthStore) -> AsyncThrowingStream<Result, any Error> {
        let descriptor = self
        return AsyncThrowingStream(bufferingPolicy: .unbounded) { continuation in
            let task = Task {
                do {
                    let app = try healthStore.appStore()
                    let queries = try await descriptor.paceQueries(app: app)
                    for try await result in app.anchoredObjectUpdates(queries, limit: descriptor.limit) {
                        continuation.yield(Self.result(result))
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: HKStoreConnection.error(error))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Pace's queries, one per predicate.
    private func paceQueries(app: AuthorizedStore) async throws -> [AnchoredObjectQuery] {
        if predicates.isEmpty { throw HKError(.errorInvalidArgument, message: "Give the anchored query at least one predicate.") }
        let storeID = try await Self.run(await app.store.storeIdentifier())
        return try predicates.map { predicate in
            guard let type = predicate.sampleType.paceType else {
                throw HKError(.errorInvalidArgument, message: "Pace does not store \(predicate.sampleType.identifier).")
            }
            return AnchoredObjectQuery(type: type, predicate: try HKPredicate.pace(predicate.nsPredicate),
                                       anchor: anchor?.pace(storeID: storeID), limit: limit)
        }
    }

    private static func run<T>(_ value: @autoclosure () async throws(StoreError) -> T) async throws -> T {
        do { return try await value() } catch { throw HKStoreConnection.error(error) }
    }
}
