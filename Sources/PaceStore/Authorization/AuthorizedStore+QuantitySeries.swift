public import Foundation
public import PaceModel

extension AuthorizedStore {
    /// The values of one quantity type in an interval as far as the client may see them, oldest
    /// first, in the type's canonical unit: the owner's fast series
    /// (``HealthStore/quantitySeries(of:from:to:)``) with read permission, the client's own samples without.
    ///
    /// - Parameters:
    ///   - type: The quantity type.
    ///   - start: The interval's start.
    ///   - end: The interval's end (excluded).
    /// - Throws: ``StoreError`` if the store fails.
    public func quantitySeries(of type: QuantityTypeIdentifier, from start: Date, to end: Date) async throws(StoreError) -> [TimedQuantity] {
        if try await canRead(.quantity(type)) { return try await store.quantitySeries(of: type, from: start, to: end) }
        let unit = type.canonicalUnit
        var values: [TimedQuantity] = []
        for object in try await samples(matching: .quantity(type), predicate: .date(from: start, to: end)) {
            guard case .quantitySample(let sample) = object else { continue }
            if sample.count > 1 {
                // A series sample's values, each by its own interval (as the owner's series counts them).
                let own = try await store.seriesValues(of: sample.id) ?? []
                values += own.filter { $0.end > start || $0.start >= start }.filter { $0.start < end }
            } else if let value = try? sample.quantity.doubleValue(for: unit) {
                values.append(TimedQuantity(start: sample.startDate, end: sample.endDate, value: value))
            }
        }
        return values.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    }

    /// Saves a series sample and its values as this client (HealthKit's `HKQuantitySeriesSampleBuilder`),
    /// in one transaction, with the rules of ``save(_:)-([HealthObject])``: the sample must be the
    /// client's own and its type one the client may share.
    ///
    /// - Throws: ``StoreError/Code/notAuthorized`` as ``save(_:)-([HealthObject])``, or any error of
    ///   the store's series save (a stored UUID, a sync version not higher).
    package func save(_ series: QuantitySeriesSample) async throws(StoreError) {
        try await requireWritable([.quantitySample(series.sample)])
        try await store.save(series)
    }

    /// The values of a quantity sample the client may read (HealthKit's `HKQuantitySeriesSampleQuery`),
    /// as ``HealthStore/seriesValues(of:)`` gives them; `nil` when there is no such sample or the
    /// client may not read it (the two are not told apart).
    ///
    /// - Parameter id: The sample's UUID.
    /// - Throws: ``StoreError`` if the store fails.
    package func seriesValues(of id: UUID) async throws(StoreError) -> [TimedQuantity]? {
        guard case .quantitySample? = try await object(id: id) else { return nil }
        return try await store.seriesValues(of: id)
    }
}
