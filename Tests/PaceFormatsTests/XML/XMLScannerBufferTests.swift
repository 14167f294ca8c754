import Foundation
import Testing
@testable import PaceFormats

/// The scanner's buffer: small documents never pay for the usual size, long ones grow into it
/// without changing what is read or where an error is.
@Suite struct XMLScannerBufferTests {
    /// A GPX-like document of `points` track points, one per line, each about 68 bytes.
    private static func track(points: Int, breakAt broken: Int? = nil) -> Data {
        var xml = "<gpx><trk><trkseg>\n"
        for index in 0..<points {
            let element = index == broken ? "trkpt lat=\"1\" lon=\"2\"></wrong>" : "trkpt lat=\"48.\(index)\" lon=\"2.\(index)\"><ele>\(index % 97)</ele></trkpt>"
            xml += "<\(element)<!-- \(index) -->\n"
        }
        xml += "</trkseg></trk></gpx>"
        return Data(xml.utf8)
    }

    /// Scans `source` to its end and returns the buffer's capacity then.
    private static func capacityAfterScanning(_ source: any ByteSource) throws -> Int {
        let scanner = XMLScanner(source: source)
        while try scanner.next() != .endOfDocument {}
        return scanner.capacity
    }

    @Test func aSmallDocumentKeepsTheFirstBuffer() throws {
        let data = Self.track(points: 30)
        #expect(data.count < XMLScanner.firstBufferSize / 10)
        #expect(try Self.capacityAfterScanning(DataByteSource(data)) == XMLScanner.firstBufferSize)
    }

    @Test func aLongDocumentGrowsToTheUsualSizeAndReadsTheSame() throws {
        // Given a document of about 240 KB, over three first buffers long
        let data = Self.track(points: 3_500)
        #expect(data.count > 3 * XMLScanner.firstBufferSize)

        // it is read in the usual size once the first buffer is filled
        #expect(try Self.capacityAfterScanning(DataByteSource(data)) == XMLScanner.defaultBufferSize)
        // and gives the same events as a scanner that never grows past 100 bytes, fed byte by byte
        let grown = try XMLScan.events(DataByteSource(data))
        #expect(grown == (try XMLScan.events(OneByteSource(data), bufferSize: 100)))
        #expect(grown.filter { $0.hasPrefix("start trkpt") }.count == 3_500)
        #expect(grown.contains("start trkpt lat=48.3499 lon=2.3499"))
    }

    @Test func anErrorBeyondTheFirstBufferHasItsPosition() throws {
        // Given a mismatched end tag on line 2,002 (after about 135 KB; line 1 opens the track)
        let data = Self.track(points: 2_500, breakAt: 2_000)
        let error = try #require(XMLScan.error(data))
        #expect(error.kind == .mismatchedEndTag)
        #expect(error.line == 2_002)
        // and the same position through a scanner that never grows
        let small: XMLScanError?
        do {
            _ = try XMLScan.events(OneByteSource(data), bufferSize: 100)
            small = nil
        } catch {
            small = error
        }
        #expect(small.map { ($0.line, $0.column, $0.offset) } ?? (0, 0, 0) == (error.line, error.column, error.offset))
    }
}
