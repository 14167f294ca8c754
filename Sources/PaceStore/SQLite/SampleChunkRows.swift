import Foundation
import PaceModel

/// The rows of one chunk of samples, as ``ObjectWriter/insertChunk(_:transaction:)`` binds them:
/// the same columns whether the samples are objects of a batch (``ObjectChunkRows``) or a series
/// held as columns (``SeriesChunkRows``), so both are written by one statement of one meaning.
///
/// Rows are numbered from 0; dates are seconds since 2001-01-01 00:00 UTC, the stored column value.
protocol SampleChunkRows {
    /// The number of rows (at most ``SampleChunk/maximumRows``).
    var count: Int { get }
    /// UTF-8 bytes of the texts the rows bind (``SampleChunkStatements/beginTexts(bytes:)``).
    var textBytes: Int { get }
    func id(_ row: Int) -> UUID
    /// Whether the row is a quantity sample (else a category sample).
    func isQuantity(_ row: Int) -> Bool
    func typeIdentifier(_ row: Int) -> String
    /// The start date column (seconds since 2001-01-01 UTC).
    func start(_ row: Int) -> Double
    /// The end date column (seconds since 2001-01-01 UTC).
    func end(_ row: Int) -> Double
    func source(_ row: Int) -> Source
    func deviceJSON(_ row: Int) -> String?
    func metadataJSON(_ row: Int) -> String
    func syncIdentifier(_ row: Int) -> String?
    func syncVersion(_ row: Int) -> Int64?
    /// A quantity row's value in its own unit.
    func value(_ row: Int) -> Double
    /// A quantity row's unit text.
    func unitText(_ row: Int) -> String?
    /// A quantity row's value in its type's canonical unit.
    func canonicalValue(_ row: Int) -> Double
    /// A category row's raw value.
    func categoryValue(_ row: Int) -> Int64
}

/// Samples of a ``HealthObjectBatch`` that all ``SampleChunk/fits(_:_:)``, at `indices`.
struct ObjectChunkRows: SampleChunkRows {
    let objects: [HealthObject]
    let encoded: [EncodedSample?]
    let indices: ArraySlice<Int>

    var count: Int { indices.count }
    var textBytes: Int { indices.reduce(0) { $0 + SampleChunkStatements.textBytes(objects[$1], encoded[$1]!) } }
    private func object(_ row: Int) -> HealthObject { objects[indices[indices.startIndex + row]] }
    private func columns(_ row: Int) -> EncodedSample { encoded[indices[indices.startIndex + row]]! }

    func id(_ row: Int) -> UUID { object(row).id }
    func isQuantity(_ row: Int) -> Bool {
        switch object(row) {
        case .quantitySample: true
        case .categorySample: false
        case .workout, .workoutRoute: preconditionFailure("only samples fit a chunk")
        }
    }
    func typeIdentifier(_ row: Int) -> String { object(row).objectType.identifier }
    func start(_ row: Int) -> Double {
        switch object(row) {
        case .quantitySample(let sample): StoreCoding.value(sample.startDate)
        case .categorySample(let sample): StoreCoding.value(sample.startDate)
        case .workout, .workoutRoute: preconditionFailure("only samples fit a chunk")
        }
    }
    func end(_ row: Int) -> Double {
        switch object(row) {
        case .quantitySample(let sample): StoreCoding.value(sample.endDate)
        case .categorySample(let sample): StoreCoding.value(sample.endDate)
        case .workout, .workoutRoute: preconditionFailure("only samples fit a chunk")
        }
    }
    func source(_ row: Int) -> Source { object(row).source }
    func deviceJSON(_ row: Int) -> String? { columns(row).deviceJSON }
    func metadataJSON(_ row: Int) -> String { columns(row).metadataJSON }
    func syncIdentifier(_ row: Int) -> String? { columns(row).syncIdentifier }
    func syncVersion(_ row: Int) -> Int64? { columns(row).syncVersion }
    func value(_ row: Int) -> Double {
        guard case .quantitySample(let sample) = object(row) else { preconditionFailure("not a quantity sample") }
        return sample.quantity.value
    }
    func unitText(_ row: Int) -> String? { columns(row).unitText }
    func canonicalValue(_ row: Int) -> Double { columns(row).canonicalValue! }
    func categoryValue(_ row: Int) -> Int64 {
        guard case .categorySample(let sample) = object(row) else { preconditionFailure("not a category sample") }
        return Int64(sample.value)
    }
}

/// Rows `rows` of a validated ``QuantitySampleSeries`` whose canonical values are all known.
struct SeriesChunkRows: SampleChunkRows {
    let series: QuantitySampleSeries
    let encoded: EncodedSeries
    let rows: Range<Int>

    var count: Int { rows.count }
    var textBytes: Int { count * encoded.textBytesPerRow }
    func id(_ row: Int) -> UUID { series.ids[rows.lowerBound + row] }
    func isQuantity(_ row: Int) -> Bool { true }
    func typeIdentifier(_ row: Int) -> String { encoded.typeIdentifier }
    func start(_ row: Int) -> Double { series.starts[rows.lowerBound + row] }
    func end(_ row: Int) -> Double { series.ends[rows.lowerBound + row] }
    func source(_ row: Int) -> Source { series.source }
    func deviceJSON(_ row: Int) -> String? { encoded.deviceJSON }
    func metadataJSON(_ row: Int) -> String { encoded.metadataJSON }
    func syncIdentifier(_ row: Int) -> String? { nil }
    func syncVersion(_ row: Int) -> Int64? { nil }
    func value(_ row: Int) -> Double { series.values[rows.lowerBound + row] }
    func unitText(_ row: Int) -> String? { encoded.unitText }
    func canonicalValue(_ row: Int) -> Double { encoded.canonicalValue(of: series.values[rows.lowerBound + row])! }
    func categoryValue(_ row: Int) -> Int64 { preconditionFailure("a series holds quantity samples") }
}

/// The columns a ``QuantitySampleSeries`` shares, encoded once, as ``EncodedSample`` encodes them
/// for each of its samples.
struct EncodedSeries {
    let typeIdentifier: String
    let deviceJSON: String?
    /// The samples carry no metadata.
    let metadataJSON: String
    let unitText: String
    /// Whether the unit is the type's canonical unit (a value is then its own canonical value).
    private let isCanonical: Bool
    private let unit: HealthUnit
    private let canonicalUnit: HealthUnit
    let textBytesPerRow: Int

    /// - Throws: What encoding the device throws.
    init(_ series: QuantitySampleSeries, encoder: StoreCoding.JSONText) throws {
        typeIdentifier = series.type.rawValue
        deviceJSON = try series.device.map(encoder.device)
        metadataJSON = try encoder.objectMetadata(Metadata())
        unitText = series.unit.unitString
        unit = series.unit
        canonicalUnit = series.type.canonicalUnit
        // `doubleValue(for:)` returns the value itself for the same unit, once the unit converts at all.
        isCanonical = unit == canonicalUnit && (try? Quantity(value: 1, unit: unit).doubleValue(for: canonicalUnit)) != nil
        let source = series.source
        textBytesPerRow = typeIdentifier.utf8.count + source.name.utf8.count + source.bundleIdentifier.utf8.count
            + (source.version?.utf8.count ?? 0) + (source.productType?.utf8.count ?? 0)
            + (source.operatingSystemVersion?.utf8.count ?? 0) + metadataJSON.utf8.count + unitText.utf8.count
    }

    /// `value` in the type's canonical unit, exactly as `EncodedSample` computes it (`nil` when it
    /// cannot be converted).
    func canonicalValue(of value: Double) -> Double? {
        if isCanonical { return value }
        return try? Quantity(value: value, unit: unit).doubleValue(for: canonicalUnit)
    }
}
