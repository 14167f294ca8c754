import PaceModel
import Testing

/// Hexadecimal digits read one byte at a time and written two digits a byte.
struct HexDigitTests {
    @Test func everyByteIsWrittenAsTwoLowercaseDigitsThatReadBack() {
        // Given every byte value
        let bytes = (0...255).map(UInt8.init)

        // When written as hexadecimal text
        let text = bytes.lowercaseHex

        // Then each is two lowercase digits, in order, that read back to the byte
        #expect(text.count == 512)
        #expect(text.hasPrefix("000102") && text.hasSuffix("fdfeff"))
        #expect(!text.contains { $0.isUppercase })
        let digits = Array(text.utf8)
        let read = stride(from: 0, to: digits.count, by: 2).map { digits[$0].hexDigitValue! << 4 | digits[$0 + 1].hexDigitValue! }
        #expect(read == bytes)
    }

    @Test func onlyHexadecimalDigitsHaveAValue() {
        #expect(UInt8(ascii: "A").hexDigitValue == 10 && UInt8(ascii: "f").hexDigitValue == 15 && UInt8(ascii: "9").hexDigitValue == 9)
        #expect(UInt8(ascii: "g").hexDigitValue == nil && UInt8(ascii: "/").hexDigitValue == nil && UInt8(ascii: ":").hexDigitValue == nil)
    }
}
