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

        func text<T: Encodable>(_ value: T) throws -> String {
            String(decoding: try encoder.encode(value), as: UTF8.self)
        }

        func metadata(_ metadata: Metadata) throws -> String {
            metadata.isEmpty ? "{}" : try text(metadata)
        }
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
        guard let id = UUID(uuidString: text) else {
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

/// The columns every object shares, read from a `healthObject` row.
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
        device = try deviceJSON.map { try StoreCoding.decode(Device.self, json: $0, column: "device", objectID: uuidText) }
        metadata = try StoreCoding.decode(Metadata.self, json: row["metadata"], column: "metadata", objectID: uuidText)
    }
}
