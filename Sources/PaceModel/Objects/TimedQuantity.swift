public import Foundation

/// One quantity sample reduced to its times and its value in the type's canonical unit, for
/// reading long series (a workout's heart rate) without decoding whole objects.
public struct TimedQuantity: Hashable, Sendable, Codable {
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
