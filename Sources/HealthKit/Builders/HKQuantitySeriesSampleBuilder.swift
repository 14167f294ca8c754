public import Foundation
import PaceModel
import PaceStore

/// Builds one quantity sample of many values as they arrive (Apple's `HKQuantitySeriesSampleBuilder`):
/// Pace stores it as a series sample (``HKQuantitySample/count`` is the number of values; its
/// quantity their sum for a cumulative type, their mean for a discrete one), and statistics count
/// each value by its own interval.
///
/// A value given with the start of one given before replaces it, as in HealthKit. Finishing saves
/// the sample as the app, all or nothing; a series of one value is saved as an ordinary sample.
///
/// ```swift
/// let builder = HKQuantitySeriesSampleBuilder(healthStore: store, quantityType: HKQuantityType(.heartRate),
///                                             startDate: start, device: nil)
/// try builder.insert(HKQuantity(unit: .count().unitDivided(by: .minute()), doubleValue: 131), at: start)
/// let samples = try await builder.finishSeries(metadata: nil)
/// ```
///
/// Pace differs in one respect: a series ends with its last value, so an `endDate` other than the
/// last value's end is refused (``HKError/Code/errorInvalidArgument``) rather than stretching or
/// cutting the sample. A save that fails keeps the values: finishing may be tried again.
public final class HKQuantitySeriesSampleBuilder: NSObject, @unchecked Sendable {
    private struct State {
        /// The values by their start (seconds since 2001), each with its end and canonical value.
        var values: [Date: (end: Date, value: Double)] = [:]
        var closed = false
    }

    private let healthStore: HKHealthStore
    /// The quantity type of the series.
    public let quantityType: HKQuantityType
    /// The series' start: no value may start before it.
    public let startDate: Date
    /// The device that measured the values, if any.
    public let device: HKDevice?
    private let state = Locked(State())

    /// A builder of a series of `quantityType` from `startDate`, saved through `healthStore`.
    public init(healthStore: HKHealthStore, quantityType: HKQuantityType, startDate: Date, device: HKDevice?) {
        self.healthStore = healthStore
        self.quantityType = quantityType
        self.startDate = startDate
        self.device = device
        super.init()
    }

    /// Adds a value at an instant (an interval of no length).
    ///
    /// - Throws: ``HKError/Code/errorInvalidArgument`` as ``insert(_:for:)``.
    public func insert(_ quantity: HKQuantity, at date: Date) throws {
        try insert(quantity, for: DateInterval(start: date, duration: 0))
    }

    /// Adds a value over an interval; a value with the same start as an earlier one replaces it.
    ///
    /// - Throws: ``HKError/Code/errorInvalidArgument`` for a unit the type does not take, a value
    ///   that is not a finite number, an interval starting before ``startDate``, or a builder
    ///   already finished or discarded.
    public func insert(_ quantity: HKQuantity, for dateInterval: DateInterval) throws {
        let unit = quantityType.quantityIdentifier.canonicalUnit
        guard let value = try? quantity.quantity.doubleValue(for: unit) else {
            throw HKError(.errorInvalidArgument, message: "\(quantity.quantity) is not a quantity of \(quantityType.identifier); "
                + "give it in a unit compatible with \(unit).")
        }
        guard value.isFinite else {
            throw HKError(.errorInvalidArgument, message: "The value is not a finite number; leave it out of the series.")
        }
        guard dateInterval.start >= startDate else {
            throw HKError(.errorInvalidArgument, message: "The value starts at \(dateInterval.start), before the series' start "
                + "\(startDate); give a date at or after the builder's startDate.")
        }
        let added = state.withLock { (state: inout State) -> Bool in
            guard !state.closed else { return false }
            state.values[dateInterval.start] = (dateInterval.end, value)
            return true
        }
        guard added else { throw HKError(.errorInvalidArgument, message: "The series was finished or discarded; make a new builder.") }
    }

    /// Saves the series as the app and gives its sample; `completion` runs on a background queue.
    @preconcurrency
    public func finishSeries(metadata: [String: Any]?, endDate: Date?,
                             completion: @escaping @Sendable ([HKQuantitySample]?, (any Error)?) -> Void) {
        let converted = HKObject.metadata(metadata)
        HKCallbacks.deliver({ try await self.finish(metadata: converted, endDate: endDate) }) { result in
            switch result {
            case .success(let samples): completion(samples, nil)
            case .failure(let error): completion(nil, error)
            }
        }
    }

    /// Saves the series, ending with its last value; `completion` runs on a background queue.
    @preconcurrency
    public func finishSeries(metadata: [String: Any]?, completion: @escaping @Sendable ([HKQuantitySample]?, (any Error)?) -> Void) {
        finishSeries(metadata: metadata, endDate: nil, completion: completion)
    }

    /// Saves the series as the app and returns its sample (the async form).
    ///
    /// - Parameters:
    ///   - metadata: Metadata of the sample.
    ///   - endDate: The series' end: `nil` or the last value's end; an earlier or later date is refused.
    /// - Returns: The saved sample.
    /// - Throws: ``HKError/Code/errorInvalidArgument`` for a series without values, an `endDate`
    ///   other than the last value's end, metadata Pace cannot keep or a builder already finished;
    ///   ``HKError/Code/errorAuthorizationDenied`` when the app may not share the type.
    public func finishSeries(metadata: [String: Any]?, endDate: Date?) async throws -> [HKQuantitySample] {
        try await finish(metadata: HKObject.metadata(metadata), endDate: endDate)
    }

    /// Saves the series, ending with its last value (the async form).
    public func finishSeries(metadata: [String: Any]?) async throws -> [HKQuantitySample] {
        try await finishSeries(metadata: metadata, endDate: nil)
    }

    /// Throws the values away; the builder takes no more.
    public func discard() {
        state.withLock { state in
            state.values = [:]
            state.closed = true
        }
    }

    private func finish(metadata converted: (Metadata, HKError?), endDate: Date?) async throws -> [HKQuantitySample] {
        if let problem = converted.1 { throw problem }
        // nil: finished or discarded already.
        let entries = state.withLock { (state: inout State) -> [Date: (end: Date, value: Double)]? in
            guard !state.closed, !state.values.isEmpty else { return state.closed ? nil : [:] }
            state.closed = true
            return state.values
        }
        guard let entries else {
            throw HKError(.errorInvalidArgument, message: "The series was finished or discarded already; make a new builder.")
        }
        guard !entries.isEmpty else {
            throw HKError(.errorInvalidArgument, message: "The series has no values; insert at least one before finishing it.")
        }
        do {
            let values = entries.map { TimedQuantity(start: $0.key, end: $0.value.end, value: $0.value.value) }
                .sorted { ($0.start, $0.end) < ($1.start, $1.end) }
            let lastEnd = values.map(\.end).max()!
            if let endDate, endDate != lastEnd {
                throw HKError(.errorInvalidArgument, message: "The end date \(endDate) is not the last value's end \(lastEnd); "
                    + "on Pace a series ends with its last value: pass nil or \(lastEnd).")
            }
            return try await save(values, metadata: converted.0)
        } catch {
            // Nothing was saved: the values stay for another try.
            state.withLock { $0.closed = false }
            throw error
        }
    }

    private func save(_ values: [TimedQuantity], metadata: Metadata) async throws -> [HKQuantitySample] {
        let app = try healthStore.appStore()
        let type = quantityType.quantityIdentifier
        let source = HKAppIdentity.source
        do {
            if values.count == 1 {
                let only = values[0]
                let sample = QuantitySample(type: type, quantity: Quantity(value: only.value, unit: type.canonicalUnit), start: only.start,
                                            end: only.end, source: source, device: device?.device, metadata: metadata)
                try await app.save(sample)
                return [HKQuantitySample(sample)]
            }
            let series = try QuantitySeriesSample(type: type, values: values, source: source, device: device?.device, metadata: metadata)
            try await app.save(series)
            return [HKQuantitySample(series.sample)]
        } catch let error as InvalidObjectError {
            throw HKError(.errorInvalidArgument, message: "\(error)")
        } catch {
            throw HKStoreConnection.error(error)
        }
    }
}
