package import Foundation

/// A series sample with its values, as the store saves it: one ``QuantitySample`` whose ``QuantitySample/count``
/// is the number of values (HealthKit's series sample, what `HKQuantitySeriesSampleBuilder` makes).
///
/// The values are in the type's canonical unit, each with its own interval, kept in start order
/// (equal starts in the order given). The sample spans them: it starts at the first value's start and
/// ends at the latest end; its quantity is their sum for a cumulative type (steps, distance) and
/// their mean for a discrete one (heart rate), in the canonical unit.
///
/// Not to be confused with ``QuantitySampleSeries``, which carries many ordinary samples as columns.
package struct QuantitySeriesSample: Hashable, Sendable {
    /// The series sample; its interval, count and quantity follow from ``values``.
    package private(set) var sample: QuantitySample
    /// The values, in start order, in the type's canonical unit.
    package private(set) var values: [TimedQuantity]

    /// Gives the series sample another measuring device (its values are unchanged).
    package mutating func setDevice(_ device: Device?) {
        sample.device = device
    }

    /// Makes a series sample of `values` and checks it.
    ///
    /// - Parameters:
    ///   - id: The sample's UUID.
    ///   - type: What the values measure.
    ///   - values: At least two values in `type`'s canonical unit, each with a finite value and a
    ///     finite interval that does not end before it starts; any order.
    ///   - source: The writing app.
    ///   - device: The measuring hardware.
    ///   - metadata: The sample's metadata (a sync identifier and version make it replaceable as one).
    /// - Throws: ``InvalidObjectError`` naming the first value that is wrong and why.
    package init(id: UUID = .timeOrdered(), type: QuantityTypeIdentifier, values: [TimedQuantity],
                 source: Source = .pace, device: Device? = nil, metadata: Metadata = Metadata()) throws(InvalidObjectError) {
        guard values.count >= 2 else {
            throw InvalidObjectError(objectID: id, field: "values",
                reason: "a series sample holds at least two values, not \(values.count); save a single value as an ordinary sample")
        }
        for (index, value) in values.enumerated() {
            guard value.value.isFinite else {
                throw InvalidObjectError(objectID: id, field: "values[\(index)]",
                    reason: "the value is not a finite number; leave it out of the series")
            }
            do { try InvalidObjectError.check(interval: value.start, value.end, objectID: id) } catch {
                throw InvalidObjectError(objectID: id, field: "values[\(index)]", reason: error.reason)
            }
        }
        let inOrder = zip(values, values.dropFirst()).allSatisfy { $0.start <= $1.start }
        let ordered = inOrder ? values : values.indices.sorted { (values[$0].start, $0) < (values[$1].start, $1) }.map { values[$0] }
        let total = ordered.reduce(0.0) { $0 + $1.value }
        let summary = type.descriptor.aggregationStyle.isCumulative ? total : total / Double(ordered.count)
        guard summary.isFinite else {
            throw InvalidObjectError(objectID: id, field: "values",
                reason: "the values' \(type.descriptor.aggregationStyle.isCumulative ? "sum" : "mean") is not a finite number; split the series")
        }
        var sample = QuantitySample(id: id, type: type, quantity: Quantity(value: summary, unit: type.canonicalUnit),
                                    start: ordered[0].start, end: ordered.map(\.end).max() ?? ordered[0].end,
                                    source: source, device: device, metadata: metadata)
        sample.count = ordered.count
        try sample.validate()
        self.sample = sample
        self.values = ordered
    }

    /// The samples of `series` as one series sample of their values in the canonical unit (what a
    /// file's heart rate, cadence or power becomes when it is imported).
    ///
    /// - Parameters:
    ///   - series: Two or more samples of one type, unit, source and device.
    ///   - id: The series sample's UUID (the samples' own UUIDs are not kept: the series is one object).
    ///   - metadata: The series sample's metadata.
    /// - Throws: ``InvalidObjectError`` as ``init(id:type:values:source:device:metadata:)`` does, or
    ///   when the unit does not suit the type.
    package init(_ series: QuantitySampleSeries, id: UUID = .timeOrdered(), metadata: Metadata = Metadata()) throws(InvalidObjectError) {
        let canonical = series.type.canonicalUnit
        let convert: (Double) throws(InvalidObjectError) -> Double
        if series.unit == canonical {
            convert = { $0 }
        } else {
            guard series.unit.isCompatible(with: canonical) else {
                throw InvalidObjectError(objectID: id, field: "quantity",
                    reason: "unit '\(series.unit)' does not suit \(series.type.rawValue); use a unit compatible with '\(canonical)'")
            }
            let unit = series.unit
            convert = { value throws(InvalidObjectError) in
                do { return try Quantity(value: value, unit: unit).doubleValue(for: canonical) } catch {
                    throw InvalidObjectError(objectID: id, field: "quantity", reason: "\(error)")
                }
            }
        }
        var values: [TimedQuantity] = []
        values.reserveCapacity(series.count)
        for index in 0..<series.count {
            values.append(TimedQuantity(start: Date(timeIntervalSinceReferenceDate: series.starts[index]),
                                        end: Date(timeIntervalSinceReferenceDate: series.ends[index]),
                                        value: try convert(series.values[index])))
        }
        try self.init(id: id, type: series.type, values: values, source: series.source, device: series.device, metadata: metadata)
    }
}
