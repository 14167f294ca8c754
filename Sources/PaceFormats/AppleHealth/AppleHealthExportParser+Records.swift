import Foundation
import PaceModel

/// The fast path for the elements an export is made of: top-level `<Record>` and its
/// `<MetadataEntry>` children, read from the scanner's bytes without an attribute dictionary.
///
/// It only takes records whose type, dates, value and unit all read: anything else (a missing or
/// unreadable attribute, an unknown type, an interval that ends before it starts) goes through the
/// general path, which builds the dictionary and skips the record with the usual warning. So both
/// paths deliver the same objects and warnings.
extension AppleHealthExportParser {
    /// A top-level record whose attributes all read, waiting for its end tag (and metadata).
    struct FastRecord {
        enum Value {
            case quantity(QuantityTypeIdentifier, Quantity)
            case category(CategoryTypeIdentifier, Int)
        }

        var value: Value
        var typeName: String
        var start: Date
        var end: Date
        var source: Source
        var device: Device?
        var line: Int
        var column: Int
        var metadata = Metadata()
    }

    /// What a `type` attribute names.
    enum RecordType {
        case quantity(QuantityTypeIdentifier, name: String)
        case category(CategoryTypeIdentifier, name: String)
        case unknown
    }

    /// Takes the current start tag through the fast path if it is one.
    /// - Returns: `true` when handled (the depth is then counted).
    func startFast(_ scanner: XMLScanner) -> Bool {
        let name = scanner.name
        if depth == 2, fastRecord != nil, XMLScanner.equal(name, Names.metadataEntry) {
            depth += 1
            addFastMetadata(scanner)
            return true
        }
        guard depth == 1, sawRoot, correlation == nil, workout == nil, route == nil, record == nil,
              XMLScanner.equal(name, Names.record), let fast = fastRecord(scanner) else { return false }
        depth += 1
        fastRecord = fast
        return true
    }

    /// The record of the current `<Record>` start tag, or `nil` when the general path must read it.
    private func fastRecord(_ scanner: XMLScanner) -> FastRecord? {
        var type = -1, sourceName = -1, sourceVersion = -1, device = -1, unit = -1, startDate = -1, endDate = -1, value = -1
        for index in 0..<scanner.attributeCount {
            let span = scanner.attributes[index]
            let name = UnsafeRawBufferPointer(start: scanner.bytes + span.nameStart, count: span.nameEnd - span.nameStart)
            switch name.count {
            case 4:
                if type < 0, XMLScanner.equal(name, Names.type) { type = index }
                else if unit < 0, XMLScanner.equal(name, Names.unit) { unit = index }
            case 5: if value < 0, XMLScanner.equal(name, Names.value) { value = index }
            case 6: if device < 0, XMLScanner.equal(name, Names.device) { device = index }
            case 7: if endDate < 0, XMLScanner.equal(name, Names.endDate) { endDate = index }
            case 9: if startDate < 0, XMLScanner.equal(name, Names.startDate) { startDate = index }
            case 10: if sourceName < 0, XMLScanner.equal(name, Names.sourceName) { sourceName = index }
            case 13: if sourceVersion < 0, XMLScanner.equal(name, Names.sourceVersion) { sourceVersion = index }
            default: break
            }
        }
        guard type >= 0, value >= 0, startDate >= 0, endDate >= 0,
              !scanner.attributeNeedsDecoding(type), !scanner.attributeNeedsDecoding(value),
              !scanner.attributeNeedsDecoding(startDate), !scanner.attributeNeedsDecoding(endDate),
              let start = AppleHealthValues.date(bytes: scanner.attributeRawValue(startDate)),
              let end = AppleHealthValues.date(bytes: scanner.attributeRawValue(endDate)), end >= start else { return nil }
        let recordValue: FastRecord.Value
        let typeName: String
        switch recordTypes.value(for: scanner.attributeRawValue(type), make: Self.recordType) {
        case .quantity(let identifier, let name):
            guard unit >= 0, !scanner.attributeNeedsDecoding(unit),
                  let number = XMLNumber.double(scanner.attributeRawValue(value)),
                  let healthUnit = unitsByBytes.value(for: scanner.attributeRawValue(unit), make: {
                      try? HealthUnit(parsing: String(decoding: $0, as: UTF8.self))
                  }) else { return nil }
            recordValue = .quantity(identifier, Quantity(value: number, unit: healthUnit))
            typeName = name
        case .category(let identifier, let name):
            let text = String(decoding: scanner.attributeRawValue(value), as: UTF8.self)
            guard let number = AppleHealthValues.categoryValue(text, type: identifier) else { return nil }
            recordValue = .category(identifier, number)
            typeName = name
        case .unknown:
            return nil
        }
        fillSourceKey(scanner, name: sourceName, version: sourceVersion)
        let key = sourceKeyBytes
        let source = key.withUnsafeBytes { key in
            sources.value(for: key) { _ in
                let name = sourceName < 0 ? "Apple Health export" : scanner.attributeString(sourceName)
                return Source(name: name, bundleIdentifier: name, version: sourceVersion < 0 ? nil : scanner.attributeString(sourceVersion))
            }
        }
        let parsedDevice: Device? = device < 0 ? nil : devicesByBytes.value(for: scanner.attributeRawValue(device)) { _ in
            AppleHealthValues.device(scanner.attributeString(device))
        }
        let position = scanner.tokenPosition
        return FastRecord(value: recordValue, typeName: typeName, start: start, end: end, source: source, device: parsedDevice,
                          line: position.line, column: position.column)
    }

    /// The bytes of the source name and version, with a byte saying which are present.
    private func fillSourceKey(_ scanner: XMLScanner, name: Int, version: Int) {
        sourceKeyBytes.removeAll(keepingCapacity: true)
        sourceKeyBytes.append(UInt8((name < 0 ? 0 : 1) + (version < 0 ? 0 : 2)))
        if name >= 0 { sourceKeyBytes.append(contentsOf: scanner.attributeRawValue(name)) }
        sourceKeyBytes.append(0)
        if version >= 0 { sourceKeyBytes.append(contentsOf: scanner.attributeRawValue(version)) }
    }

    private static func recordType(_ bytes: UnsafeRawBufferPointer) -> RecordType {
        let name = String(decoding: bytes, as: UTF8.self)
        if let type = QuantityTypeIdentifier(rawValue: name) { return .quantity(type, name: name) }
        if let type = CategoryTypeIdentifier(rawValue: name) { return .category(type, name: name) }
        return .unknown
    }

    /// A `<MetadataEntry key=… value=…>` of a fast record.
    private func addFastMetadata(_ scanner: XMLScanner) {
        var key = -1, value = -1
        for index in 0..<scanner.attributeCount {
            let span = scanner.attributes[index]
            let name = UnsafeRawBufferPointer(start: scanner.bytes + span.nameStart, count: span.nameEnd - span.nameStart)
            if key < 0, XMLScanner.equal(name, Names.key) { key = index }
            else if value < 0, XMLScanner.equal(name, Names.value) { value = index }
        }
        guard key >= 0, value >= 0 else { return }
        let metadataKey = metadataKeys.value(for: scanner.attributeRawValue(key)) { _ in MetadataKey(rawValue: scanner.attributeString(key)) }
        let entry = metadataValues.value(for: scanner.attributeRawValue(value)) { _ in
            AppleHealthValues.metadataValue(scanner.attributeString(value))
        }
        fastRecord?.metadata[metadataKey] = entry
    }

    /// Delivers a fast record at its end tag, as the general path would.
    func finishFast(_ record: FastRecord) {
        let pending = Pending(attributes: [:], line: record.line, column: record.column)
        switch record.value {
        case .quantity(let type, let quantity):
            let sample = QuantitySample(type: type, quantity: quantity, start: record.start, end: record.end, source: record.source,
                                        device: record.device, metadata: record.metadata)
            guard validFast(pending, what: "\(record.typeName) record", { try sample.validate() }) else { return }
            summary.quantitySampleCount += 1
            emit(.quantitySample(sample))
        case .category(let type, let value):
            let sample = CategorySample(type: type, value: value, start: record.start, end: record.end, source: record.source,
                                        device: record.device, metadata: record.metadata)
            guard validFast(pending, what: "\(record.typeName) record", { try sample.validate() }) else { return }
            summary.categorySampleCount += 1
            emit(.categorySample(sample))
        }
    }

    private func validFast(_ pending: Pending, what: @autoclosure () -> String, _ check: () throws -> Void) -> Bool {
        do {
            try check()
            return true
        } catch {
            warn(.invalidValue, "a \(what()) is not valid (\(error)); skipped.", pending)
            return false
        }
    }

    enum Names {
        static var record: UnsafeRawBufferPointer { literal("Record") }
        static var metadataEntry: UnsafeRawBufferPointer { literal("MetadataEntry") }
        static var type: UnsafeRawBufferPointer { literal("type") }
        static var unit: UnsafeRawBufferPointer { literal("unit") }
        static var value: UnsafeRawBufferPointer { literal("value") }
        static var key: UnsafeRawBufferPointer { literal("key") }
        static var device: UnsafeRawBufferPointer { literal("device") }
        static var endDate: UnsafeRawBufferPointer { literal("endDate") }
        static var startDate: UnsafeRawBufferPointer { literal("startDate") }
        static var sourceName: UnsafeRawBufferPointer { literal("sourceName") }
        static var sourceVersion: UnsafeRawBufferPointer { literal("sourceVersion") }

        @inline(__always) private static func literal(_ text: StaticString) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        }
    }
}

/// A cache of values computed from short byte strings (attribute values an export repeats
/// millions of times), looked up without allocating: by a 64-bit hash, the bytes compared on a hit.
struct ByteKeyedCache<Value> {
    private var entries: [UInt64: (key: [UInt8], value: Value)] = [:]
    private let limit: Int

    init(limit: Int = 4096) { self.limit = limit }

    mutating func value(for bytes: UnsafeRawBufferPointer, make: (UnsafeRawBufferPointer) -> Value) -> Value {
        let hash = Self.hash(bytes)
        if let entry = entries[hash], entry.key.withUnsafeBytes({ XMLScanner.equal($0, bytes) }) { return entry.value }
        let value = make(bytes)
        if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
        if entries[hash] == nil { entries[hash] = (Array(bytes), value) }
        return value
    }

    /// 64-bit hash of the bytes, 8 at a time.
    @inline(__always) static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var index = 0
        while index + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
            tail |= UInt64(bytes[index]) << shift
            shift += 8
            index += 1
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ (hash >> 32)
    }
}
