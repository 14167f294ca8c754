public import Foundation
import PaceModel
import PaceStore

/// Statistics of the samples of one quantity type matching a predicate (Apple's `HKStatisticsQuery`).
public final class HKStatisticsQuery: HKQuery, @unchecked Sendable {
    private let options: HKStatisticsOptions
    private let completionHandler: @Sendable (HKStatisticsQuery, HKStatistics?, (any Error)?) -> Void

    /// A query of `quantityType`'s samples matching `quantitySamplePredicate` (all when `nil`).
    @preconcurrency
    public init(quantityType: HKQuantityType, quantitySamplePredicate: NSPredicate?, options: HKStatisticsOptions = [],
                completionHandler handler: @escaping @Sendable (HKStatisticsQuery, HKStatistics?, (any Error)?) -> Void) {
        self.options = options
        self.completionHandler = handler
        super.init(objectType: quantityType, predicate: quantitySamplePredicate)
    }

    override func run(on app: AuthorizedStore) async {
        let result: Result<HKStatistics, HKError>
        do {
            let type = try Self.quantityType(objectType)
            let predicate = try pacePredicate()
            let statistics = try await app.statistics(for: type, predicate: predicate, options: Self.paceOptions(options, type: type))
            let span = try await Self.span(app: app, type: type, predicate: predicate)
            result = .success(HKStatistics(statistics, start: span.start, end: span.end))
        } catch {
            result = .failure(HKStoreConnection.error(error))
        }
        deliver { [self] in
            switch result {
            case .success(let statistics): completionHandler(self, statistics, nil)
            case .failure(let error): completionHandler(self, nil, error)
            }
        }
    }

    override func fail(_ error: HKError) {
        completionHandler(self, nil, error)
    }

    /// The Pace quantity type of a query.
    static func quantityType(_ type: HKObjectType?) throws(HKError) -> QuantityTypeIdentifier {
        guard let type = type as? HKQuantityType else {
            throw HKError(.errorInvalidArgument, message: "Statistics are computed for quantity types only.")
        }
        return type.quantityIdentifier
    }

    /// Pace's options for an app's; no option means the type's default, as in HealthKit.
    static func paceOptions(_ options: HKStatisticsOptions, type: QuantityTypeIdentifier) throws(HKError) -> StatisticsOptions {
        guard let pace = options.pace else {
            throw HKError(.errorInvalidArgument, message: "Pace does not compute the duration statistic (docs/HEALTHKIT.md).")
        }
        return pace.subtracting(.separateBySource).isEmpty ? pace.union(.default(for: type)) : pace
    }

    /// The first start and last end of the matching samples the app may see (now and now when there are none).
    static func span(app: AuthorizedStore, type: QuantityTypeIdentifier,
                     predicate: SamplePredicate) async throws -> (start: Date, end: Date) {
        let first = try await app.samples(matching: .quantity(type), predicate: predicate, sort: [.startDate()], limit: 1)
        let last = try await app.samples(matching: .quantity(type), predicate: predicate, sort: [.endDate(ascending: false)], limit: 1)
        func dates(_ object: HealthObject?) -> (Date, Date)? {
            if case .quantitySample(let sample)? = object { return (sample.startDate, sample.endDate) }
            return nil
        }
        let now = Date()
        return (dates(first.first)?.0 ?? now, dates(last.first)?.1 ?? now)
    }
}
