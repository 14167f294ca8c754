/// Marshals ``DBusValue``s into the D-Bus wire format with the alignment rules of the specification.
///
/// Alignment is measured from the start of `bytes`, which must be the start of the message (or of
/// the body, which itself starts 8-aligned).
struct DBusWriter {
    /// Largest marshalled array, in bytes (2²⁶, D-Bus specification).
    static let maximumArrayLength = 1 << 26

    private(set) var bytes: [UInt8] = []
    let endianness: DBusEndianness

    init(endianness: DBusEndianness) {
        self.endianness = endianness
    }

    mutating func pad(to alignment: Int) {
        while bytes.count % alignment != 0 { bytes.append(0) }
    }

    mutating func writeInteger<T: FixedWidthInteger>(_ value: T) {
        pad(to: MemoryLayout<T>.size)
        let ordered = endianness == .little ? value.littleEndian : value.bigEndian
        withUnsafeBytes(of: ordered) { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ values: [DBusValue]) throws(DBusError) {
        for value in values { try write(value) }
    }

    mutating func write(_ value: DBusValue) throws(DBusError) {
        switch value {
        case .byte(let v): bytes.append(v)
        case .boolean(let v): writeInteger(UInt32(v ? 1 : 0))
        case .int16(let v): writeInteger(v)
        case .uint16(let v): writeInteger(v)
        case .int32(let v): writeInteger(v)
        case .uint32(let v): writeInteger(v)
        case .int64(let v): writeInteger(v)
        case .uint64(let v): writeInteger(v)
        case .double(let v): writeInteger(v.bitPattern)
        case .unixFD(let v): writeInteger(v)
        case .string(let text):
            try writeString(text)
        case .objectPath(let path):
            guard DBusNames.isValidObjectPath(path) else {
                throw .invalidValue("'\(path)' is not a valid object path")
            }
            try writeString(path)
        case .signature(let signature):
            _ = try DBusType.parse(signature)
            writeSignature(signature)
        case .variant(let inner):
            let signature = inner.type.signature
            guard signature.utf8.count <= DBusType.maximumSignatureLength else {
                throw .invalidValue("variant signature longer than \(DBusType.maximumSignatureLength) bytes")
            }
            writeSignature(signature)
            try write(inner)
        case .structure(let fields):
            guard !fields.isEmpty else { throw .invalidValue("empty structure") }
            pad(to: 8)
            try write(fields)
        case .dictEntry(let key, let value):
            guard key.type.isBasic else { throw .invalidValue("dictionary key of type '\(key.type.signature)' is not basic") }
            pad(to: 8)
            try write(key)
            try write(value)
        case .array(let elementType, let elements):
            writeInteger(UInt32(0))
            let lengthOffset = bytes.count - 4
            pad(to: elementType.alignment)
            let start = bytes.count
            for element in elements {
                guard element.type == elementType else {
                    throw .invalidValue("array of '\(elementType.signature)' holds a '\(element.type.signature)'")
                }
                try write(element)
            }
            let length = bytes.count - start
            guard length <= Self.maximumArrayLength else {
                throw .invalidValue("array of \(length) bytes exceeds the 64 MiB limit")
            }
            let ordered = endianness == .little ? UInt32(length).littleEndian : UInt32(length).bigEndian
            withUnsafeBytes(of: ordered) { raw in
                for (i, b) in raw.enumerated() { bytes[lengthOffset + i] = b }
            }
        }
    }

    private mutating func writeString(_ text: String) throws(DBusError) {
        let utf8 = Array(text.utf8)
        guard !utf8.contains(0) else { throw .invalidValue("string contains a NUL byte") }
        writeInteger(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
        bytes.append(0)
    }

    private mutating func writeSignature(_ signature: String) {
        let utf8 = Array(signature.utf8)
        bytes.append(UInt8(utf8.count))
        bytes.append(contentsOf: utf8)
        bytes.append(0)
    }
}
