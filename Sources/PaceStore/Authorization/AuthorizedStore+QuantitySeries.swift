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
        return try await samples(matching: .quantity(type), predicate: .date(from: start, to: end)).compactMap { object in
            guard case .quantitySample(let sample) = object, let value = try? sample.quantity.doubleValue(for: unit) else { return nil }
            return TimedQuantity(start: sample.startDate, end: sample.endDate, value: value)
        }
    }
}
