public import Foundation
import PaceModel
import PaceStore

/// The values of quantity samples, one call each (Apple's `HKQuantitySeriesSampleQuery`): a series
/// sample's many values, an ordinary sample's one.
///
/// ```swift
/// let query = HKQuantitySeriesSampleQuery(quantityType: HKQuantityType(.heartRate),
///                                         predicate: HKQuery.predicateForSamples(withStart: start, end: end)) {
///     _, quantity, interval, sample, done, error in
///     …
/// }
/// store.execute(query)
/// ```
///
/// `done` is `true` with the last value, or alone (no value) when nothing matches or the query fails;
/// stopping the query stops the calls. The predicate chooses samples, whose values all come (Pace
/// does not cut a series sample's values at the predicate's dates).
public final class HKQuantitySeriesSampleQuery: HKQuery, @unchecked Sendable {
    /// The handler's shape: the query, a value, its interval, the sample holding it (with
    /// ``includeSample``), whether it is the last, or an error.
    public typealias QuantityHandler = @Sendable (HKQuantitySeriesSampleQuery, HKQuantity?, DateInterval?, HKQuantitySample?, Bool, (any Error)?) -> Void
    /// The shape of the one-sample form's handler: the query, a value, its start, whether it is the
    /// last, or an error.
    public typealias SampleQuantityHandler = @Sendable (HKQuantitySeriesSampleQuery, HKQuantity?, Date?, Bool, (any Error)?) -> Void

    private enum Request {
        case sample(HKQuantitySample, SampleQuantityHandler)
        case type(QuantityHandler)
    }

    private struct Options {
        var includeSample = false
        var orderByQuantitySampleStartDate = false
    }

    private let request: Request
    private let options = Locked(Options())

    /// Whether each call also carries the sample the value belongs to; `false` by default. Set it
    /// before the query is executed.
    public var includeSample: Bool {
        get { options.withLock { $0.includeSample } }
        set { options.withLock { $0.includeSample = newValue } }
    }

    /// Whether the values come sample by sample, the samples by start date, each sample's values
    /// in order (values of overlapping samples then need not be in time order); `false` by default:
    /// all values by their start date. Set it before the query is executed.
    public var orderByQuantitySampleStartDate: Bool {
        get { options.withLock { $0.orderByQuantitySampleStartDate } }
        set { options.withLock { $0.orderByQuantitySampleStartDate = newValue } }
    }

    /// A query of the values of the samples of `quantityType` that match `predicate` (all when `nil`).
    @preconcurrency
    public init(quantityType: HKQuantityType, predicate: NSPredicate?, quantityHandler: @escaping QuantityHandler) {
        self.request = .type(quantityHandler)
        super.init(objectType: quantityType, predicate: predicate)
    }

    /// A query of the values of `quantitySample`, oldest first, each with its start (the form Apple
    /// deprecated in iOS 13 for ``init(quantityType:predicate:quantityHandler:)``).
    @preconcurrency
    public init(sample quantitySample: HKQuantitySample, quantityHandler: @escaping SampleQuantityHandler) {
        self.request = .sample(quantitySample, quantityHandler)
        super.init(objectType: quantitySample.quantityType, predicate: nil)
    }

    override func run(on app: AuthorizedStore) async {
        let entries: [Entry]
        do {
            switch request {
            case .sample(let sample, _):
                // Through the store even for an ordinary sample: one deleted or not readable gives nothing.
                entries = try await Self.entries(of: sample, app: app, readingOrdinary: true)
            case .type:
                let order = options.withLock { $0.orderByQuantitySampleStartDate }
                entries = try await matchingEntries(app: app, bySample: order)
            }
        } catch {
            let failure = HKStoreConnection.error(error)
            deliver { [self] in finish(with: failure) }
            return
        }
        guard !entries.isEmpty else {
            deliver { [self] in finish(with: nil) }
            return
        }
        let withSample = options.withLock { $0.includeSample }
        for (index, entry) in entries.enumerated() {
            guard !isStopped else { return }
            let done = index == entries.count - 1
            deliver { [self] in
                switch request {
                case .sample(_, let handler):
                    handler(self, entry.quantity, entry.interval.start, done, nil)
                case .type(let handler):
                    handler(self, entry.quantity, entry.interval, withSample ? entry.sample : nil, done, nil)
                }
            }
        }
    }

    override func fail(_ error: HKError) {
        finish(with: error)
    }

    /// The one call that ends a query without a value.
    private func finish(with error: (any Error)?) {
        switch request {
        case .sample(_, let handler): handler(self, nil, nil, true, error)
        case .type(let handler): handler(self, nil, nil, nil, true, error)
        }
    }

    /// A value with its interval and the sample holding it.
    private struct Entry {
        let quantity: HKQuantity
        let interval: DateInterval
        let sample: HKQuantitySample
    }

    /// The values of every readable sample matching the query, all by start date (the samples' order
    /// breaking ties), or sample by sample when `bySample`.
    private func matchingEntries(app: AuthorizedStore, bySample: Bool) async throws -> [Entry] {
        let samples = try await HKSampleQuery.samples(app: app, type: objectType, predicate: pacePredicate(),
                                                      sort: [SampleSortDescriptor(.startDate, ascending: true)],
                                                      limit: HKObjectQueryNoLimit)
        var entries: [Entry] = []
        for case let sample as HKQuantitySample in samples {
            entries += try await Self.entries(of: sample, app: app, readingOrdinary: false)
        }
        guard !bySample else { return entries }
        return entries.enumerated()
            .sorted { ($0.element.interval.start, $0.offset) < ($1.element.interval.start, $1.offset) }
            .map(\.element)
    }

    /// A sample's values in order: a series sample's from the store, an ordinary sample's one (read
    /// from the store too when `readingOrdinary`).
    private static func entries(of sample: HKQuantitySample, app: AuthorizedStore, readingOrdinary: Bool) async throws -> [Entry] {
        if sample.count <= 1, !readingOrdinary {
            return [Entry(quantity: sample.quantity, interval: DateInterval(start: sample.startDate, end: sample.endDate), sample: sample)]
        }
        let unit = sample.quantityType.quantityIdentifier.canonicalUnit
        return (try await app.seriesValues(of: sample.uuid) ?? []).map { value in
            Entry(quantity: HKQuantity(Quantity(value: value.value, unit: unit)),
                  interval: DateInterval(start: value.start, end: value.end), sample: sample)
        }
    }
}
