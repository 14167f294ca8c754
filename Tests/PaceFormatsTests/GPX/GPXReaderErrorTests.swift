import Foundation
import PaceFormats
import Testing

@Suite struct GPXReaderErrorTests {
    @Test func reportsMalformedXMLWithLineAndColumn() {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="x">
          <trk><trkseg>
            <trkpt lat="1" lon="2"></trk>
        </gpx>
        """
        let error = #expect(throws: GPXError.self) { try GPXFixtures.read(text: text, file: "broken.gpx") }
        #expect(error?.code == .malformedXML)
        #expect(error?.line == 4)
        #expect(error?.column == 34)
        #expect(error?.description == "broken.gpx:4:34: GPX is not well-formed XML: an end tag does not match its start tag (XML parser error 76); "
            + "the file is truncated or corrupt, re-export it from the app that recorded it.")
    }

    @Test func refusesEntityDeclarations() {
        // Given a "billion laughs" document
        let text = """
        <?xml version="1.0"?>
        <!DOCTYPE gpx [
         <!ENTITY lol "lol">
         <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
         <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
        ]>
        <gpx version="1.1" creator="x"><metadata><name>&lol3;</name></metadata></gpx>
        """
        let error = #expect(throws: GPXError.self) { try GPXFixtures.read(text: text, file: "lol.gpx") }
        #expect(error?.code == .entityDeclaration)
        #expect(error?.description == "lol.gpx:3:2: the document declares XML entities (<!ENTITY …>), which GPX never needs and "
            + "which can be used for entity-expansion attacks; refusing to read it. Remove the DOCTYPE or re-export the file.")
    }

    @Test func acceptsDoctypeWithoutEntitiesAndNeverLoadsExternalDTD() throws {
        let text = """
        <?xml version="1.0"?>
        <!DOCTYPE gpx SYSTEM "file:///nonexistent/pace-test.dtd">
        <gpx version="1.1" creator="x"><wpt lat="1" lon="2"><name>a</name></wpt></gpx>
        """
        #expect(try GPXFixtures.read(text: text).waypoints.count == 1)
    }

    @Test func refusesEntityDeclarationsInUTF16() {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><!DOCTYPE gpx [<!ENTITY a \"b\">]><gpx version=\"1.1\">&a;</gpx>"
        var data = Data([0xFF, 0xFE])
        for unit in text.utf16 { data.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        let error = #expect(throws: GPXError.self) { try GPXReader().read(data: data) }
        #expect(error?.code == .entityDeclaration)
    }

    @Test func refusesNonGPXRoot() {
        let error = #expect(throws: GPXError.self) {
            try GPXFixtures.read(text: "<?xml version=\"1.0\"?>\n<TrainingCenterDatabase/>", file: "a.tcx")
        }
        #expect(error?.code == .notGPX)
        #expect(error?.line == 2)
        #expect(error?.message == "the root element is <TrainingCenterDatabase>, not <gpx>; this is not a GPX file.")
    }

    @Test func readsFromURLAndReportsUnreadableFiles() throws {
        let url = GPXFixtures.directory.appendingPathComponent("gpx/gpx10-gpsbabel-1pt.gpx")
        #expect(try GPXReader().read(contentsOf: url).tracks.count == 1)
        let missing = GPXFixtures.directory.appendingPathComponent("gpx/does-not-exist.gpx")
        let error = #expect(throws: GPXError.self) { try GPXReader().read(contentsOf: missing) }
        #expect(error?.code == .unreadableFile)
        #expect(error?.description == "does-not-exist.gpx: the file cannot be read; check that it exists and is readable.")
        #expect(error?.cause != nil)
    }

    @Test func refusesGzipWithAHint() {
        let error = #expect(throws: GPXError.self) { try GPXReader().read(data: Data([0x1F, 0x8B, 0x08, 0x00]), file: "a.gpx.gz") }
        #expect(error?.description == "a.gpx.gz: the file is gzip-compressed, not XML; decompress it (gunzip) and read the .gpx inside.")
    }

    @Test func refusesEmptyData() {
        let error = #expect(throws: GPXError.self) { try GPXReader().read(data: Data(), file: "empty.gpx") }
        #expect(error?.code == .malformedXML || error?.code == .notGPX)
        #expect(error?.file == "empty.gpx")
    }
}
