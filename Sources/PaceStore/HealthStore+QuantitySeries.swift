public import Foundation
public import PaceModel

extension HealthStore {
    /// The values of the stored samples of one quantity type in an interval (HealthKit's half-open
    /// rule, as ``SamplePredicate/date(from:to:options:)``), oldest first,
    /// in the type's canonical unit: one statement, no metadata, source or device decoded, so a
    /// workout's 100 000 heart-rate samples read in milliseconds rather than as 100 000 objects.
    ///
    /// - Parameters:
    ///   - type: The quantity type.
    ///   - start: The interval's start.
    ///   - end: The interval's end (excluded).
    /// - Throws: ``StoreError`` if SQLite fails.
    public func quantitySeries(of type: QuantityTypeIdentifier, from start: Date, to end: Date) async throws(StoreError) -> [TimedQuantity] {
        try await backend.quantitySeries(of: type, from: start, to: end)
    }
}
