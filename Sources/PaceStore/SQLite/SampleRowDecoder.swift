import Foundation
import GRDB
import GRDBSQLite
import PaceModel

/// Builds quantity and category samples straight from the rows of one statement that joins
/// `healthObject` to its value table, instead of one lookup per object.
///
/// Columns are read with SQLite's C API. The texts that repeat from row to row — type, source,
/// device JSON, unit, metadata such as `{}` — are compared byte for byte with the last few seen
/// and decoded only when new.
final class SampleRowDecoder {
    /// The columns a page statement selects, in this order, over `healthObject o`, `device d` and
    /// `quantitySample q` or `categorySample c`.
    static func columns(for kind: Kind) -> String {
        let common = """
            o.uuid, o.typeIdentifier, o.startDate, o.endDate, o.anchor, o.sourceName, o.sourceBundleIdentifier, \
            o.sourceVersion, o.sourceProductType, o.sourceOperatingSystemVersion, d.json, o.metadata, \
            o.syncIdentifier, o.syncVersion
            """
        switch kind {
        case .quantity: return common + ", q.value, q.unit, q.count"
        case .category: return common + ", c.value"
        }
    }

    /// The joins from `healthObject o` to the kind's value table and to the device.
    static func join(for kind: Kind) -> String {
        switch kind {
        case .quantity: "JOIN quantitySample q ON q.anchor = o.anchor LEFT JOIN device d ON d.id = o.deviceID"
        case .category: "JOIN categorySample c ON c.uuid = o.uuid LEFT JOIN device d ON d.id = o.deviceID"
        }
    }

    /// The sample kinds a page can hold.
    enum Kind {
        case quantity, category
    }

    let kind: Kind
    private var types = RecentTexts<HealthObjectType>()
    private var sources = RecentSources()
    private var devices = RecentTexts<Device>()
    private var metadataTexts = RecentTexts<Metadata>()
    private var units = RecentTexts<HealthUnit>()

    init(kind: Kind) {
        self.kind = kind
    }

    /// The sample of the row `statement` stands on (selected with ``columns(for:)``), and its anchor.
    func sample(_ statement: OpaquePointer) throws -> (object: HealthObject, anchor: Int64) {
        let idBytes = Self.text(statement, 0)
        guard let id = UUIDText.parse(idBytes) else {
            throw StoreError(code: .corrupt, message: "The store holds an invalid UUID '\(String(decoding: idBytes, as: UTF8.self))'. The store was changed outside Pace; restore it from a backup.")
        }
        let type = try types.value(for: Self.text(statement, 1)) { try StoreCoding.objectType($0) }
        let start = StoreCoding.date(sqlite3_column_double(statement, 2))
        let end = StoreCoding.date(sqlite3_column_double(statement, 3))
        let anchor = sqlite3_column_int64(statement, 4)
        let source = sources.value(statement)
        let objectID = { String(decoding: idBytes, as: UTF8.self) }
        var device: Device?
        if sqlite3_column_type(statement, 10) != SQLITE_NULL {
            device = try devices.value(for: Self.text(statement, 10)) {
                try StoreCoding.device(json: $0, objectID: objectID())
            }
        }
        let stored = try metadataTexts.value(for: Self.text(statement, 11)) {
            try StoreCoding.metadata(json: $0, column: "metadata", objectID: objectID())
        }
        // The sync identifier and version live in their columns (migration v7), not in the JSON.
        let syncIdentifier = Self.string(statement, 12)
        let syncVersion = sqlite3_column_type(statement, 13) == SQLITE_NULL ? nil : sqlite3_column_int64(statement, 13)
        let metadata = syncIdentifier == nil && syncVersion == nil
            ? stored : StoreCoding.objectMetadata(stored, syncIdentifier: syncIdentifier, syncVersion: syncVersion)
        switch (kind, type) {
        case (.quantity, .quantity(let type)):
            let unit = try units.value(for: Self.text(statement, 15)) { try StoreCoding.unit($0, objectID: objectID()) }
            let quantity = Quantity(value: sqlite3_column_double(statement, 14), unit: unit)
            var sample = QuantitySample(id: id, type: type, quantity: quantity, start: start, end: end,
                                        source: source, device: device, metadata: metadata)
            sample.count = Int(sqlite3_column_int64(statement, 16))
            return (.quantitySample(sample), anchor)
        case (.category, .category(let type)):
            let value = Int(sqlite3_column_int64(statement, 14))
            return (.categorySample(CategorySample(id: id, type: type, value: value, start: start, end: end,
                                                   source: source, device: device, metadata: metadata)), anchor)
        default:
            throw StoreError(code: .corrupt, message: "Object \(objectID()) of type \(type.identifier) is in the wrong value table. The store was changed outside Pace.")
        }
    }

    /// The bytes of a text column (empty for NULL); valid until the statement moves.
    private static func text(_ statement: OpaquePointer, _ column: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let bytes = sqlite3_column_text(statement, column) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column)))
    }

    private static func string(_ statement: OpaquePointer, _ column: Int32) -> String? {
        guard sqlite3_column_type(statement, column) != SQLITE_NULL else { return nil }
        return String(decoding: text(statement, column), as: UTF8.self)
    }
}

/// The values of the last few distinct texts seen, compared byte for byte.
struct RecentTexts<Value> {
    private var entries: [(bytes: [UInt8], value: Value)] = []
    private var next = 0
    private static var capacity: Int { 8 }

    /// The value of `bytes`: a remembered one, or `make(text)` remembered.
    mutating func value(for bytes: UnsafeBufferPointer<UInt8>, make: (String) throws -> Value) rethrows -> Value {
        for entry in entries where entry.bytes.count == bytes.count {
            if entry.bytes.withUnsafeBufferPointer({ stored in
                bytes.count == 0 || memcmp(stored.baseAddress!, bytes.baseAddress!, bytes.count) == 0
            }) {
                return entry.value
            }
        }
        let value = try make(String(decoding: bytes, as: UTF8.self))
        remember(Array(bytes), value)
        return value
    }

    private mutating func remember(_ bytes: [UInt8], _ value: Value) {
        if entries.count < Self.capacity {
            entries.append((bytes, value))
        } else {
            entries[next] = (bytes, value)
            next = (next + 1) % Self.capacity
        }
    }
}

/// The sources of the last few rows, recognised by their five columns (columns 5…9) without
/// copying them: a page usually comes from one or two sources.
struct RecentSources {
    private var entries: [(columns: [[UInt8]?], source: Source)] = []
    private var next = 0

    mutating func value(_ statement: OpaquePointer) -> Source {
        for entry in entries where Self.matches(entry.columns, statement) { return entry.source }
        var columns: [[UInt8]?] = []
        for column: Int32 in 5...9 {
            if sqlite3_column_type(statement, column) == SQLITE_NULL {
                columns.append(nil)
            } else if let bytes = sqlite3_column_text(statement, column) {
                columns.append(Array(UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column)))))
            } else {
                columns.append([])
            }
        }
        func text(_ index: Int) -> String? { columns[index].map { String(decoding: $0, as: UTF8.self) } }
        let source = Source(name: text(0) ?? "", bundleIdentifier: text(1) ?? "", version: text(2), productType: text(3),
                            operatingSystemVersion: text(4))
        if entries.count < 4 {
            entries.append((columns, source))
        } else {
            entries[next] = (columns, source)
            next = (next + 1) % 4
        }
        return source
    }

    private static func matches(_ columns: [[UInt8]?], _ statement: OpaquePointer) -> Bool {
        for (offset, stored) in columns.enumerated() {
            let column = Int32(5 + offset)
            let isNull = sqlite3_column_type(statement, column) == SQLITE_NULL
            guard let stored else {
                if isNull { continue }
                return false
            }
            guard !isNull else { return false }
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count == stored.count else { return false }
            if count == 0 { continue }
            guard let bytes = sqlite3_column_text(statement, column),
                  stored.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes, count) }) == 0 else { return false }
        }
        return true
    }
}
