import Foundation
@testable import PaceFormats
import Testing

/// Real files with two slips strict parsers (gpsbabel, gpxpy) refuse: a namespace prefix never
/// declared (well-formed XML, not namespace-well-formed), read by local names with a warning per
/// prefix; NUL padding in a TCX text value, read as spaces with one warning.
@Suite struct RealWorldXMLSlipTests {
    @Test("a GPX with undeclared mmp: and ns3: extensions reads every point and its heart rate, warning once per prefix")
    func gpxWithUndeclaredExtensionPrefixes() throws {
        let document = try GPXFixtures.read("undeclared-ns-prefix-invalid.gpx")
        #expect(document.tracks.count == 1)
        let points = try #require(document.tracks.first?.records)
        #expect(points.count == 205)
        #expect(points.first?.altitude == 12.36)
        // The Garmin TrackPointExtension under the undeclared ns3: prefix is read by its local names.
        #expect(points.first?.heartRate == 164)
        #expect(points.first?.cadence == 0)
        let warnings = document.warnings.filter { $0.code == .undeclaredNamespacePrefix }
        #expect(warnings.map(\.line) == [56, 59], "one warning per prefix, not one per use (1 640 uses): \(warnings)")
        #expect(warnings.first?.message.contains("'mmp:'") == true)
        #expect(warnings.last?.message.contains("'ns3:'") == true)
    }

    @Test("a TCX with xsi:type but no xmlns:xsi reads its activity, with one warning")
    func tcxWithUndeclaredXSI() throws {
        let document = try TCXReader().read(contentsOf: TCXTestFixtures.tcx("undeclared-xsi-prefix.tcx"))
        #expect(document.activities.count == 1)
        #expect(document.activities.first?.recorded.records.count == 41)
        let warnings = document.warnings.filter { $0.reason.contains("xmlns:xsi") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.line == 596)
    }

    @Test("the prefix is still an error everywhere else XML is broken: a mismatched tag after it fails")
    func otherErrorsStayFatal() {
        let text = "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><x:name>a</x:name><trkseg></trk></gpx>"
        let error = #expect(throws: GPXError.self) { try GPXFixtures.read(text: text) }
        #expect(error?.code == .malformedXML)
    }

    @Test("a Concept2 TCX whose device name is NUL-padded reads all its laps and points, with one warning")
    func tcxWithNULPadding() throws {
        let document = try TCXReader().read(contentsOf: TCXTestFixtures.tcx("nul-char-invalid.tcx"))
        #expect(document.activities.count == 1)
        let rowing = try #require(document.activities.first?.recorded)
        #expect(rowing.laps.count == 7)
        #expect(rowing.records.count == 875)
        #expect(rowing.deviceName?.hasPrefix("Concept2") == true)
        #expect(rowing.deviceName?.contains("\u{0}") == false)
        let warnings = document.warnings.filter { $0.reason.contains("NUL") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.line == 14324)
        #expect(warnings.first?.reason.hasPrefix("8 NUL character(s)") == true, "\(warnings)")
    }

    @Test("the scanner reads NUL as a space only in text, only when asked; other control bytes always fail")
    func nulToleranceIsNarrow() throws {
        func scan(_ bytes: [UInt8], tolerant: Bool) throws(XMLScanError) -> Int {
            let scanner = XMLScanner(source: DataByteSource(Data(bytes)))
            scanner.toleratesNULInText = tolerant
            while try scanner.next() != .endOfDocument {}
            return scanner.nulCharactersReplaced
        }
        let text = Array("<a>x".utf8) + [0, 0] + Array("</a>".utf8)
        #expect(try scan(text, tolerant: true) == 2)
        #expect(throws: XMLScanError.self) { try scan(text, tolerant: false) }
        let attribute = Array("<a b=\"x".utf8) + [0] + Array("\"/>".utf8)
        #expect(throws: XMLScanError.self) { try scan(attribute, tolerant: true) }
        let control = Array("<a>x".utf8) + [1] + Array("</a>".utf8)
        #expect(throws: XMLScanError.self) { try scan(control, tolerant: true) }
    }
}
