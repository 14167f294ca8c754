public import Foundation

/// A value from a fixed list over an interval: a sleep stage, a stand hour, a symptom.
///
/// Mirrors HealthKit's `HKCategorySample`; ``value`` is one of the raw values the
/// type's descriptor lists (for sleep analysis `3` is "asleepCore").
///
/// ```swift
/// let sleep = CategorySample(type: .sleepAnalysis, value: 3, start: bedtime, end: wake)
/// ```
public struct CategorySample: Hashable, Sendable, Codable, Identifiable {
    /// Unique identifier of the sample.
    public var id: UUID
    /// What is recorded.
    public var type: CategoryTypeIdentifier
    /// The raw category value, as HealthKit numbers it for ``type``.
    public var value: Int
    /// Start of the interval (UTC).
    public var startDate: Date
    /// End of the interval (UTC).
    public var endDate: Date
    /// The app that wrote the sample.
    public var source: Source
    /// The hardware that measured it, if known.
    public var device: Device?
    /// Extra typed values, including the sync identifier and version.
    public var metadata: Metadata

    /// Creates a category sample; call ``validate()`` (the store does) before trusting it.
    ///
    /// - Parameters:
    ///   - id: Unique identifier; by default a new time-ordered UUID (`UUID.timeOrdered()`, version 7).
    ///   - type: What is recorded.
    ///   - value: A raw value the type allows.
    ///   - start: Start of the interval (UTC).
    ///   - end: End of the interval (UTC), not before `start`.
    ///   - source: The writing app.
    ///   - device: The measuring hardware.
    ///   - metadata: Extra values.
    public init(
        id: UUID = .timeOrdered(),
        type: CategoryTypeIdentifier,
        value: Int,
        start: Date,
        end: Date,
        source: Source = .pace,
        device: Device? = nil,
        metadata: Metadata = Metadata()
    ) {
        self.id = id
        self.type = type
        self.value = value
        self.startDate = start
        self.endDate = end
        self.source = source
        self.device = device
        self.metadata = metadata
    }

    /// Checks the value against the type, the interval, and the sync metadata.
    ///
    /// - Throws: ``InvalidObjectError`` naming the field that is wrong.
    public func validate() throws(InvalidObjectError) {
        try InvalidObjectError.check(interval: startDate, endDate, objectID: id)
        try InvalidObjectError.check(metadata: metadata, objectID: id)
        let descriptor = type.descriptor
        guard type.isValid(value: value) else {
            let allowed = descriptor.values.map { "\($0.rawValue) (\($0.name))" }.joined(separator: ", ")
            throw InvalidObjectError(objectID: id, field: "value",
                reason: "\(value) is not a value of \(type.rawValue); use one of \(allowed)")
        }
    }
}
