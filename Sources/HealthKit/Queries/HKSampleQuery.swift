public import Foundation
import PaceModel
import PaceStore

/// No limit on a query's results.
public let HKObjectQueryNoLimit: Int = 0

/// The samples of one type that match a predicate, in order, once (Apple's `HKSampleQuery`).
///
/// ```swift
/// let query = HKSampleQuery(sampleType: HKQuantityType(.heartRate), predicate: today, limit: HKObjectQueryNoLimit,
///                           sortDescriptors: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)]) { _, samples, error in
///     …
/// }
/// store.execute(query)
/// ```
public final class HKSampleQuery: HKQuery, @unchecked Sendable {
    /// The most results, or ``HKObjectQueryNoLimit``.
    public let limit: Int
    /// The order of the results.
    public let sortDescriptors: [NSSortDescriptor]?
    private let resultsHandler: @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void

    /// A query of `sampleType` matching `predicate` (all when `nil`), at most `limit` of them,
    /// sorted by `sortDescriptors` (oldest first by default).
    @preconcurrency
    public init(sampleType: HKSampleType, predicate: NSPredicate?, limit: Int, sortDescriptors: [NSSortDescriptor]?,
                resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void) {
        self.limit = limit
        self.sortDescriptors = sortDescriptors
        self.resultsHandler = resultsHandler
        super.init(objectType: sampleType, predicate: predicate)
    }

    override func run(on app: AuthorizedStore) async {
        let result: Result<[HKSample], HKError>
        do {
            result = .success(try await Self.samples(app: app, type: objectType, predicate: pacePredicate(),
                                                     sort: HKSortDescriptors.pace(sortDescriptors), limit: limit))
        } catch {
            result = .failure(HKStoreConnection.error(error))
        }
        guard !isStopped else { return }
        HKCallbacks.queue.async { [self] in
            switch result {
            case .success(let samples): resultsHandler(self, samples, nil)
            case .failure(let error): resultsHandler(self, nil, error)
            }
        }
    }

    override func fail(_ error: HKError) {
        resultsHandler(self, nil, error)
    }

    /// The samples of `type` the app may see.
    static func samples(app: AuthorizedStore, type: HKObjectType?, predicate: SamplePredicate,
                        sort: [SampleSortDescriptor], limit: Int) async throws -> [HKSample] {
        guard let type, let paceType = type.paceType else {
            throw HKError(.errorInvalidArgument, message: "Pace does not store \(type?.identifier ?? "this type") (docs/HEALTHKIT.md).")
        }
        let objects = try await app.samples(matching: paceType, predicate: predicate, sort: sort,
                                            limit: limit == HKObjectQueryNoLimit ? nil : limit)
        return objects.compactMap { HKObject.make($0) as? HKSample }
    }
}
