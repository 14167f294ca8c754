import Foundation

/// Reads the 36-character text of a UUID (`8-4-4-4-12` hexadecimal digits, either case) without
/// Foundation's `UUID(uuidString:)`, which on Linux goes through `sscanf` and dominated reading
/// pages of samples.
enum UUIDText {
    /// The UUID written in `bytes`, or `nil` when they are not exactly a UUID's text.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard bytes.count == 36, bytes[8] == 0x2D, bytes[13] == 0x2D, bytes[18] == 0x2D, bytes[23] == 0x2D else { return nil }
        var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        // Nibble values, 0xFF for a byte that is not a hexadecimal digit; any 0xFF makes `invalid` non-zero.
        var invalid: UInt8 = 0
        withUnsafeMutableBytes(of: &raw) { out in
            nibbles.withUnsafeBufferPointer { table in
                var position = 0
                for index in 0..<16 {
                    if position == 8 || position == 13 || position == 18 || position == 23 { position += 1 }
                    let high = table[Int(bytes[position])], low = table[Int(bytes[position + 1])]
                    invalid |= (high | low) & 0xF0
                    out[index] = high << 4 | (low & 0x0F)
                    position += 2
                }
            }
        }
        return invalid == 0 ? UUID(uuid: raw) : nil
    }

    private static let nibbles: [UInt8] = (0...255).map { byte in
        switch byte {
        case 0x30...0x39: UInt8(byte - 0x30)
        case 0x41...0x46: UInt8(byte - 0x41 + 10)
        case 0x61...0x66: UInt8(byte - 0x61 + 10)
        default: 0xFF
        }
    }

    /// The UUID written in `text`, or `nil`.
    static func parse(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8 { parse($0) }
    }
}
