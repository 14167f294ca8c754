/// Reads little-endian GATT fields in order, throwing ``GATTError/truncated(characteristic:field:offset:needed:length:)``
/// instead of reading past the end.
struct GATTByteReader {
    let bytes: [UInt8]
    let characteristic: String
    private(set) var offset = 0

    init(_ bytes: [UInt8], characteristic: String) {
        self.bytes = bytes
        self.characteristic = characteristic
    }

    /// Bytes not yet read.
    var remaining: Int { bytes.count - offset }

    private mutating func take(_ count: Int, field: String) throws(GATTError) -> ArraySlice<UInt8> {
        guard remaining >= count else {
            throw .truncated(characteristic: characteristic, field: field, offset: offset, needed: count, length: bytes.count)
        }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    /// An unsigned little-endian integer of `byteCount` bytes (1…4).
    mutating func unsigned(_ byteCount: Int, field: String) throws(GATTError) -> UInt32 {
        let slice = try take(byteCount, field: field)
        var value: UInt32 = 0
        for (i, byte) in slice.enumerated() { value |= UInt32(byte) << (8 * i) }
        return value
    }

    mutating func uint8(_ field: String) throws(GATTError) -> UInt8 {
        UInt8(try unsigned(1, field: field))
    }

    mutating func uint16(_ field: String) throws(GATTError) -> UInt16 {
        UInt16(try unsigned(2, field: field))
    }

    mutating func sint16(_ field: String) throws(GATTError) -> Int16 {
        Int16(bitPattern: try uint16(field))
    }

    mutating func uint24(_ field: String) throws(GATTError) -> UInt32 {
        try unsigned(3, field: field)
    }

    mutating func uint32(_ field: String) throws(GATTError) -> UInt32 {
        try unsigned(4, field: field)
    }
}
