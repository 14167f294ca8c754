/// The FIT CRC-16 (polynomial 0xA001, reflected, initial value 0), computed a nibble at a time
/// with the 16-entry table of the FIT protocol description.
struct FITCRC {
    private static let table: [UInt16] = [
        0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
        0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
    ]

    /// The CRC of the bytes added so far.
    private(set) var value: UInt16 = 0

    /// Adds one byte: low nibble first, then high nibble.
    mutating func add(_ byte: UInt8) {
        var crc = value
        var temp = Self.table[Int(crc & 0xF)]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ temp ^ Self.table[Int(byte & 0xF)]
        temp = Self.table[Int(crc & 0xF)]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ temp ^ Self.table[Int((byte >> 4) & 0xF)]
        value = crc
    }

    /// The CRC of `bytes[range]`.
    static func checksum(_ bytes: [UInt8], _ range: Range<Int>) -> UInt16 {
        var crc = FITCRC()
        for index in range { crc.add(bytes[index]) }
        return crc.value
    }
}
