import Foundation
import Testing
@testable import PaceFormats

/// The scanner's buffer: a document in memory gets a buffer of its own size, never more than the
/// usual one, without changing what is read or where an error is.
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

    @Test func aSmallDocumentInMemoryGetsABufferOfItsSize() throws {
        let data = Self.track(points: 30)
        #expect(data.count < 4_096)
        #expect(try Self.capacityAfterScanning(DataByteSource(data)) == data.count + 4)
        #expect(try XMLScan.events(DataByteSource(data)) == (try XMLScan.events(OneByteSource(data), bufferSize: 100)))
    }

    @Test func aLongDocumentOrOneOfUnknownSizeGetsTheUsualSize() throws {
        // Given a document of about 900 KB, longer than the usual buffer
        let data = Self.track(points: 13_000)
        #expect(data.count > XMLScanner.defaultBufferSize)
        #expect(try Self.capacityAfterScanning(DataByteSource(data)) == XMLScanner.defaultBufferSize)
        // and a short one from a source that does not know its size
        #expect(try Self.capacityAfterScanning(OneByteSource(Self.track(points: 30))) == XMLScanner.defaultBufferSize)
        // the long one gives the same events as a 100-byte buffer fed byte by byte
        let read = try XMLScan.events(DataByteSource(data))
        #expect(read == (try XMLScan.events(OneByteSource(data), bufferSize: 100)))
        #expect(read.filter { $0.hasPrefix("start trkpt") }.count == 13_000)
        #expect(read.contains("start trkpt lat=48.12999 lon=2.12999"))
    }

    @Test func anErrorFarIntoADocumentHasItsPosition() throws {
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
