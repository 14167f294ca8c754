import Foundation
import PaceFormats
import Testing

/// A DTD with attribute-list declarations (which crashed Linux's XMLParser) is skipped by the scanner.
@Suite struct XMLDoctypeTests {
    @Test func gpxWithAnAttributeListDTDIsRead() throws {
        let gpx = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [
            <!ATTLIST gpx version CDATA #IMPLIED>
            <!ATTLIST trkpt lat CDATA #REQUIRED>
            ]>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="45.0" lon="7.0"><time>2024-06-01T07:30:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """

        let document = try GPXReader().read(data: Data(gpx.utf8), file: "dtd.gpx")

        #expect(document.tracks.first?.records.count == 1)
    }

    @Test func errorPositionsAfterABlankedDTDStayRight() {
        let gpx = "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [\n<!ATTLIST gpx version CDATA #IMPLIED>\n]>\n<gpx version=\"1.1\"><trk></gpx>\n"

        let error = #expect(throws: GPXError.self) { try GPXReader().read(data: Data(gpx.utf8), file: "bad.gpx") }

        #expect(error?.line == 5)
    }

    @Test func tcxWithAnAttributeListDTDIsRead() throws {
        let tcx = """
            <?xml version="1.0"?>
            <!DOCTYPE TrainingCenterDatabase [
            <!ATTLIST Activity Sport CDATA #IMPLIED>
            ]>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities>
            <Activity Sport="Running"><Id>2024-06-01T07:30:00Z</Id><Lap StartTime="2024-06-01T07:30:00Z">
            <TotalTimeSeconds>1</TotalTimeSeconds><DistanceMeters>3</DistanceMeters><Calories>0</Calories>
            <Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod><Track><Trackpoint>
            <Time>2024-06-01T07:30:00Z</Time><HeartRateBpm><Value>120</Value></HeartRateBpm></Trackpoint></Track></Lap>
            </Activity></Activities></TrainingCenterDatabase>
            """

        let document = try TCXReader().read(Data(tcx.utf8), fileName: "dtd.tcx")

        #expect(document.activities.first?.recorded.records.first?.heartRate == 120)
    }
}
