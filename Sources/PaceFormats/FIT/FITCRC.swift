/// The FIT CRC-16 (polynomial 0xA001, reflected, initial value 0 — CRC-16/ARC), computed a byte at a
/// time with a 256-entry table derived at first use from the protocol's 16-entry nibble table, so the
/// decoder can check a file in one pass as it streams.
struct FITCRC {
    /// The 16-entry nibble table of the FIT protocol description.
    private static let nibbleTable: [UInt16] = [
        0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
        0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
    ]

    /// `byteTable[i]` is the CRC update for the byte `i` starting from a zero register.
    private static let byteTable: [UInt16] = (0..<256).map { byte in
        var crc = FITCRC()
        crc.addNibbles(UInt8(byte))
        return crc.value
    }

    /// Slicing-by-8 tables: `sliceTables[k][b]` is the update for byte `b` followed by `k` zero bytes,
    /// flattened (`k * 256 + b`), so eight bytes cost eight look-ups and no data dependency between them.
    private static let sliceTables: [UInt16] = {
        var tables = byteTable
        for k in 1..<8 {
            for byte in 0..<256 {
                let previous = tables[(k - 1) * 256 + byte]
                tables.append((previous >> 8) ^ byteTable[Int(previous & 0xFF)])
            }
        }
        return tables
    }()

    /// The CRC of the bytes added so far.
    private(set) var value: UInt16 = 0

    /// Adds one byte: low nibble first, then high nibble.
    mutating func add(_ byte: UInt8) {
        value = (value >> 8) ^ Self.byteTable[Int(UInt8(truncatingIfNeeded: value) ^ byte)]
    }

    /// Adds a run of bytes.
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        var crc = value
        Self.sliceTables.withUnsafeBufferPointer { table in
            var index = 0
            let count = bytes.count
            let base = bytes.baseAddress!
            while count - index >= 8 {
                let word = UInt64(littleEndian: (base + index).loadUnaligned(as: UInt64.self))
                let low = UInt16(truncatingIfNeeded: word) ^ crc
                var next = table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int(low >> 8)]
                next ^= table[5 * 256 + Int((word >> 16) & 0xFF)] ^ table[4 * 256 + Int((word >> 24) & 0xFF)]
                next ^= table[3 * 256 + Int((word >> 32) & 0xFF)] ^ table[2 * 256 + Int((word >> 40) & 0xFF)]
                next ^= table[256 + Int((word >> 48) & 0xFF)] ^ table[Int(word >> 56)]
                crc = next
                index += 8
            }
            while index < count {
                crc = (crc >> 8) ^ table[Int(UInt8(truncatingIfNeeded: crc) ^ base.load(fromByteOffset: index, as: UInt8.self))]
                index += 1
            }
        }
        value = crc
    }

    /// The protocol's nibble-at-a-time update, used once to build the byte table.
    private mutating func addNibbles(_ byte: UInt8) {
        var crc = value
        var temp = Self.nibbleTable[Int(crc & 0xF)]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ temp ^ Self.nibbleTable[Int(byte & 0xF)]
        temp = Self.nibbleTable[Int(crc & 0xF)]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ temp ^ Self.nibbleTable[Int((byte >> 4) & 0xF)]
        value = crc
    }

    /// The CRC of `bytes[range]`.
    static func checksum(_ bytes: [UInt8], _ range: Range<Int>) -> UInt16 {
        var crc = FITCRC()
        bytes.withUnsafeBytes { crc.add(UnsafeRawBufferPointer(rebasing: $0[range])) }
        return crc.value
    }
}
