public import Foundation
import PaceModel
import PaceStore

/// The values of a quantity sample, one call each, oldest first (Apple's `HKQuantitySeriesSampleQuery`):
/// a series sample's many values, an ordinary sample's one. `done` is `true` with the last value
/// (or alone, with no value, when the sample is gone or not readable); stopping the query stops
/// the calls.
public final class HKQuantitySeriesSampleQuery: HKQuery, @unchecked Sendable {
    /// The handler's shape: the query, a value, its interval, whether it is the last, or an error.
    public typealias QuantityHandler = @Sendable (HKQuantitySeriesSampleQuery, HKQuantity?, DateInterval?, Bool, (any Error)?) -> Void

    private let sample: HKQuantitySample
    private let quantityHandler: QuantityHandler

    /// A query of the values of `quantitySample`.
    @preconcurrency
    public init(sample quantitySample: HKQuantitySample, quantityHandler: @escaping QuantityHandler) {
        self.sample = quantitySample
        self.quantityHandler = quantityHandler
        super.init(objectType: quantitySample.quantityType, predicate: nil)
    }

    override func run(on app: AuthorizedStore) async {
        do {
            let values = try await app.seriesValues(of: sample.uuid) ?? []
            guard !values.isEmpty else {
                deliver { [self] in quantityHandler(self, nil, nil, true, nil) }
                return
            }
            let unit = sample.quantityType.quantityIdentifier.canonicalUnit
            for (index, value) in values.enumerated() {
                guard !isStopped else { return }
                let quantity = HKQuantity(Quantity(value: value.value, unit: unit))
                let interval = DateInterval(start: value.start, end: value.end)
                let done = index == values.count - 1
                deliver { [self] in quantityHandler(self, quantity, interval, done, nil) }
            }
        } catch {
            let failure = HKStoreConnection.error(error)
            deliver { [self] in quantityHandler(self, nil, nil, true, failure) }
        }
    }

    override func fail(_ error: HKError) {
        quantityHandler(self, nil, nil, true, error)
    }
}
