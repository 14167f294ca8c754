public import Foundation
public import PaceModel

/// One quantity sample reduced to its times and its value in the type's canonical unit, for
/// reading long series (a workout's heart rate) without decoding whole objects.
public struct TimedQuantity: Hashable, Sendable {
    /// The sample's start.
    public var start: Date
    /// The sample's end (equal to ``start`` for an instant sample).
    public var end: Date
    /// The value in the type's canonical unit (`QuantityTypeIdentifier.canonicalUnit`: count/min
    /// for heart rate and cadence, W for power).
    public var value: Double

    /// Creates a timed value.
    public init(start: Date, end: Date, value: Double) {
        self.start = start
        self.end = end
        self.value = value
    }
}

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
