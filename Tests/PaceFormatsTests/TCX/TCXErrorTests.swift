import Foundation
import PaceFormats
import Testing

@Suite struct TCXErrorTests {
    private func readingError(_ xml: String, fileName: String = "bad.tcx") -> TCXError? {
        do {
            _ = try TCXReader().read(Data(xml.utf8), fileName: fileName)
            return nil
        } catch {
            return error
        }
    }

    @Test func malformedXMLNamesLineAndColumn() throws {
        // Given a lap whose Track element is closed by the wrong tag (libxml2 reports the column after `</Lap>`)
        let xml = """
            <?xml version="1.0"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
              <Activities>
                <Activity Sport="Running"><Id>2024-01-01T00:00:00Z</Id>
                  <Lap StartTime="2024-01-01T00:00:00Z"><Track></Lap>
            """
        let error = try #require(readingError(xml))

        #expect(error.code == .malformedXML)
        #expect(error.line == 5)
        #expect(error.message == "bad.tcx:5:58: the file is not well-formed XML; it is truncated, corrupt or not a TCX file — export it again from the source app")
        #expect(error.cause != nil)
    }

    @Test func garbageFileIsMalformed() throws {
        do {
            _ = try TCXReader().read(contentsOf: TCXTestFixtures.tcx("garbage-not-xml.tcx"))
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .malformedXML)
            #expect(error.message.hasPrefix("garbage-not-xml.tcx:1:1: the file is not well-formed XML"))
        }
    }

    @Test func otherXMLIsNotTCX() throws {
        let error = try #require(readingError("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"><trk/></gpx>", fileName: "x.gpx"))
        #expect(error.code == .notTCX)
        #expect(error.message == "x.gpx:2:19: the root element is <gpx>, not <TrainingCenterDatabase>; this is not a TCX file")
    }

    @Test func entityDeclarationsAreRefusedBeforeParsing() throws {
        // Given a "billion laughs" document
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE TrainingCenterDatabase [
              <!ENTITY lol "lol">
              <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
              <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
              <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
            ]>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
              <Activities><Activity Sport="Running"><Id>&lol9;</Id></Activity></Activities>
            </TrainingCenterDatabase>
            """
        let error = try #require(readingError(xml, fileName: "lol.tcx"))

        #expect(error.code == .entityDeclaration)
        #expect(error.message == "lol.tcx:3:3: the document declares XML entities (<!ENTITY), which Pace refuses for safety; remove the DOCTYPE or export the file again")
    }

    @Test func externalEntityIsRefused() throws {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE TrainingCenterDatabase [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <TrainingCenterDatabase><Activities><Activity Sport="Running"><Id>&xxe;</Id></Activity></Activities></TrainingCenterDatabase>
            """
        #expect(readingError(xml)?.code == .entityDeclaration)
    }

    @Test func missingFileIsUnreadable() throws {
        do {
            _ = try TCXReader().read(contentsOf: TCXTestFixtures.tcx("does-not-exist.tcx"))
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .unreadable)
            #expect(error.message == "does-not-exist.tcx: the file cannot be read; check that it exists and is readable")
            #expect(error.detailedDescription().hasPrefix("TCXError: unreadable\n  does-not-exist.tcx: the file cannot be read"))
        }
    }
}
