package import Foundation

/// Reads the one shape nearly every sync push has — quantity samples, plain strings — straight
/// from its bytes, and declines everything else, which `JSONDecoder` then reads.
///
/// Foundation's `JSONDecoder` spends about 15 µs on each such sample (most of it in Codable's
/// generic containers and metadata lookups), 1.5 s of a 100,000-sample push. This reader accepts a
/// strict subset of what the decoder accepts and gives, for it, the same batch: one object per
/// element in order, `kind` before `object`, no key unknown or repeated, strings without escapes but `\/`,
/// numbers in JSON's grammar that a `Double` holds finitely (an `Int64` for integer metadata). Any
/// other byte sequence — another kind, an escape, a missing field, bad JSON — makes it decline
/// (`nil`), so errors are always the decoder's. The `sync` fuzz target checks that every batch it
/// reads equals the decoder's (`SyncFuzzTarget`). The stores read their rows' JSON, which has the
/// same forms, through it too (``metadata(_:)``, ``device(_:)``, ``quantitySample(_:)``,
/// ``workoutStatistics(_:)``).
package struct SyncPushFastReader {
    /// Why the reader declined; never shown (the decoder reads the body instead).
    struct Declined: Error {}

    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    private init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The batch in `data`, or `nil` when it is not of the shape this reader takes.
    package static func read(_ data: Data) -> SyncPushBatch? {
        data.withUnsafeBytes { buffer -> SyncPushBatch? in
            var reader = SyncPushFastReader(bytes: buffer)
            return try? reader.batch()
        }
    }

    /// The metadata in `text`, a whole JSON object in `Metadata`'s `Codable` form (as a store's
    /// rows hold it), or `nil` when it is not of the shape this reader takes.
    package static func metadata(_ text: String) -> Metadata? {
        whole(text) { (reader: inout SyncPushFastReader) throws(Declined) in try reader.metadata() }
    }

    /// The device in `text`, a whole JSON object in `Device`'s `Codable` form, or `nil` when it is
    /// not of the shape this reader takes.
    package static func device(_ text: String) -> Device? {
        whole(text) { (reader: inout SyncPushFastReader) throws(Declined) in try reader.device() }
    }

    /// The quantity sample in `text`, a whole JSON object in `QuantitySample`'s `Codable` form (as
    /// the PostgreSQL store's rows hold it), or `nil` when it is not of the shape this reader takes.
    package static func quantitySample(_ text: String) -> QuantitySample? {
        whole(text) { (reader: inout SyncPushFastReader) throws(Declined) in try reader.quantitySample() }
    }

    /// A workout's statistics in `text`, a whole JSON array in `[WorkoutStatistics]`'s `Codable`
    /// form (as the SQLite store's rows hold it), or `nil` when it is not of the shape this reader takes.
    package static func workoutStatistics(_ text: String) -> [WorkoutStatistics]? {
        whole(text) { (reader: inout SyncPushFastReader) throws(Declined) -> [WorkoutStatistics] in
            var all: [WorkoutStatistics] = []
            if try reader.begin(.array) {
                repeat { all.append(try reader.statistics()) } while try reader.more(.array)
            }
            return all
        }
    }

    /// What `read` reads from all of `text` (whitespace around it allowed), or `nil`.
    private static func whole<T>(_ text: String, _ read: (inout SyncPushFastReader) throws(Declined) -> T) -> T? {
        var text = text
        return text.withUTF8 { buffer -> T? in
            var reader = SyncPushFastReader(bytes: UnsafeRawBufferPointer(buffer))
            guard let value = try? read(&reader) else { return nil }
            reader.skipWhitespace()
            return reader.index == reader.bytes.count ? value : nil
        }
    }

    // MARK: The batch's parts

    private mutating func batch() throws(Declined) -> SyncPushBatch {
        var objects: [KindedHealthObject]?
        var deleted: [UUID]?
        var sawDeleted = false
        if try begin(.object) {
            repeat {
                switch try key() {
                case "objects" where objects == nil:
                    var read: [KindedHealthObject] = []
                    if try begin(.array) {
                        repeat { read.append(KindedHealthObject(.quantitySample(try kindedQuantitySample()))) } while try more(.array)
                    }
                    objects = read
                case "deleted" where !sawDeleted:
                    sawDeleted = true
                    if try null() { break }
                    var read: [UUID] = []
                    if try begin(.array) {
                        repeat { read.append(try uuid()) } while try more(.array)
                    }
                    deleted = read
                default:
                    throw Declined()
                }
            } while try more(.object)
        }
        skipWhitespace()
        guard index == bytes.count, let objects else { throw Declined() }
        var batch = SyncPushBatch(objects: objects, deleted: [])
        batch.deleted = deleted
        return batch
    }

    /// `{"kind": "quantitySample", "object": {…}}`, in that order.
    private mutating func kindedQuantitySample() throws(Declined) -> QuantitySample {
        guard try begin(.object), try key() == "kind", try string() == "quantitySample",
              try more(.object), try key() == "object" else { throw Declined() }
        let sample = try quantitySample()
        guard try !more(.object) else { throw Declined() }
        return sample
    }

    private mutating func quantitySample() throws(Declined) -> QuantitySample {
        var id: UUID?, type: QuantityTypeIdentifier?, quantity: Quantity?, start: Date?, end: Date?
        var source: Source?, device: Device??, metadata: Metadata?
        guard try begin(.object) else { throw Declined() }
        repeat {
            switch try key() {
            case "id" where id == nil: id = try uuid()
            case "type" where type == nil:
                guard let known = QuantityTypeIdentifier(rawValue: try string()) else { throw Declined() }
                type = known
            case "quantity" where quantity == nil: quantity = try self.quantity()
            case "startDate" where start == nil: start = Date(timeIntervalSinceReferenceDate: try double())
            case "endDate" where end == nil: end = Date(timeIntervalSinceReferenceDate: try double())
            case "source" where source == nil: source = try self.source()
            case "device" where device == nil: device = .some(try null() ? nil : try self.device())
            case "metadata" where metadata == nil: metadata = try self.metadata()
            default: throw Declined()
            }
        } while try more(.object)
        guard let id, let type, let quantity, let start, let end, let source, let metadata else { throw Declined() }
        return QuantitySample(id: id, type: type, quantity: quantity, start: start, end: end, source: source,
                              device: device ?? nil, metadata: metadata)
    }

    private mutating func statistics() throws(Declined) -> WorkoutStatistics {
        var type: QuantityTypeIdentifier?, start: Date?, end: Date?
        var quantities: [String: Quantity?] = [:]
        guard try begin(.object) else { throw Declined() }
        repeat {
            switch try key() {
            case "type" where type == nil:
                guard let known = QuantityTypeIdentifier(rawValue: try string()) else { throw Declined() }
                type = known
            case "startDate" where start == nil: start = Date(timeIntervalSinceReferenceDate: try double())
            case "endDate" where end == nil: end = Date(timeIntervalSinceReferenceDate: try double())
            case let name where ["sum", "average", "minimum", "maximum", "mostRecent"].contains(name) && quantities[name] == nil:
                quantities[name] = .some(try null() ? nil : try quantity())
            default: throw Declined()
            }
        } while try more(.object)
        guard let type, let start, let end else { throw Declined() }
        return WorkoutStatistics(type: type, start: start, end: end, sum: quantities["sum"] ?? nil, average: quantities["average"] ?? nil,
                                 minimum: quantities["minimum"] ?? nil, maximum: quantities["maximum"] ?? nil,
                                 mostRecent: quantities["mostRecent"] ?? nil)
    }

    private mutating func quantity() throws(Declined) -> Quantity {
        var value: Double?, unit: HealthUnit?
        guard try begin(.object) else { throw Declined() }
        repeat {
            switch try key() {
            case "value" where value == nil: value = try double()
            case "unit" where unit == nil:
                let text = try string()
                do throws(UnitError) { unit = try HealthUnit(parsing: text) } catch { throw Declined() }
            default: throw Declined()
            }
        } while try more(.object)
        guard let value, let unit else { throw Declined() }
        return Quantity(value: value, unit: unit)
    }

    private mutating func source() throws(Declined) -> Source {
        var name: String?, bundle: String?
        var version: String??, productType: String??, system: String??
        guard try begin(.object) else { throw Declined() }
        repeat {
            switch try key() {
            case "name" where name == nil: name = try string()
            case "bundleIdentifier" where bundle == nil: bundle = try string()
            case "version" where version == nil: version = .some(try optionalString())
            case "productType" where productType == nil: productType = .some(try optionalString())
            case "operatingSystemVersion" where system == nil: system = .some(try optionalString())
            default: throw Declined()
            }
        } while try more(.object)
        guard let name, let bundle else { throw Declined() }
        return Source(name: name, bundleIdentifier: bundle, version: version ?? nil, productType: productType ?? nil,
                      operatingSystemVersion: system ?? nil)
    }

    private mutating func device() throws(Declined) -> Device {
        var device = Device()
        var seen = Set<String>()
        if try begin(.object) {
            repeat {
                let key = try key()
                guard seen.insert(key).inserted else { throw Declined() }
                let value = try optionalString()
                switch key {
                case "name": device.name = value
                case "manufacturer": device.manufacturer = value
                case "model": device.model = value
                case "hardwareVersion": device.hardwareVersion = value
                case "firmwareVersion": device.firmwareVersion = value
                case "softwareVersion": device.softwareVersion = value
                case "localIdentifier": device.localIdentifier = value
                case "udiDeviceIdentifier": device.udiDeviceIdentifier = value
                default: throw Declined()
                }
            } while try more(.object)
        }
        return device
    }

    /// Metadata of any kind of value: strings, numbers, integers, booleans, dates and quantities.
    private mutating func metadata() throws(Declined) -> Metadata {
        var values: [MetadataKey: MetadataValue] = [:]
        if try begin(.object) {
            repeat {
                let name = MetadataKey(rawValue: try string())
                try expect(UInt8(ascii: ":"))
                guard try begin(.object) else { throw Declined() }
                let value: MetadataValue = switch try key() {
                case "string": .string(try string())
                case "double": .double(try double())
                case "integer": .integer(try integer())
                case "bool": .bool(try bool())
                case "date": .date(Date(timeIntervalSince1970: try double()))
                case "quantity": .quantity(try quantity())
                default: throw Declined()
                }
                guard try !more(.object), values.updateValue(value, forKey: name) == nil else { throw Declined() }
            } while try more(.object)
        }
        return Metadata(values)
    }

    // MARK: JSON's tokens

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// The next byte after whitespace, not consumed.
    private mutating func peek() throws(Declined) -> UInt8 {
        skipWhitespace()
        guard index < bytes.count else { throw Declined() }
        return bytes[index]
    }

    private mutating func expect(_ byte: UInt8) throws(Declined) {
        guard try peek() == byte else { throw Declined() }
        index += 1
    }

    /// The brackets of a JSON object (`{` `}`) or array (`[` `]`).
    private enum Brackets {
        case object, array

        var open: UInt8 { self == .object ? UInt8(ascii: "{") : UInt8(ascii: "[") }
        var close: UInt8 { self == .object ? UInt8(ascii: "}") : UInt8(ascii: "]") }
    }

    /// Reads the opening bracket; `true` when a member or element follows, `false` after an empty
    /// object's or array's closing bracket.
    private mutating func begin(_ brackets: Brackets) throws(Declined) -> Bool {
        try expect(brackets.open)
        if try peek() == brackets.close {
            index += 1
            return false
        }
        return true
    }

    /// Reads `,` (`true`: another member or element follows) or the closing bracket (`false`).
    private mutating func more(_ brackets: Brackets) throws(Declined) -> Bool {
        switch try peek() {
        case UInt8(ascii: ","): index += 1; return true
        case brackets.close: index += 1; return false
        default: throw Declined()
        }
    }

    /// A member's key and the `:` after it.
    private mutating func key() throws(Declined) -> String {
        let key = try string()
        try expect(UInt8(ascii: ":"))
        return key
    }

    /// Reads `null` if it comes next.
    private mutating func null() throws(Declined) -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    private mutating func literal(_ text: StaticString) throws(Declined) {
        let count = text.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw Declined() }
        for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] { throw Declined() }
        index += count
    }

    private mutating func bool() throws(Declined) -> Bool {
        if try peek() == UInt8(ascii: "t") {
            try literal("true")
            return true
        }
        try literal("false")
        return false
    }

    /// A string without escapes or control characters, in valid UTF-8.
    private mutating func string() throws(Declined) -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        var ascii = true
        var escapedSlash = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
                index += 1
                guard escapedSlash else { return try Self.text(text, ascii: ascii) }
                // `\/` is the one escape taken (JSONEncoder writes every `/` so: "count\/min"):
                // every backslash here begins one, so dropping the backslashes unescapes.
                let unescaped = text.filter { $0 != UInt8(ascii: "\\") }
                guard let read = unescaped.withUnsafeBytes({ try? Self.text($0, ascii: ascii) }) else { throw Declined() }
                return read
            }
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") else { throw Declined() }
                escapedSlash = true
                index += 2
                continue
            }
            if byte < 0x20 { throw Declined() }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        throw Declined()
    }

    /// UTF-8 bytes as a string; `ascii` when none is 0x80 or above (no validation needed).
    private static func text(_ bytes: UnsafeRawBufferPointer, ascii: Bool) throws(Declined) -> String {
        if ascii { return String(decoding: bytes, as: UTF8.self) }
        guard let valid = String(validating: bytes, as: UTF8.self) else { throw Declined() }
        return valid
    }

    private mutating func optionalString() throws(Declined) -> String? {
        try null() ? nil : try string()
    }

    /// A number token in JSON's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`;
    /// its text and whether it has a fraction or an exponent.
    private mutating func number() throws(Declined) -> (text: String, isInteger: Bool) {
        skipWhitespace()
        let start = index
        func digit(_ at: Int) -> Bool { at < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digit(index) else { throw Declined() }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while digit(index) { index += 1 }
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard digit(index) else { throw Declined() }
            while digit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digit(index) else { throw Declined() }
            while digit(index) { index += 1 }
        }
        return (String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self), isInteger)
    }

    /// A number a `Double` holds: finite, and not a non-zero value rounded to zero.
    private mutating func double() throws(Declined) -> Double {
        let (text, _) = try number()
        guard let value = Double(text), value.isFinite, value != 0 || Self.mantissaIsZero(text) else { throw Declined() }
        return value
    }

    /// Whether the digits before any exponent are all zero (`0`, `-0.000`, `0e5`).
    private static func mantissaIsZero(_ text: String) -> Bool {
        text.prefix { $0 != "e" && $0 != "E" }.allSatisfy { $0 == "0" || $0 == "-" || $0 == "." }
    }

    /// An integer token an `Int64` holds.
    private mutating func integer() throws(Declined) -> Int64 {
        let (text, isInteger) = try number()
        guard isInteger, let value = Int64(text) else { throw Declined() }
        return value
    }

    /// A UUID in its 36-character form, hexadecimal digits in either case.
    private mutating func uuid() throws(Declined) -> UUID {
        try expect(UInt8(ascii: "\""))
        guard bytes.count - index >= 37, bytes[index + 36] == UInt8(ascii: "\"") else { throw Declined() }
        var halves: (UInt64, UInt64) = (0, 0)
        var digits = 0
        for offset in 0..<36 {
            let byte = bytes[index + offset]
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard byte == UInt8(ascii: "-") else { throw Declined() }
                continue
            }
            guard let value = byte.hexDigitValue else { throw Declined() }
            if digits < 16 { halves.0 = halves.0 << 4 | UInt64(value) } else { halves.1 = halves.1 << 4 | UInt64(value) }
            digits += 1
        }
        index += 37
        return withUnsafeBytes(of: (halves.0.bigEndian, halves.1.bigEndian)) { UUID(uuid: $0.load(as: uuid_t.self)) }
    }
}
