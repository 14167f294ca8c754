import Foundation
import PaceSensors
import Testing

@Suite struct NMEAFramerTests {
    private func frame(_ bytes: [UInt8], chunk: Int = .max, maximum: Int = 164) -> [NMEAFramer.Output] {
        var framer = NMEAFramer(maximumSentenceLength: maximum)
        var out: [NMEAFramer.Output] = []
        var index = 0
        while index < bytes.count {
            let end = min(bytes.count, index + max(1, min(chunk, bytes.count)))
            out += framer.push(bytes[index..<end])
            index = end
        }
        return out + framer.finish()
    }

    private func sentences(_ outputs: [NMEAFramer.Output]) -> [String] {
        outputs.compactMap { if case .sentence(let bytes) = $0 { String(decoding: bytes, as: UTF8.self) } else { nil } }
    }

    private func skips(_ outputs: [NMEAFramer.Output]) -> [NMEAParseError.Code] {
        outputs.compactMap { if case .skipped(let error) = $0 { error.code } else { nil } }
    }

    @Test func chunkBoundariesDoNotChangeTheResult() throws {
        let bytes = Array(try Data(contentsOf: NMEATest.fixture("gpsd-ublox-lea-4h.log")))
        let whole = frame(bytes)
        #expect(frame(bytes, chunk: 1) == whole)
        #expect(frame(bytes, chunk: 7) == whole)
        #expect(sentences(whole).count == 108)
        // The ten '#' header lines are one run of garbage before the first sentence.
        #expect(skips(whole) == [.garbage])
    }

    @Test func lineEndingsCRLFAndLFAndCRAreAllAccepted() {
        let text = "$GPZDA,030807.00,10,08,2006,00,00*67\r\n$GPZDA,030851.00,10,08,2006,00,00*64\n$GPZDA,030852.00,10,08,2006,00,00*67\r"
        #expect(sentences(frame(Array(text.utf8))) == [
            "$GPZDA,030807.00,10,08,2006,00,00*67", "$GPZDA,030851.00,10,08,2006,00,00*64", "$GPZDA,030852.00,10,08,2006,00,00*67",
        ])
    }

    @Test func garbageBetweenSentencesIsOneCountedSkip() {
        let text = "noise\u{7}\u{1}more$GPZDA,030807.00,10,08,2006,00,00*67\r\n"
        let out = frame(Array(text.utf8))
        #expect(skips(out) == [.garbage])
        #expect(sentences(out).count == 1)
        if case .skipped(let error) = out[0] { #expect(error.message.hasPrefix("11 bytes outside any sentence")) }
    }

    @Test func binaryInsideASentenceDropsItAndResynchronises() {
        var bytes = Array("$GPRMC,000346.03,A,4808".utf8) + [0, 0, 0, 0xB5, 0x62]
        bytes += Array("   \r\n$GPZDA,030807.00,10,08,2006,00,00*67\r\n".utf8)
        let out = frame(bytes)
        #expect(skips(out) == [.binary])
        #expect(sentences(out) == ["$GPZDA,030807.00,10,08,2006,00,00*67"])
    }

    @Test func overlongSentenceIsDropped() {
        let long = "$GPTXT," + String(repeating: "A", count: 300) + "*00\r\n"
        let out = frame(Array((long + "$GPZDA,030807.00,10,08,2006,00,00*67\r\n").utf8))
        #expect(skips(out) == [.overlong])
        #expect(sentences(out) == ["$GPZDA,030807.00,10,08,2006,00,00*67"])
        // An 88-byte Trimble GGA is longer than NMEA's 82 but within the default limit.
        let trimble = "$GPGGA,132820.60,4134.49821229,N,09345.03351845,W,2,09,1.0,278.020,M,-31.442,M,7.6,0133*7E"
        #expect(sentences(frame(Array((trimble + "\r\n").utf8))) == [trimble])
        #expect(skips(frame(Array((trimble + "\r\n").utf8), maximum: 82)) == [.overlong])
    }

    @Test func sentenceCutByTheNextOrByTheEndIsTruncated() {
        let text = "$GPGSA,A,1,,$GPRMC,000425.00,V,0000.0000,N,00000.0000,E,,,220899,,,N*4D\r\n$GP"
        let out = frame(Array(text.utf8))
        #expect(skips(out) == [.truncated, .truncated])
        #expect(sentences(out) == ["$GPRMC,000425.00,V,0000.0000,N,00000.0000,E,,,220899,,,N*4D"])
    }

    @Test func ubxBinaryInterleavedWithNMEAIsSkipped() throws {
        let bytes = Array(try Data(contentsOf: NMEATest.fixture("pynmeagps-mixed.log")))
        let out = frame(bytes)
        let parser = NMEASentenceParser()
        let decoded = sentences(out).compactMap { try? parser.parse(Array($0.utf8)) }
        #expect(decoded.filter { $0.type == "GGA" }.count == 2)
        #expect(decoded.filter { $0.type == "GSA" }.count == 8)
        #expect(skips(out).contains(.garbage))
        #expect(!skips(out).isEmpty)
    }
}
