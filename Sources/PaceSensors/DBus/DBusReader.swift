import Foundation

/// Unmarshals D-Bus wire data into ``DBusValue``s, checking every length, alignment pad, boolean,
/// string and nesting depth so malformed input ends in ``DBusError/malformedMessage(_:offset:)``.
///
/// Offsets are measured from the start of `bytes`, which must be the start of the message.
struct DBusReader {
    /// Maximum total container nesting (arrays + structures + variants), D-Bus specification.
    static let maximumTotalNesting = 64

    let bytes: [UInt8]
    let endianness: DBusEndianness
    private(set) var offset: Int
    /// Where reading must stop (end of the header-field array or of the body).
    var limit: Int

    init(bytes: [UInt8], endianness: DBusEndianness, offset: Int = 0, limit: Int? = nil) {
        self.bytes = bytes
        self.endianness = endianness
        self.offset = offset
        self.limit = limit ?? bytes.count
    }

    private func fail(_ detail: String) -> DBusError {
        .malformedMessage(detail, offset: offset)
    }

    mutating func align(to alignment: Int) throws(DBusError) {
        let target = (offset + alignment - 1) / alignment * alignment
        guard target <= limit else { throw fail("alignment padding runs past the end") }
        while offset < target {
            guard bytes[offset] == 0 else { throw fail("non-zero alignment padding") }
            offset += 1
        }
    }

    mutating func readByte() throws(DBusError) -> UInt8 {
        guard offset < limit else { throw fail("needs 1 more byte") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func readInteger<T: FixedWidthInteger>(_ type: T.Type) throws(DBusError) -> T {
        let size = MemoryLayout<T>.size
        try align(to: size)
        guard limit - offset >= size else { throw fail("needs \(size) bytes for an integer, \(limit - offset) left") }
        var value: T = 0
        for i in 0..<size {
            let byte = T(truncatingIfNeeded: bytes[offset + i])
            switch endianness {
            case .little: value |= byte << (8 * i)
            case .big: value |= byte << (8 * (size - 1 - i))
            }
        }
        offset += size
        return value
    }

    mutating func read(_ types: [DBusType]) throws(DBusError) -> [DBusValue] {
        var values: [DBusValue] = []
        for type in types { values.append(try read(type, depth: 0)) }
        return values
    }

    mutating func read(_ type: DBusType, depth: Int) throws(DBusError) -> DBusValue {
        guard depth <= Self.maximumTotalNesting else { throw fail("containers nested deeper than \(Self.maximumTotalNesting)") }
        switch type {
        case .byte: return .byte(try readByte())
        case .boolean:
            let raw = try readInteger(UInt32.self)
            guard raw <= 1 else { throw fail("boolean value \(raw) is neither 0 nor 1") }
            return .boolean(raw == 1)
        case .int16: return .int16(try readInteger(Int16.self))
        case .uint16: return .uint16(try readInteger(UInt16.self))
        case .int32: return .int32(try readInteger(Int32.self))
        case .uint32: return .uint32(try readInteger(UInt32.self))
        case .int64: return .int64(try readInteger(Int64.self))
        case .uint64: return .uint64(try readInteger(UInt64.self))
        case .double: return .double(Double(bitPattern: try readInteger(UInt64.self)))
        case .unixFD: return .unixFD(try readInteger(UInt32.self))
        case .string: return .string(try readString())
        case .objectPath:
            let path = try readString()
            guard DBusNames.isValidObjectPath(path) else { throw fail("'\(path)' is not a valid object path") }
            return .objectPath(path)
        case .signature:
            let signature = try readSignature()
            return .signature(signature)
        case .variant:
            let signature = try readSignature()
            let inner: DBusType
            do {
                inner = try DBusType.parseSingle(signature)
            } catch {
                throw fail("variant signature: \(error.description)")
            }
            return .variant(try read(inner, depth: depth + 1))
        case .structure(let fields):
            try align(to: 8)
            var values: [DBusValue] = []
            for field in fields { values.append(try read(field, depth: depth + 1)) }
            return .structure(values)
        case .dictEntry(let keyType, let valueType):
            try align(to: 8)
            let key = try read(keyType, depth: depth + 1)
            let value = try read(valueType, depth: depth + 1)
            return .dictEntry(key, value)
        case .array(let element):
            let length = Int(try readInteger(UInt32.self))
            guard length <= DBusWriter.maximumArrayLength else { throw fail("array length \(length) exceeds 64 MiB") }
            try align(to: element.alignment)
            let end = offset + length
            guard end <= limit else { throw fail("array of \(length) bytes runs past the end (\(limit - offset) left)") }
            if element == .byte {
                let slice = bytes[offset..<end]
                offset = end
                return .array(.byte, slice.map { .byte($0) })
            }
            var elements: [DBusValue] = []
            let savedLimit = limit
            limit = end
            while offset < end {
                elements.append(try read(element, depth: depth + 1))
            }
            limit = savedLimit
            return .array(element, elements)
        }
    }

    private mutating func readString() throws(DBusError) -> String {
        let length = Int(try readInteger(UInt32.self))
        return try readText(length: length)
    }

    private mutating func readSignature() throws(DBusError) -> String {
        let length = Int(try readByte())
        let text = try readText(length: length)
        do {
            _ = try DBusType.parse(text)
        } catch {
            throw fail(error.description)
        }
        return text
    }

    private mutating func readText(length: Int) throws(DBusError) -> String {
        guard length < limit - offset else { throw fail("string of \(length) bytes runs past the end") }
        let utf8 = bytes[offset..<(offset + length)]
        guard bytes[offset + length] == 0 else { throw fail("string is not NUL-terminated") }
        guard !utf8.contains(0) else { throw fail("string contains a NUL byte") }
        guard let text = String(bytes: utf8, encoding: .utf8) else { throw fail("string is not valid UTF-8") }
        offset += length + 1
        return text
    }
}
