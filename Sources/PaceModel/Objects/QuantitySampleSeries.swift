package import Foundation

/// Quantity samples of one type, unit, source and device, without metadata, held as columns: a
/// long recording's heart rate without one ``QuantitySample`` (its source, device and metadata
/// copied) per reading.
///
/// Each row is exactly the sample ``sample(at:)`` returns, and ``validate()`` refuses exactly what
/// validating those samples one by one refuses, first failure first: a series is a faster encoding
/// of the same samples, not other ones (DECISIONS 119).
///
/// ```swift
/// var series = QuantitySampleSeries(type: .heartRate, unit: .countPerMinute, source: source, device: nil)
/// series.append(value: 142, start: time, end: time)
/// try series.validate()
/// ```
package struct QuantitySampleSeries: Sendable {
    /// What every sample measures.
    package let type: QuantityTypeIdentifier
    /// The unit of every value.
    package let unit: HealthUnit
    /// The app that wrote the samples.
    package let source: Source
    /// The hardware that measured them, if known.
    package let device: Device?
    /// Each sample's identifier, as far as given: empty while none was (a streamed import's parts,
    /// stored as one series sample, need none: DECISIONS 172), or one per sample
    /// (``assignIdentifiers()`` gives the rest new ones when the samples are stored one by one).
    package private(set) var ids: [UUID] = []
    /// Each sample's start, in seconds since 2001-01-01 00:00 UTC (`Date.timeIntervalSinceReferenceDate`).
    package private(set) var starts: [Double] = []
    /// Each sample's end, in seconds since 2001-01-01 00:00 UTC.
    package private(set) var ends: [Double] = []
    /// Each sample's value, in ``unit``.
    package private(set) var values: [Double] = []

    /// Creates an empty series.
    ///
    /// - Parameters:
    ///   - type: What the samples measure.
    ///   - unit: The unit of their values; it must suit `type` (``validate()`` checks).
    ///   - source: The writing app.
    ///   - device: The measuring hardware.
    package init(type: QuantityTypeIdentifier, unit: HealthUnit, source: Source, device: Device?) {
        self.type = type
        self.unit = unit
        self.source = source
        self.device = device
    }

    /// The number of samples.
    package var count: Int { values.count }

    /// Whether the series holds no sample.
    package var isEmpty: Bool { values.isEmpty }

    /// Adds a sample.
    ///
    /// - Parameters:
    ///   - value: The value, in ``unit``.
    ///   - start: The start of its interval (UTC).
    ///   - end: The end of its interval (UTC).
    ///   - id: Its identifier; without one, the sample gets a new time-ordered UUID only if it is
    ///     stored as a sample of its own (``assignIdentifiers()``). Give every sample one or none.
    package mutating func append(value: Double, start: Date, end: Date, id: UUID? = nil) {
        if let id { ids.append(id) }
        starts.append(start.timeIntervalSinceReferenceDate)
        ends.append(end.timeIntervalSinceReferenceDate)
        values.append(value)
    }

    /// Gives every sample without an identifier a new time-ordered UUID.
    package mutating func assignIdentifiers() {
        while ids.count < values.count { ids.append(.timeOrdered()) }
    }

    /// Reserves room for `capacity` samples.
    package mutating func reserveCapacity(_ capacity: Int) {
        ids.reserveCapacity(capacity)
        starts.reserveCapacity(capacity)
        ends.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    /// Removes every sample, keeping the type, unit, source and device.
    package mutating func removeAll(keepingCapacity: Bool = false) {
        ids.removeAll(keepingCapacity: keepingCapacity)
        starts.removeAll(keepingCapacity: keepingCapacity)
        ends.removeAll(keepingCapacity: keepingCapacity)
        values.removeAll(keepingCapacity: keepingCapacity)
    }

    /// The sample at `index`, as an object (with a new identifier when it was given none and
    /// ``assignIdentifiers()`` was not called).
    package func sample(at index: Int) -> QuantitySample {
        QuantitySample(id: index < ids.count ? ids[index] : .timeOrdered(), type: type, quantity: Quantity(value: values[index], unit: unit),
                       start: Date(timeIntervalSinceReferenceDate: starts[index]),
                       end: Date(timeIntervalSinceReferenceDate: ends[index]), source: source, device: device)
    }

    /// Checks the samples as ``QuantitySample/validate()`` checks each: what they share (the unit
    /// against the type; they carry no metadata) once, each one's interval and value.
    ///
    /// - Throws: ``InvalidObjectError`` for the first sample that ``QuantitySample/validate()`` refuses,
    ///   with the same field and reason.
    package func validate() throws(InvalidObjectError) {
        guard !isEmpty else { return }
        // A unit that does not suit the type fails every sample: the first one's own check then
        // says why (its interval or value first, as it would).
        if !unit.isCompatible(with: type.canonicalUnit) { try sample(at: 0).validate() }
        for index in values.indices {
            let start = starts[index], end = ends[index]
            guard start.isFinite, end.isFinite, end >= start, values[index].isFinite else {
                try sample(at: index).validate()
                continue
            }
        }
    }
}
