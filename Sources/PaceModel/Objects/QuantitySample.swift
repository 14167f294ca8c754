public import Foundation

/// A measured amount over an interval: a heart rate, a distance, a body mass.
///
/// Mirrors HealthKit's `HKQuantitySample`. The quantity's unit must be compatible
/// with the type's canonical unit (a heart rate in `count/min`, not in `kg`);
/// ``validate()`` checks that and the interval.
///
/// A *series sample* (HealthKit's series: ``count`` above 1) holds many values of one type, each
/// with its own interval inside the sample's; its ``quantity`` sums them for a cumulative type and
/// averages them for a discrete one. Only the store makes series samples (from a series of values it
/// is given); their values are read back with the store's series query.
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
    /// How many values the sample holds: 1 for an ordinary sample, more for a series sample
    /// (HealthKit's `HKQuantitySample.count`).
    public package(set) var count: Int = 1

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
        guard count >= 1 else {
            throw InvalidObjectError(objectID: id, field: "count",
                reason: "a sample holds at least one value; \(count) is not a count")
        }
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

extension QuantitySample {
    private enum CodingKeys: String, CodingKey {
        case id, type, quantity, startDate, endDate, source, device, metadata, count
    }

    /// Decodes a sample; a missing `count` is 1 (an ordinary sample).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        type = try container.decode(QuantityTypeIdentifier.self, forKey: .type)
        quantity = try container.decode(Quantity.self, forKey: .quantity)
        startDate = try container.decode(Date.self, forKey: .startDate)
        endDate = try container.decode(Date.self, forKey: .endDate)
        source = try container.decode(Source.self, forKey: .source)
        device = try container.decodeIfPresent(Device.self, forKey: .device)
        metadata = try container.decode(Metadata.self, forKey: .metadata)
        count = try container.decodeIfPresent(Int.self, forKey: .count) ?? 1
    }

    /// Encodes a sample; `count` is written only for a series sample, so an ordinary sample's JSON
    /// is what it was before series samples existed.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(quantity, forKey: .quantity)
        try container.encode(startDate, forKey: .startDate)
        try container.encode(endDate, forKey: .endDate)
        try container.encode(source, forKey: .source)
        try container.encodeIfPresent(device, forKey: .device)
        try container.encode(metadata, forKey: .metadata)
        if count != 1 { try container.encode(count, forKey: .count) }
    }
}
