import Foundation

/// A low-level FIT encoder: writes definition and data messages (normal headers, little endian)
/// whose fields are named as in Pace's FIT profile tables, then wraps them in a 14-byte header
/// (with header CRC) and the file CRC.
///
/// Field numbers, base types, scales and offsets come from ``FITProfile``; a value is given in
/// physical units (`raw = (value + offset) × scale`, rounded) and an absent or unrepresentable value
/// is written as its base type's invalid sentinel. A local message number is defined once per
/// distinct field layout (up to 16 are kept; older ones are redefined as needed).
struct FITEncoder {
    /// One field to write: a profile field name and its value.
    struct Field {
        /// The profile field name (`heart_rate`, `timestamp`, …).
        var name: String
        /// The value.
        var value: Value

        /// A numeric field in physical units (scale and offset are applied); `nil` writes the sentinel.
        static func number(_ name: String, _ value: Double?) -> Field { Field(name: name, value: .number(value)) }
        /// A raw integer field (enum values, FIT seconds); `nil` writes the sentinel.
        static func raw(_ name: String, _ value: Int64?) -> Field { Field(name: name, value: .raw(value)) }
        /// A `date_time` field: seconds since the FIT epoch; `nil` writes the sentinel.
        static func time(_ name: String, _ date: Date?) -> Field { .raw(name, date.flatMap(FITEncoder.fitSeconds)) }
        /// A string field of `size` bytes (NUL padded, truncated on a UTF-8 boundary).
        static func string(_ name: String, _ value: String?, size: Int) -> Field {
            Field(name: name, value: .string(value, size: size))
        }
    }

    /// A field value before encoding.
    enum Value {
        case number(Double?)
        case raw(Int64?)
        case string(String?, size: Int)
    }

    /// One resolved field of a definition: number, base type byte and size in bytes.
    private struct Layout: Hashable {
        var number: UInt8
        var baseType: UInt8
        var size: Int
    }

    private struct Definition: Hashable {
        var globalNumber: UInt16
        var fields: [Layout]
    }

    /// The message bytes written so far (without header and CRC).
    private(set) var body: [UInt8] = []
    private var localDefinitions: [Definition?] = Array(repeating: nil, count: 16)
    private var nextLocal = 0
    private var resolved: [String: (number: UInt8, field: FITFieldProfile)] = [:]

    /// Seconds since the FIT epoch, 1989-12-31T00:00:00Z (rounded), or `nil` for a date before it or past `uint32`.
    static func fitSeconds(_ date: Date) -> Int64? {
        let seconds = (date.timeIntervalSince1970 - FITDecoder.epochOffset).rounded()
        guard seconds.isFinite, seconds >= 0, seconds < 0xFFFF_FFFF else { return nil }
        return Int64(seconds)
    }

    /// Appends a data message (and its definition message when the layout is new).
    ///
    /// - Parameters:
    ///   - globalNumber: The profile message number (`20` for `record`).
    ///   - fields: The fields in the order to write them; names missing from the profile are skipped.
    mutating func write(_ globalNumber: UInt16, _ fields: [Field]) {
        var layouts: [Layout] = []
        var payload: [UInt8] = []
        for field in fields {
            guard let profile = resolve(field.name, globalNumber) else {
                assertionFailure("no field \(field.name) in message \(globalNumber)")
                continue
            }
            let type = Self.baseType(profile.field.type)
            let bytes = Self.encode(field.value, type: type, profile: profile)
            layouts.append(Layout(number: profile.number, baseType: type.byte, size: bytes.count))
            payload += bytes
        }
        let definition = Definition(globalNumber: globalNumber, fields: layouts)
        let local: Int
        if let existing = localDefinitions.firstIndex(of: definition) {
            local = existing
        } else {
            local = nextLocal
            nextLocal = (nextLocal + 1) % localDefinitions.count
            localDefinitions[local] = definition
            writeDefinition(definition, local: UInt8(local))
        }
        body.append(UInt8(local))
        body += payload
    }

    private mutating func resolve(_ name: String, _ globalNumber: UInt16) -> (number: UInt8, field: FITFieldProfile)? {
        let key = "\(globalNumber)/\(name)"
        if let known = resolved[key] { return known }
        let found = FITProfile.encoderField(named: name, inMessage: globalNumber)
        resolved[key] = found
        return found
    }

    /// The complete file: 14-byte header (protocol 2.0, header CRC), the messages, the file CRC.
    func fileData() -> Data {
        let size = UInt32(body.count)
        var bytes: [UInt8] = [14, 0x20]
        bytes += Self.littleEndian(UInt64(Self.profileVersion), size: 2)
        bytes += Self.littleEndian(UInt64(size), size: 4)
        bytes += Array(".FIT".utf8)
        bytes += Self.littleEndian(UInt64(FITCRC.checksum(bytes, 0..<12)), size: 2)
        bytes += body
        bytes += Self.littleEndian(UInt64(FITCRC.checksum(bytes, 0..<bytes.count)), size: 2)
        return Data(bytes)
    }

    /// The profile version written in the header (21.218, the version of the generated tables).
    static let profileVersion: UInt16 = 21218

    private mutating func writeDefinition(_ definition: Definition, local: UInt8) {
        body.append(0x40 | local)
        body += [0, 0]  // reserved, little endian
        body += Self.littleEndian(UInt64(definition.globalNumber), size: 2)
        body.append(UInt8(definition.fields.count))
        for field in definition.fields {
            body += [field.number, UInt8(field.size), field.baseType]
        }
    }

    // MARK: - Base types

    /// A base type: its byte (endian flag included), size, signedness and invalid sentinel.
    struct BaseType {
        var byte: UInt8
        var size: Int
        var signed: Bool
        var invalid: UInt64
        /// Valid raw values lie in `minimum...maximum` (the sentinel excluded).
        var minimum: Int64
        var maximum: Int64

        static let enumeration = BaseType(byte: 0x00, size: 1, signed: false, invalid: 0xFF, minimum: 0, maximum: 0xFE)
        static let sint8 = BaseType(byte: 0x01, size: 1, signed: true, invalid: 0x7F, minimum: -0x80, maximum: 0x7E)
        static let uint8 = BaseType(byte: 0x02, size: 1, signed: false, invalid: 0xFF, minimum: 0, maximum: 0xFE)
        static let sint16 = BaseType(byte: 0x83, size: 2, signed: true, invalid: 0x7FFF, minimum: -0x8000, maximum: 0x7FFE)
        static let uint16 = BaseType(byte: 0x84, size: 2, signed: false, invalid: 0xFFFF, minimum: 0, maximum: 0xFFFE)
        static let sint32 = BaseType(byte: 0x85, size: 4, signed: true, invalid: 0x7FFF_FFFF,
                                     minimum: -0x8000_0000, maximum: 0x7FFF_FFFE)
        static let uint32 = BaseType(byte: 0x86, size: 4, signed: false, invalid: 0xFFFF_FFFF,
                                     minimum: 0, maximum: 0xFFFF_FFFE)
        static let string = BaseType(byte: 0x07, size: 1, signed: false, invalid: 0, minimum: 0, maximum: 0)
        static let uint8z = BaseType(byte: 0x0A, size: 1, signed: false, invalid: 0, minimum: 1, maximum: 0xFF)
        static let uint16z = BaseType(byte: 0x8B, size: 2, signed: false, invalid: 0, minimum: 1, maximum: 0xFFFF)
        static let uint32z = BaseType(byte: 0x8C, size: 4, signed: false, invalid: 0, minimum: 1, maximum: 0xFFFF_FFFF)
    }

    /// The base type of a profile type: a base type name, or a profile type (`date_time` → `uint32`,
    /// `manufacturer` → `uint16`, other enum types → `enum`).
    static func baseType(_ profileType: String) -> BaseType {
        switch profileType {
        case "sint8": .sint8
        case "uint8", "device_index": .uint8
        case "sint16": .sint16
        case "uint16", "manufacturer", "message_index", "mesg_num": .uint16
        case "sint32": .sint32
        case "uint32", "date_time", "local_date_time": .uint32
        case "string": .string
        case "uint8z": .uint8z
        case "uint16z": .uint16z
        case "uint32z": .uint32z
        default: .enumeration
        }
    }

    private static func encode(_ value: Value, type: BaseType, profile: (number: UInt8, field: FITFieldProfile)) -> [UInt8] {
        switch value {
        case .string(let text, let requested):
            let size = max(requested, 1)
            var bytes = Array(repeating: UInt8(0), count: size)
            if let text {
                var utf8 = Array(text.utf8.prefix(size - 1))
                while String(validating: utf8, as: UTF8.self) == nil { utf8.removeLast() }  // a cut character
                bytes.replaceSubrange(0..<utf8.count, with: utf8)
            }
            return bytes
        case .raw(let raw):
            return integer(raw, type: type)
        case .number(let number):
            return integer(rawValue(number, profile: profile.field, type: type), type: type)
        }
    }

    /// The raw value of a physical `value` in a numeric field, or `nil` when the field cannot hold it
    /// (absent, not finite, or outside the base type's valid range: written as the sentinel).
    private static func rawValue(_ value: Double?, profile: FITFieldProfile, type: BaseType) -> Int64? {
        guard let value, value.isFinite else { return nil }
        let raw = ((value + profile.offset) * profile.scale).rounded()
        guard raw.isFinite, raw >= Double(type.minimum), raw <= Double(type.maximum) else { return nil }
        return Int64(raw)
    }

    /// What a reader finds for `value` written as the numeric field `profile`: the value at the
    /// field's resolution (physical units), or `nil` when the field cannot hold it — it is written
    /// as the invalid sentinel and read back absent. `nil` too without a profile.
    static func valueReadBack(_ value: Double?, as profile: FITFieldProfile?) -> Double? {
        guard let profile, let raw = rawValue(value, profile: profile, type: baseType(profile.type)) else { return nil }
        return Double(raw) / profile.scale - profile.offset
    }

    private static func integer(_ raw: Int64?, type: BaseType) -> [UInt8] {
        guard let raw, raw >= type.minimum, raw <= type.maximum else {
            return littleEndian(type.invalid, size: type.size)
        }
        return littleEndian(UInt64(bitPattern: raw), size: type.size)
    }

    static func littleEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}

extension FITProfile {
    /// The number and profile of a message's field by name, if Pace's tables hold it.
    static func encoderField(named name: String, inMessage globalNumber: UInt16) -> (number: UInt8, field: FITFieldProfile)? {
        guard let fields = message(globalNumber)?.fields else { return nil }
        return fields.first { $0.value.name == name }.map { ($0.key, $0.value) }
    }

    /// The raw value of an enum name (`sport` `running` → 1), if the type and name are known.
    static func encoderEnumValue(type: String, name: String) -> Int? {
        generatedTypes[type]?.first { $0.value == name }?.key
    }
}
