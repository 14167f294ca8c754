import Foundation
import GRDB
import PaceModel

/// Conversions between model values and column values.
enum StoreCoding {
    static func value(_ date: Date) -> Double { date.timeIntervalSinceReferenceDate }
    static func date(_ value: Double) -> Date { Date(timeIntervalSinceReferenceDate: value) }
    static func text(_ id: UUID) -> String { id.uuidString }

    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// One reusable JSON encoder (sorted keys) for a write transaction, with a fast path for the
    /// commonest case, empty metadata.
    final class JSONText {
        private let encoder: JSONEncoder = {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return encoder
        }()

        /// The JSON of the last devices encoded, most recent last.
        private var devices: [(device: Device, json: String)] = []

        func text<T: Encodable>(_ value: T) throws -> String {
            String(decoding: try encoder.encode(value), as: UTF8.self)
        }

        /// The JSON of a device; samples usually come from a few devices, so the last 8 are remembered.
        func device(_ device: Device) throws -> String {
            if let index = devices.lastIndex(where: { $0.device == device }) { return devices[index].json }
            let json = try text(device)
            if devices.count >= 8 { devices.removeFirst() }
            devices.append((device, json))
            return json
        }

        /// The JSON of metadata, as `Metadata`'s `Codable` form: written directly for strings,
        /// whole numbers, booleans, finite numbers and dates (nearly all metadata), through
        /// `JSONEncoder` otherwise.
        func metadata(_ metadata: Metadata) throws -> String {
            try json(of: metadata, omittingSyncColumns: false)
        }

        /// The JSON of an object's metadata for its `healthObject` row: as ``metadata(_:)``, without
        /// the sync identifier and version that the row's columns hold (see ``StoreCoding/storedMetadata(_:)``).
        func objectMetadata(_ metadata: Metadata) throws -> String {
            try json(of: metadata, omittingSyncColumns: true)
        }

        private func json(of metadata: Metadata, omittingSyncColumns: Bool) throws -> String {
            if metadata.isEmpty { return "{}" }
            var json = "{"
            var written = 0
            for (key, value) in metadata {
                if omittingSyncColumns, StoreCoding.isInSyncColumn(key, value) { continue }
                if written > 0 { json += "," }
                written += 1
                Self.appendString(key.rawValue, to: &json)
                json += ":"
                switch value {
                case .string(let text):
                    json += "{\"string\":"
                    Self.appendString(text, to: &json)
                case .integer(let number):
                    json += "{\"integer\":\(number)"
                case .bool(let flag):
                    json += flag ? "{\"bool\":true" : "{\"bool\":false"
                case .double(let number) where number.isFinite:
                    json += "{\"double\":\(number)"
                case .date(let date) where date.timeIntervalSince1970.isFinite:
                    json += "{\"date\":\(date.timeIntervalSince1970)"
                default:
                    return try text(omittingSyncColumns ? StoreCoding.storedMetadata(metadata) : metadata)
                }
                json += "}"
            }
            return json + "}"
        }

        /// Appends `text` as a JSON string literal.
        static func appendString(_ text: String, to json: inout String) {
            json += "\""
            if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                json += text
                json += "\""
                return
            }
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": json += "\\\""
                case "\\": json += "\\\\"
                case "\n": json += "\\n"
                case "\r": json += "\\r"
                case "\t": json += "\\t"
                case _ where scalar.value < 0x20:
                    json += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                default:
                    json.unicodeScalars.append(scalar)
                }
            }
            json += "\""
        }
    }

    /// Whether this metadata entry is kept in the `syncIdentifier` or `syncVersion` column of a
    /// `healthObject` row rather than in its metadata JSON (since migration v7): the sync identifier
    /// when it is a string, the sync version when it is an integer. Other forms (which the columns
    /// would not give back exactly) stay in the JSON.
    static func isInSyncColumn(_ key: MetadataKey, _ value: MetadataValue) -> Bool {
        switch (key, value) {
        case (.syncIdentifier, .string), (.syncVersion, .integer): true
        default: false
        }
    }

    /// An object's metadata as its row's JSON holds it: without the entries of ``isInSyncColumn(_:_:)``.
    static func storedMetadata(_ metadata: Metadata) -> Metadata {
        var stored = metadata
        for key in [MetadataKey.syncIdentifier, .syncVersion] {
            if let value = stored[key], isInSyncColumn(key, value) { stored[key] = nil }
        }
        return stored
    }

    /// An object's metadata read back: its row's JSON with the sync identifier and version of the
    /// row's columns put back where the JSON does not hold them.
    static func objectMetadata(_ stored: Metadata, syncIdentifier: String?, syncVersion: Int64?) -> Metadata {
        var metadata = stored
        if let syncIdentifier, metadata[.syncIdentifier] == nil { metadata[.syncIdentifier] = .string(syncIdentifier) }
        if let syncVersion, metadata[.syncVersion] == nil { metadata[.syncVersion] = .integer(syncVersion) }
        return metadata
    }

    /// Stored metadata: read directly when it has the common shape (``SyncPushFastReader/metadata(_:)``),
    /// through `JSONDecoder` otherwise, which also words the error of an unreadable column.
    static func metadata(json: String, column: String, objectID: String) throws -> Metadata {
        if let metadata = SyncPushFastReader.metadata(json) { return metadata }
        return try decode(Metadata.self, json: json, column: column, objectID: objectID)
    }

    /// A stored device, read as ``metadata(json:column:objectID:)`` reads metadata.
    static func device(json: String, objectID: String) throws -> Device {
        if let device = SyncPushFastReader.device(json) { return device }
        return try decode(Device.self, json: json, column: "device", objectID: objectID)
    }

    /// A workout's stored statistics, read as ``metadata(json:column:objectID:)`` reads metadata.
    static func statistics(json: String, objectID: String) throws -> [WorkoutStatistics] {
        if let statistics = SyncPushFastReader.workoutStatistics(json) { return statistics }
        return try decode([WorkoutStatistics].self, json: json, column: "statistics", objectID: objectID)
    }

    static func decode<T: Decodable>(_ type: T.Type, json: String, column: String, objectID: String) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(json.utf8))
        } catch {
            throw StoreError(code: .corrupt,
                message: "The stored \(column) of object \(objectID) cannot be read (\(error)). The store was changed outside Pace; restore it from a backup.",
                cause: error)
        }
    }

    static func uuid(_ text: String) throws -> UUID {
        guard let id = UUIDText.parse(text) else {
            throw StoreError(code: .corrupt, message: "The store holds an invalid UUID '\(text)'. The store was changed outside Pace; restore it from a backup.")
        }
        return id
    }

    static func unit(_ text: String, objectID: String) throws -> HealthUnit {
        do { return try HealthUnit(parsing: text) } catch {
            throw StoreError(code: .corrupt, message: "Object \(objectID) has an unreadable unit '\(text)': \(error)", cause: error)
        }
    }

    static func objectType(_ identifier: String) throws -> HealthObjectType {
        do { return try HealthObjectType(identifier: identifier) } catch {
            throw StoreError(code: .corrupt, message: "The store holds an unknown type '\(identifier)': \(error)", cause: error)
        }
    }
}

/// The columns every object shares, read from a `healthObject` row joined to its device
/// (``ObjectHeader/selection``).
struct ObjectHeader {
    var id: UUID
    var kind: String
    var typeIdentifier: String
    var startDate: Date
    var endDate: Date
    var anchor: Int64
    var source: Source
    var device: Device?
    var metadata: Metadata

    /// The statement start that selects what ``init(row:)`` reads, over `healthObject o`; add a WHERE clause.
    static let selection = "SELECT o.*, d.json AS device FROM healthObject o LEFT JOIN device d ON d.id = o.deviceID"

    init(row: Row) throws {
        let uuidText: String = row["uuid"]
        id = try StoreCoding.uuid(uuidText)
        kind = row["kind"]
        typeIdentifier = row["typeIdentifier"]
        startDate = StoreCoding.date(row["startDate"])
        endDate = StoreCoding.date(row["endDate"])
        anchor = row["anchor"]
        source = Source(name: row["sourceName"], bundleIdentifier: row["sourceBundleIdentifier"],
                        version: row["sourceVersion"], productType: row["sourceProductType"],
                        operatingSystemVersion: row["sourceOperatingSystemVersion"])
        let deviceJSON: String? = row["device"]
        device = try deviceJSON.map { try StoreCoding.device(json: $0, objectID: uuidText) }
        metadata = StoreCoding.objectMetadata(
            try StoreCoding.metadata(json: row["metadata"], column: "metadata", objectID: uuidText),
            syncIdentifier: row["syncIdentifier"], syncVersion: row["syncVersion"])
    }
}
