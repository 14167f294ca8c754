public import Foundation

/// A measured amount over an interval: a heart rate, a distance, a body mass.
///
/// Mirrors HealthKit's `HKQuantitySample`. The quantity's unit must be compatible
/// with the type's canonical unit (a heart rate in `count/min`, not in `kg`);
/// ``validate()`` checks that and the interval.
///
/// ```swift
/// let heartRate = QuantitySample(
///     type: .heartRate,
///     quantity: Quantity(value: 142, unit: .countPerMinute),
///     start: date, end: date)
/// ```
public struct QuantitySample: Hashable, Sendable, Codable, Identifiable {
    /// Unique identifier of the sample.
    public var id: UUID
    /// What is measured.
    public var type: QuantityTypeIdentifier
    /// The measured value with its unit.
    public var quantity: Quantity
    /// Start of the measured interval (UTC).
    public var startDate: Date
    /// End of the measured interval (UTC); equal to ``startDate`` for an instant reading.
    public var endDate: Date
    /// The app that wrote the sample.
    public var source: Source
    /// The hardware that measured it, if known.
    public var device: Device?
    /// Extra typed values, including the sync identifier and version.
    public var metadata: Metadata

    /// Creates a quantity sample; call ``validate()`` (the store does) before trusting it.
    ///
    /// - Parameters:
    ///   - id: Unique identifier; by default a new time-ordered UUID (`UUID.timeOrdered()`, version 7).
    ///   - type: What is measured.
    ///   - quantity: Value and unit; the unit must suit `type`.
    ///   - start: Start of the interval (UTC).
    ///   - end: End of the interval (UTC), not before `start`.
    ///   - source: The writing app.
    ///   - device: The measuring hardware.
    ///   - metadata: Extra values.
    public init(
        id: UUID = .timeOrdered(),
        type: QuantityTypeIdentifier,
        quantity: Quantity,
        start: Date,
        end: Date,
        source: Source = .pace,
        device: Device? = nil,
        metadata: Metadata = Metadata()
    ) {
        self.id = id
        self.type = type
        self.quantity = quantity
        self.startDate = start
        self.endDate = end
        self.source = source
        self.device = device
        self.metadata = metadata
    }

    /// Checks the unit against the type, the interval, and the sync metadata.
    ///
    /// - Throws: ``InvalidObjectError`` naming the field that is wrong.
    public func validate() throws(InvalidObjectError) {
        try InvalidObjectError.check(interval: startDate, endDate, objectID: id)
        try InvalidObjectError.check(metadata: metadata, objectID: id)
        guard quantity.value.isFinite else {
            throw InvalidObjectError(objectID: id, field: "quantity",
                reason: "the value is not a finite number; measure again or leave the sample out")
        }
        let canonical = type.canonicalUnit
        guard quantity.unit.isCompatible(with: canonical) else {
            throw InvalidObjectError(objectID: id, field: "quantity",
                reason: "unit '\(quantity.unit)' does not suit \(type.rawValue); use a unit compatible with '\(canonical)'")
        }
    }
}
