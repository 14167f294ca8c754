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
    /// The types and predicates of a query made from descriptors; a sample matching any is a result.
    private let descriptors: [HKQueryDescriptor]?

    /// A query of `sampleType` matching `predicate` (all when `nil`), at most `limit` of them,
    /// sorted by `sortDescriptors` (oldest first by default).
    @preconcurrency
    public init(sampleType: HKSampleType, predicate: NSPredicate?, limit: Int, sortDescriptors: [NSSortDescriptor]?,
                resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void) {
        self.limit = limit
        self.sortDescriptors = sortDescriptors
        self.resultsHandler = resultsHandler
        self.descriptors = nil
        super.init(objectType: sampleType, predicate: predicate)
    }

    /// A query of the samples matching any of `queryDescriptors`, at most `limit` of them, oldest first.
    @preconcurrency
    public convenience init(queryDescriptors: [HKQueryDescriptor], limit: Int,
                            resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void) {
        self.init(queryDescriptors: queryDescriptors, limit: limit, sortDescriptors: [], resultsHandler: resultsHandler)
    }

    /// A query of the samples matching any of `queryDescriptors`, sorted by `sortDescriptors`, at most `limit` of them.
    @preconcurrency
    public init(queryDescriptors: [HKQueryDescriptor], limit: Int, sortDescriptors: [NSSortDescriptor],
                resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void) {
        self.limit = limit
        self.sortDescriptors = sortDescriptors
        self.resultsHandler = resultsHandler
        self.descriptors = queryDescriptors
        super.init(objectType: queryDescriptors.first?.sampleType, predicate: queryDescriptors.first?.predicate)
    }

    override func run(on app: AuthorizedStore) async {
        let result: Result<[HKSample], HKError>
        do {
            let sort = try HKSortDescriptors.pace(sortDescriptors)
            if let descriptors {
                result = .success(try await Self.samples(app: app, descriptors: descriptors, sort: sort, limit: limit))
            } else {
                result = .success(try await Self.samples(app: app, type: objectType, predicate: pacePredicate(), sort: sort, limit: limit))
            }
        } catch {
            result = .failure(HKStoreConnection.error(error))
        }
        deliver { [self] in
            switch result {
            case .success(let samples): resultsHandler(self, samples, nil)
            case .failure(let error): resultsHandler(self, nil, error)
            }
        }
    }

    /// The samples matching any descriptor, merged in the order `sort` gives (by start, then end),
    /// at most `limit` of them.
    private static func samples(app: AuthorizedStore, descriptors: [HKQueryDescriptor], sort: [SampleSortDescriptor],
                                limit: Int) async throws -> [HKSample] {
        var merged: [HKSample] = []
        for descriptor in descriptors {
            merged += try await samples(app: app, type: descriptor.sampleType, predicate: HKPredicate.pace(descriptor.predicate),
                                        sort: sort, limit: limit)
        }
        merged.sort { lhs, rhs in
            for key in sort {
                let (left, right) = key.key == .endDate ? (lhs.endDate, rhs.endDate) : (lhs.startDate, rhs.startDate)
                if left != right { return key.ascending ? left < right : left > right }
            }
            return false
        }
        return limit == HKObjectQueryNoLimit ? merged : Array(merged.prefix(limit))
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
