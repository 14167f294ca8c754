/// A decoded FIT field value, before scale and offset are applied.
///
/// Invalid values (the base type's sentinel, e.g. 0xFF for `uint8`, 0x7FFFFFFF for `sint32`) never
/// appear: a scalar field holding its sentinel is left out of the message, and an array element
/// holding it is `nil`.
///
/// ```swift
/// if case .unsigned(let bpm) = field.value { … }
/// ```
public enum FITValue: Hashable, Sendable {
    /// A signed integer (`sint8` … `sint64`).
    case signed(Int64)
    /// An unsigned integer or enum (`enum`, `uint8` … `uint64z`).
    case unsigned(UInt64)
    /// A floating-point value (`float32`, `float64`).
    case float(Double)
    /// A string, UTF-8, without its NUL terminator.
    case string(String)
    /// Raw bytes (`byte` base type, or a field whose size does not fit its base type).
    case bytes([UInt8])
    /// Several values of one base type; invalid elements are `nil`.
    case array([FITValue?])

    /// The value as a number, when it is a single number (not scaled).
    public var numericValue: Double? {
        switch self {
        case .signed(let value): Double(value)
        case .unsigned(let value): Double(value)
        case .float(let value): value
        case .string, .bytes, .array: nil
        }
    }

    /// The value as an integer, when it is a single integer.
    public var integerValue: Int64? {
        switch self {
        case .signed(let value): value
        case .unsigned(let value): Int64(exactly: value)
        case .float, .string, .bytes, .array: nil
        }
    }

    /// The value as a string, when it is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}

/// A FIT base type (the low 5 bits of the base type byte): size in bytes and invalid sentinel.
struct FITBaseType: Hashable, Sendable {
    /// The base type number, 0…16.
    let number: UInt8

    init(byte: UInt8) { number = byte & 0x1F }

    /// The base type of a profile type name (`uint16`, `date_time`…); enum types are `enum`.
    init(profileType: String) {
        switch profileType {
        case "sint8": number = 1
        case "uint8": number = 2
        case "sint16": number = 3
        case "uint16": number = 4
        case "sint32": number = 5
        case "uint32", "date_time", "local_date_time": number = 6
        case "string": number = 7
        case "float32": number = 8
        case "float64": number = 9
        case "uint8z": number = 10
        case "uint16z": number = 11
        case "uint32z": number = 12
        case "byte": number = 13
        case "sint64": number = 14
        case "uint64": number = 15
        case "uint64z": number = 16
        default: number = 0
        }
    }

    /// Size of one element in bytes; `nil` for an unknown base type.
    var size: Int? {
        switch number {
        case 0, 1, 2, 7, 10, 13: 1
        case 3, 4, 11: 2
        case 5, 6, 8, 12: 4
        case 9, 14, 15, 16: 8
        default: nil
        }
    }

    var isString: Bool { number == 7 }

    /// The invalid sentinel as raw bits.
    var invalidRaw: UInt64 {
        switch number {
        case 0, 2, 13: 0xFF
        case 1: 0x7F
        case 3: 0x7FFF
        case 4: 0xFFFF
        case 5: 0x7FFF_FFFF
        case 6, 8: 0xFFFF_FFFF
        case 14: 0x7FFF_FFFF_FFFF_FFFF
        case 9, 15: UInt64.max
        case 10, 11, 12, 16: 0
        default: 0xFF
        }
    }

    /// The raw bits of one element of `size` bytes at `pointer`.
    @inline(__always)
    static func raw(at pointer: UnsafeRawPointer, size: Int, bigEndian: Bool) -> UInt64 {
        switch size {
        case 1:
            return UInt64(pointer.load(as: UInt8.self))
        case 2:
            let value = pointer.loadUnaligned(as: UInt16.self)
            return UInt64(bigEndian ? UInt16(bigEndian: value) : UInt16(littleEndian: value))
        case 4:
            let value = pointer.loadUnaligned(as: UInt32.self)
            return UInt64(bigEndian ? UInt32(bigEndian: value) : UInt32(littleEndian: value))
        default:
            let value = pointer.loadUnaligned(as: UInt64.self)
            return bigEndian ? UInt64(bigEndian: value) : UInt64(littleEndian: value)
        }
    }

    /// Decodes the field in `bytes` (already bounds-checked); `nil` when it is invalid (all elements invalid).
    func decode(_ bytes: UnsafeRawBufferPointer, bigEndian: Bool) -> FITValue? {
        if isString { return Self.decodeString(bytes) }
        guard let size, bytes.count % size == 0, bytes.count > 0, number != 13 else {
            // `byte` fields, and fields whose size does not fit their base type: invalid only if every byte is 0xFF.
            return bytes.allSatisfy({ $0 == 0xFF }) ? nil : .bytes(Array(bytes))
        }
        let base = bytes.baseAddress!
        if bytes.count == size { return element(Self.raw(at: base, size: size, bigEndian: bigEndian)) }
        var values: [FITValue?] = []
        values.reserveCapacity(bytes.count / size)
        var allInvalid = true
        for offset in stride(from: 0, to: bytes.count, by: size) {
            let value = element(Self.raw(at: base + offset, size: size, bigEndian: bigEndian))
            if value != nil { allInvalid = false }
            values.append(value)
        }
        return allInvalid ? nil : .array(values)
    }

    /// One element from its raw bits, or `nil` when it is the invalid sentinel.
    @inline(__always)
    func element(_ raw: UInt64) -> FITValue? {
        switch number {
        case 0, 2: raw == 0xFF ? nil : .unsigned(raw)
        case 4: raw == 0xFFFF ? nil : .unsigned(raw)
        case 6: raw == 0xFFFF_FFFF ? nil : .unsigned(raw)
        case 15: raw == UInt64.max ? nil : .unsigned(raw)
        case 10, 11, 12, 16: raw == 0 ? nil : .unsigned(raw)
        case 1: raw == 0x7F ? nil : .signed(Int64(Int8(truncatingIfNeeded: raw)))
        case 3: raw == 0x7FFF ? nil : .signed(Int64(Int16(truncatingIfNeeded: raw)))
        case 5: raw == 0x7FFF_FFFF ? nil : .signed(Int64(Int32(truncatingIfNeeded: raw)))
        case 14: raw == 0x7FFF_FFFF_FFFF_FFFF ? nil : .signed(Int64(bitPattern: raw))
        case 8:
            raw == 0xFFFF_FFFF ? nil : .float(Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw))))
        case 9: raw == UInt64.max ? nil : .float(Double(bitPattern: raw))
        default: .unsigned(raw)
        }
    }

    /// A string up to its first NUL (or the end: unterminated strings are allowed); `nil` when empty.
    /// Several NUL-separated strings in one field become an array.
    private static func decodeString(_ bytes: UnsafeRawBufferPointer) -> FITValue? {
        let parts = bytes.split(separator: 0, omittingEmptySubsequences: true)
            .map { String(decoding: $0, as: UTF8.self) }
        switch parts.count {
        case 0: return nil
        case 1: return .string(parts[0])
        default: return .array(parts.map { .string($0) })
        }
    }
}
