import Foundation
import PaceFormats
import Testing

/// The decoder must never crash: corrupted and cut copies of a real file either decode or throw a
/// ``FITError``.
@Suite struct FITRobustnessTests {
    /// A small deterministic generator (64-bit LCG) so failures reproduce.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static let lenient = FITDecoder(options: .init(validateCRC: false, allowTruncation: true))

    @Test("a writer that stopped mid-message but sized the header to what it wrote (SIGMA): the cut message is dropped and the CRC, which cannot hold, is reported, not fatal")
    func lastMessageCutInsideTheDataArea() throws {
        let whole = [UInt8](try FITTestSupport.fixture("fr220-run-4laps.fit"))
        let headerSize = Int(whole[0])
        let dataSize = Int(whole[4]) | Int(whole[5]) << 8 | Int(whole[6]) << 16 | Int(whole[7]) << 24
        let complete = try FITDecoder().decode(Data(whole))
        // The data area without its last 3 bytes (inside the last message), and the two bytes a
        // stopped writer leaves where the CRC belongs.
        let cut = FITTestSupport.file(Array(whole[headerSize..<(headerSize + dataSize - 3)]), headerSize: UInt8(headerSize), fileCRC: 0x0040)

        let strict = #expect(throws: FITError.self) { try FITDecoder().decode(Data(cut)) }
        #expect(strict?.code == .truncated)
        let kept = try FITDecoder(options: .init(validateCRC: true, allowTruncation: true)).decode(Data(cut))
        #expect(kept.messages.count == complete.messages.count - 1)
        #expect(kept.warnings.contains { $0.reason.contains("dropped the incomplete message") })
        #expect(kept.warnings.contains { $0.reason.contains("CRC not checked") })
        // A complete file whose CRC is wrong is still refused with allowTruncation.
        var flipped = whole
        flipped[flipped.count - 1] ^= 0xFF
        let mismatch = #expect(throws: FITError.self) {
            try FITDecoder(options: .init(validateCRC: true, allowTruncation: true)).decode(Data(flipped))
        }
        #expect(mismatch?.code == .crcMismatch)
    }

    @Test func everyPrefixDecodesOrThrows() throws {
        let whole = try FITTestSupport.fixture("fr220-run-4laps.fit")
        for length in 0..<whole.count {
            let prefix = whole.prefix(length)
            #expect(throws: FITError.self) { try FITDecoder().decode(prefix) }
            _ = try? Self.lenient.decode(prefix)
        }
    }

    @Test func corruptedBytesDecodeOrThrow() throws {
        let original = [UInt8](try FITTestSupport.fixture("wahoo-bolt-devdata-no-appid.fit"))
        var generator = Generator(state: 2026)
        var decoded = 0
        for _ in 0..<400 {
            var bytes = original
            for _ in 0..<(1 + generator.next(8)) {
                bytes[generator.next(bytes.count)] = UInt8(generator.next(256))
            }
            if (try? Self.lenient.decode(Data(bytes))) != nil { decoded += 1 }
            _ = try? FITActivityReader(decoder: Self.lenient).read(Data(bytes))
        }
        #expect(decoded > 0)
    }
}
