public import Foundation
import PaceModel
import PaceStore

/// Statistics of one quantity type per calendar interval (Apple's `HKStatisticsCollectionQuery`):
/// intervals of `intervalComponents` from `anchorDate` in the current calendar, over the time the
/// matching samples cover; with a ``statisticsUpdateHandler``, computed again after each change
/// until stopped.
public final class HKStatisticsCollectionQuery: HKQuery, @unchecked Sendable {
    /// The handler of the first results.
    public typealias InitialResultsHandler = @Sendable (HKStatisticsCollectionQuery, HKStatisticsCollection?, (any Error)?) -> Void
    /// The handler of later results: the changed interval's statistics (`nil` on Pace, which
    /// recomputes the collection) and the new collection.
    public typealias UpdateHandler = @Sendable (HKStatisticsCollectionQuery, HKStatistics?, HKStatisticsCollection?, (any Error)?) -> Void

    /// The options.
    public let options: HKStatisticsOptions
    /// A boundary of the intervals.
    public let anchorDate: Date
    /// The intervals' length in calendar units.
    public let intervalComponents: DateComponents

    private let handlers = Locked<(initial: InitialResultsHandler?, update: UpdateHandler?)>((nil, nil))

    /// Called once with the first collection; set it before executing the query.
    @preconcurrency
    public var initialResultsHandler: InitialResultsHandler? {
        get { handlers.withLock { $0.initial } }
        set { handlers.withLock { $0.initial = newValue } }
    }

    /// Called with each new collection after a change; set it before executing to keep the query running.
    @preconcurrency
    public var statisticsUpdateHandler: UpdateHandler? {
        get { handlers.withLock { $0.update } }
        set { handlers.withLock { $0.update = newValue } }
    }

    /// A collection query of `quantityType`'s samples matching `quantitySamplePredicate`.
    public init(quantityType: HKQuantityType, quantitySamplePredicate: NSPredicate?, options: HKStatisticsOptions = [],
                anchorDate: Date, intervalComponents: DateComponents) {
        self.options = options
        self.anchorDate = anchorDate
        self.intervalComponents = intervalComponents
        super.init(objectType: quantityType, predicate: quantitySamplePredicate)
    }

    override func run(on app: AuthorizedStore) async {
        do {
            let type = try HKStatisticsQuery.quantityType(objectType)
            let predicate = try pacePredicate()
            let options = try HKStatisticsQuery.paceOptions(self.options, type: type)
            let first = try await collection(app: app, type: type, predicate: predicate, options: options)
            deliver { [self] in initialResultsHandler?(self, first, nil) }
            guard statisticsUpdateHandler != nil else { return }
            for try await _ in try await app.observe(.quantity(type)) {
                guard !isStopped else { return }
                let next = try await collection(app: app, type: type, predicate: predicate, options: options)
                deliver { [self] in statisticsUpdateHandler?(self, nil, next, nil) }
            }
        } catch {
            let failure = HKStoreConnection.error(error)
            deliver { [self] in initialResultsHandler?(self, nil, failure) }
        }
    }

    override func fail(_ error: HKError) {
        initialResultsHandler?(self, nil, error)
    }

    /// The collection over the span the matching samples cover.
    private func collection(app: AuthorizedStore, type: QuantityTypeIdentifier, predicate: SamplePredicate,
                            options: StatisticsOptions) async throws -> HKStatisticsCollection {
        let calendar = Calendar.current
        let span = try await HKStatisticsQuery.span(app: app, type: type, predicate: predicate)
        let collection = try await app.statisticsCollection(for: type, predicate: predicate, options: options, anchor: anchorDate,
                                                            interval: intervalComponents, from: span.start,
                                                            to: max(span.end, span.start.addingTimeInterval(0.001)), calendar: calendar)
        return HKStatisticsCollection(type: type, statistics: collection.statistics, anchor: anchorDate,
                                      interval: intervalComponents, calendar: calendar)
    }
}
