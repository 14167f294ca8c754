import Foundation
@testable import PaceFormats
import Testing

@Suite struct XMLNumberTests {
    private func parse(_ text: String) -> Double? {
        var copy = text
        return copy.withUTF8 { XMLNumber.double(UnsafeRawBufferPointer($0)) }
    }

    /// A random generator with a fixed seed (SplitMix64), so failures reproduce.
    private struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func randomDecimalsAreExactlyWhatDoubleParsingGives() {
        var generator = SeededGenerator(state: 20_240_501)
        var mismatches: [String] = []
        for _ in 0..<200_000 {
            let integerDigits = Int.random(in: 0...12, using: &generator)
            let fractionDigits = Int.random(in: 0...12, using: &generator)
            var text = Bool.random(using: &generator) ? "-" : ""
            text += (0..<max(integerDigits, fractionDigits == 0 ? 1 : 0)).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            if fractionDigits > 0 {
                text += "." + (0..<fractionDigits).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            }
            if Int.random(in: 0..<5, using: &generator) == 0 { text += "e\(Int.random(in: -30...30, using: &generator))" }
            let expected = Double(text)
            let actual = parse(text)
            if actual?.bitPattern != expected?.bitPattern { mismatches.append(text) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test func randomDoublesRoundTripThroughTheirShortestText() {
        var generator = SeededGenerator(state: 42)
        for _ in 0..<100_000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            #expect(parse(value.description)?.bitPattern == value.bitPattern, "\(value)")
        }
    }

    @Test(arguments: [
        "0", "-0", "1.", ".5", "+5", "47.1234567", "8.5417000", "00012.50", "1e5", "1E-5", "2.5e+3", "9007199254740993",
        "0.1", "0.30000000000000004", "123456789012345678901234567890", "1e308", "2.2250738585072014e-308", "4.9e-324",
        "5e-325", " 42 ", "\n\t3.25 ",
    ])
    func agreesWithDoubleOnEdgeCases(text: String) {
        let expected = Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(parse(text)?.bitPattern == expected?.bitPattern)
    }

    @Test(arguments: ["", " ", "-", ".", "e5", "1e", "1.2.3", "12a", "nan", "inf", "-infinity", "1e400", "0x", "١٢"])
    func rejectsWhatIsNotAFiniteNumber(text: String) {
        #expect(parse(text) == nil)
    }
}
