import Foundation
import PaceAPI
import PaceModel

/// Writes a sync page's JSON byte for byte as `JSONEncoder` with sorted keys writes
/// ``SyncPageJSON``, but builds the samples — nearly every object of a page — itself instead of
/// through Codable's containers, which took two thirds of a pull's CPU time (DECISIONS 141).
///
/// Only the outline of a quantity or category sample is written here: its UUID, type, dates and
/// value. Everything with more than one form — a unit, a source, a device, metadata — is encoded
/// by `JSONEncoder` once per distinct value and the bytes reused; workouts are encoded by
/// `JSONEncoder` whole, routes but for their locations, which are written here. `SyncPageWriterTests` holds the output equal to `JSONEncoder`'s.
struct SyncPageWriter {
    private(set) var bytes: [UInt8] = []
    private let encoder: JSONEncoder
    /// Encoded values, by value; each cache stops growing at ``cacheLimit`` entries.
    private var units: [HealthUnit: [UInt8]] = [:]
    private var sources: [Source: [UInt8]] = [:]
    private var devices: [Device: [UInt8]] = [:]
    private var metadata: [Metadata: [UInt8]] = [:]
    private static let cacheLimit = 1024

    /// A writer whose output starts empty, with room for about `capacity` bytes.
    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
    }

    /// Appends the whole page.
    mutating func write(_ page: SyncPageJSON) throws {
        append("{\"anchor\":")
        string(page.anchor)
        append(",\"deleted\":[")
        for (position, deletion) in page.deleted.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            append("{\"deletedAt\":")
            string(try APIDateTime.text(deletion.deletedAt, at: []))
            append(",\"id\":")
            string(deletion.id.uuidString)
            append(",\"type\":")
            string(deletion.type)
            bytes.append(UInt8(ascii: "}"))
        }
        append(page.hasMore ? "],\"hasMore\":true,\"objects\":[" : "],\"hasMore\":false,\"objects\":[")
        for (position, object) in page.objects.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            try write(object)
        }
        append("]}")
    }

    /// Appends one object with its kind.
    mutating func write(_ kinded: KindedHealthObject) throws {
        switch kinded.object {
        case .quantitySample where kinded.values != nil:
            // A series sample with its values (DECISIONS 172): rare, encoded whole.
            bytes.append(contentsOf: try encoder.encode(kinded))
        case .quantitySample(let sample):
            append("{\"kind\":\"quantitySample\",\"object\":{")
            try outline(id: sample.id, start: sample.startDate, end: sample.endDate, device: sample.device, metadata: sample.metadata)
            append(",\"quantity\":{\"unit\":")
            try cached(sample.quantity.unit, in: \.units)
            append(",\"value\":")
            number(sample.quantity.value)
            append("},\"source\":")
            try cached(sample.source, in: \.sources)
            append(",\"startDate\":")
            number(sample.startDate.timeIntervalSinceReferenceDate)
            append(",\"type\":")
            string(sample.type.rawValue)
            append("}}")
        case .categorySample(let sample):
            append("{\"kind\":\"categorySample\",\"object\":{")
            try outline(id: sample.id, start: sample.startDate, end: sample.endDate, device: sample.device, metadata: sample.metadata)
            append(",\"source\":")
            try cached(sample.source, in: \.sources)
            append(",\"startDate\":")
            number(sample.startDate.timeIntervalSinceReferenceDate)
            append(",\"type\":")
            string(sample.type.rawValue)
            append(",\"value\":")
            append(String(sample.value))
            append("}}")
        case .workoutRoute(let route) where !route.locations.isEmpty:
            try write(route)
        case .workout, .workoutRoute:
            bytes.append(contentsOf: try encoder.encode(kinded))
        }
    }

    /// Appends a route: everything but its locations encoded by `JSONEncoder`, the locations —
    /// a million for a long workout, each a keyed container of ten numbers there — written here.
    private mutating func write(_ route: WorkoutRoute) throws {
        var header = route
        header.locations = []
        let encoded = Array(try encoder.encode(KindedHealthObject(.workoutRoute(header))))
        // Keys are sorted and strings escaped, so the first unescaped `"locations":[]` is the
        // route's own key: a device's and the source's strings come before it, escaped.
        let marker = Array("\"locations\":[".utf8)
        guard let cut = Self.firstRange(of: marker, in: encoded), encoded[cut.upperBound] == UInt8(ascii: "]") else {
            throw EncodingError.invalidValue(route, .init(codingPath: [], debugDescription:
                "route \(route.id) encoded without its empty locations array; the sync page cannot place its locations"))
        }
        bytes.append(contentsOf: encoded[..<cut.upperBound])
        for (position, location) in route.locations.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            append("{\"altitude\":")
            number(location.altitude)
            append(",\"course\":")
            number(location.course)
            append(",\"courseAccuracy\":")
            number(location.courseAccuracy)
            append(",\"horizontalAccuracy\":")
            number(location.horizontalAccuracy)
            append(",\"latitude\":")
            number(location.latitude)
            append(",\"longitude\":")
            number(location.longitude)
            append(",\"speed\":")
            number(location.speed)
            append(",\"speedAccuracy\":")
            number(location.speedAccuracy)
            append(",\"timestamp\":")
            number(location.timestamp.timeIntervalSinceReferenceDate)
            append(",\"verticalAccuracy\":")
            number(location.verticalAccuracy)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(contentsOf: encoded[cut.upperBound...])
    }

    /// The first place `needle` occurs in `haystack`.
    private static func firstRange(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return start..<(start + needle.count) }
        }
        return nil
    }

    /// A sample's keys before `quantity` / `source`, in sorted order: device, endDate, id, metadata.
    private mutating func outline(id: UUID, start: Date, end: Date, device: Device?, metadata: Metadata) throws {
        if let device {
            append("\"device\":")
            try cached(device, in: \.devices)
            bytes.append(UInt8(ascii: ","))
        }
        append("\"endDate\":")
        number(end.timeIntervalSinceReferenceDate)
        append(",\"id\":")
        string(id.uuidString)
        append(",\"metadata\":")
        if metadata.isEmpty {
            append("{}")
        } else {
            try cached(metadata, in: \.metadata)
        }
    }

    /// Appends `value` as `JSONEncoder` encodes it, encoding each distinct value once.
    private mutating func cached<Value: Encodable & Hashable>(_ value: Value, in cache: WritableKeyPath<Self, [Value: [UInt8]]>) throws {
        if let known = self[keyPath: cache][value] {
            bytes.append(contentsOf: known)
            return
        }
        let encoded = Array(try encoder.encode(value))
        if self[keyPath: cache].count < Self.cacheLimit { self[keyPath: cache][value] = encoded }
        bytes.append(contentsOf: encoded)
    }

    /// A number as `JSONEncoder` writes a `Double`: Swift's shortest round-trip form, without a
    /// trailing `.0`. Stored values are finite (validated before they were saved).
    private mutating func number(_ value: Double) {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        append(text)
    }

    /// A JSON string, escaped as `JSONEncoder` escapes: quote, backslash, slash, the short forms
    /// of \b \f \n \r \t, other control characters as \u00xx.
    private mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case UInt8(ascii: "/"): append("\\/")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                append("\\u00")
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }
}
