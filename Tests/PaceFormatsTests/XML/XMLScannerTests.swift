import Foundation
@testable import PaceFormats
import Testing

@Suite struct XMLScannerTests {
    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- a comment before the root -->
        <!DOCTYPE gpx [
          <!ELEMENT gpx ANY>
          <!ATTLIST gpx version CDATA #IMPLIED creator CDATA "a > b">
          <!-- ] > in a comment -->
          <?pi in the subset?>
        ]>
        <?stylesheet href="x"?>
        <gpx version="1.1" creator='Pace &amp; "friends"' xmlns="http://www.topografix.com/GPX/1/1" xmlns:tpx="urn:tpx">
          <name>Run &lt;1&gt; &#x263A;&#9731;</name>
          <desc><![CDATA[<b>bold</b> & raw]]> and more</desc>
          <trk><trkseg><trkpt lat="1.5" lon="-2"><tpx:hr>150</tpx:hr><!-- c --></trkpt><trkpt lat="3" lon="4"/></trkseg></trk>
          <long>\(String(repeating: "0123456789é", count: 2000))</long>
        </gpx>
        <!-- after the root -->
        """

    static let expected = [
        "start gpx version=1.1 creator=Pace & \"friends\" xmlns=http://www.topografix.com/GPX/1/1 xmlns:tpx=urn:tpx",
        "start name", "text Run <1> ☺☃", "end name",
        "start desc", "text <b>bold</b> & raw and more", "end desc",
        "start trk", "start trkseg", "start trkpt lat=1.5 lon=-2", "start tpx:hr", "text 150", "end tpx:hr", "end trkpt",
        "start trkpt lat=3 lon=4", "end trkpt", "end trkseg", "end trk",
        "start long", "text \(String(repeating: "0123456789é", count: 2000))", "end long",
        "end gpx",
    ]

    @Test func readsEveryKindOfMarkup() throws {
        #expect(try XMLScan.events(Self.document) == Self.expected)
    }

    @Test func tokensStraddlingChunkBoundariesGiveTheSameEvents() throws {
        // Given the same document from a normal source and from one that returns one byte per read
        let data = Data(Self.document.utf8)
        let whole = try XMLScan.events(DataByteSource(data))
        let bytewise = try XMLScan.events(OneByteSource(data))
        // and through a small buffer that cuts the long text into pieces
        let small = try XMLScan.events(OneByteSource(data), bufferSize: 100)

        #expect(bytewise == whole)
        #expect(small == whole)
        #expect(whole == Self.expected)
    }

    @Test func decodesPredefinedEntitiesCharacterReferencesAndLineBreaks() throws {
        let xml = "<a x=\"&lt;&#65;&#x42;&apos;\tb\r\nc\">&amp;&quot;&apos;&gt;&#x1F600;\r\nend\rx</a>"
        #expect(try XMLScan.events(xml) == ["start a x=<AB' b c", "text &\"'>😀\nend\nx", "end a"])
    }

    @Test func whiteSpaceOnlyTextIsNotReported() throws {
        #expect(try XMLScan.events("<a>\n  <b> </b>\t\n</a>") == ["start a", "start b", "end b", "end a"])
    }

    @Test func doctypeWithAttributeListsIsSkippedAndExternalOnesNeverFetched() throws {
        let xml = """
            <!DOCTYPE HealthData SYSTEM "file:///nonexistent/x.dtd" [
            <!ATTLIST Record type CDATA #REQUIRED unit CDATA #IMPLIED>
            ]>
            <HealthData><Record type="x"/></HealthData>
            """
        #expect(try XMLScan.events(xml) == ["start HealthData", "start Record type=x", "end Record", "end HealthData"])
    }

    @Test func entityDeclarationsAreRefusedWithTheirPosition() throws {
        let xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE a [\n  <!ATTLIST a b CDATA \"<!ENTITY\">\n  <!ENTITY x \"y\">\n]>\n<a>&x;</a>"
        let error = try #require(XMLScan.error(xml))
        #expect(error.kind == .entityDeclaration)
        #expect((error.line, error.column) == (4, 3))
        #expect(error.offset == xml.utf8.count - "<!ENTITY x \"y\">\n]>\n<a>&x;</a>".utf8.count)
        // The one-byte source finds it at the same place
        #expect(throws: XMLScanError.self) { try XMLScan.events(OneByteSource(Data(xml.utf8))) }
    }

    @Test(arguments: [
        // (document, kind, line, column)
        ("<a>\n  <b></a>", XMLScanError.Kind.mismatchedEndTag, 2, 10),
        ("<a>\n<b>text", .unexpectedEnd, 2, 8),
        ("<a/>\n<b/>", .contentAfterRoot, 2, 1),
        ("<a/>\ntext", .contentAfterRoot, 2, 1),
        ("<a/></a>", .contentAfterRoot, 1, 9),
        ("", .noRootElement, 1, 1),
        ("<!-- only a comment -->\n", .noRootElement, 2, 1),
        ("  bla bla", .textBeforeRoot, 1, 3),
        ("<a>\n<b x=1/></a>", .unquotedAttribute, 2, 6),
        ("<a x/>", .attributeWithoutValue, 1, 5),
        ("<a x=\"1<\"/>", .lessThanInAttribute, 1, 8),
        ("<a x=\"1\"y=\"2\"/>", .malformedTag, 1, 9),
        ("<a><b</a>", .malformedTag, 1, 6),
        ("<a>&foo;</a>", .undeclaredEntity, 1, 4),
        ("<a x=\"&nbsp;\"/>", .undeclaredEntity, 1, 7),
        ("<a>fish & chips</a>", .unterminatedReference, 1, 9),
        ("<a>&#0;</a>", .invalidCharacter, 1, 4),
        ("<a>\u{1}</a>", .invalidCharacter, 1, 4),
        ("<1a/>", .missingName, 1, 2),
        ("<a><x:b/></a>", .undeclaredPrefix, 1, 5),
        ("<a x:y=\"1\"/>", .undeclaredPrefix, 1, 4),
        ("<a><!-- open", .malformedMarkup, 1, 13),
        ("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><a/>", .unsupportedEncoding, 1, 1),
    ])
    func wellFormednessErrorsHaveTheirPosition(xml: String, kind: XMLScanError.Kind, line: Int, column: Int) throws {
        let error = try #require(XMLScan.error(xml))
        #expect(error.kind == kind)
        #expect((error.line, error.column) == (line, column))
    }

    @Test func declaredPrefixesAreInScopeForDescendantsOnly() throws {
        #expect(try XMLScan.events("<a xmlns:p=\"u\"><p:b xml:lang=\"en\"/></a>") == [
            "start a xmlns:p=u", "start p:b xml:lang=en", "end p:b", "end a",
        ])
        #expect(XMLScan.error("<a><b xmlns:p=\"u\"/><p:c/></a>")?.kind == .undeclaredPrefix)
    }

    @Test func shortMarkupAtTheVeryEndIsRead() throws {
        #expect(try XMLScan.events("<a/><!---->") == ["start a", "end a"])
        #expect(try XMLScan.events("<a/><?p?>") == ["start a", "end a"])
        #expect(try XMLScan.events("<a><![CDATA[]]></a>") == ["start a", "end a"])
        #expect(XMLScan.error("<a/><!--")?.kind == .malformedMarkup)
        #expect(XMLScan.error("<a")?.kind == .unexpectedEnd)
    }

    @Test func gzipIsRecognised() {
        #expect(XMLScan.error(Data([0x1F, 0x8B, 0x08, 0x00]))?.kind == .gzipCompressed)
    }

    @Test func latin1AndWindows1252AreTranscoded() throws {
        var latin1 = Data("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a n=\"".utf8)
        latin1.append(contentsOf: [0x4D, 0xFC, 0x6E, 0x63, 0x68, 0x65, 0x6E]) // München
        latin1.append(contentsOf: Data("\">caf".utf8) + [0xE9] + Data("</a>".utf8))
        #expect(try XMLScan.events(DataByteSource(latin1)) == ["start a n=München", "text café", "end a"])
        #expect(try XMLScan.events(OneByteSource(latin1)) == ["start a n=München", "text café", "end a"])

        var windows = Data("<?xml version='1.0' encoding='windows-1252'?><a>".utf8)
        windows.append(contentsOf: [0x80, 0x20, 0x93, 0x71, 0x94])
        windows.append(contentsOf: Data("</a>".utf8))
        #expect(try XMLScan.events(DataByteSource(windows)) == ["start a", "text € “q”", "end a"])
    }

    @Test func utf16WithByteOrderMarksAndUTF8WithBOMGiveTheSameEvents() throws {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<a x=\"é\">😀 &amp; ☃</a>"
        let expected = ["start a x=é", "text 😀 & ☃", "end a"]
        var littleEndian = Data([0xFF, 0xFE])
        var bigEndian = Data([0xFE, 0xFF])
        for unit in xml.utf16 {
            littleEndian.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)])
            bigEndian.append(contentsOf: [UInt8(unit >> 8), UInt8(unit & 0xFF)])
        }
        #expect(try XMLScan.events(DataByteSource(littleEndian)) == expected)
        #expect(try XMLScan.events(OneByteSource(bigEndian)) == expected)
        let bom = Data([0xEF, 0xBB, 0xBF]) + Data(xml.replacingOccurrences(of: "UTF-16", with: "UTF-8").utf8)
        #expect(try XMLScan.events(DataByteSource(bom)) == expected)
        // Positions in UTF-16 files are those of the UTF-8 text (line 2 is the same line)
        var broken = Data([0xFF, 0xFE])
        for unit in "<a>\n<b></a>".utf16 { broken.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        let error = try #require(XMLScan.error(broken))
        #expect((error.kind, error.line, error.column) == (.mismatchedEndTag, 2, 8))
    }

    @Test func aLongCommentIsSkippedWithoutGrowingTheBuffer() throws {
        let xml = "<a><!--" + String(repeating: "- -> ", count: 50_000) + "--><b/></a>"
        #expect(try XMLScan.events(OneByteSource(Data(xml.utf8))) == ["start a", "start b", "end b", "end a"])
    }

    @Test func positionsCountLinesAcrossChunks() throws {
        // Given an error on line 3001, after many lines that pass through a small buffer
        let xml = "<a>\n" + String(repeating: "<b>x</b>\n", count: 3000) + "<c></d></a>"
        let scanner = XMLScanner(source: OneByteSource(Data(xml.utf8)), bufferSize: 64)
        do {
            while try scanner.next() != .endOfDocument {}
            Issue.record("expected an error")
        } catch {
            #expect((error.kind, error.line, error.column) == (.mismatchedEndTag, 3002, 8))
        }
    }
}
