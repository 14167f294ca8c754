import Foundation
import PaceFormats
import Testing

/// `TCXReader.read(source:fileName:records:)`: the document of the whole-file read without its
/// records, and the records, in file order, delivered one by one.
@Suite struct TCXStreamTests {
    static func streamed(_ data: Data, fileName: String) throws -> (TCXDocument, [(ActivityRecord, Int)]) {
        var records: [(ActivityRecord, Int)] = []
        let document = try TCXReader().read(source: DataByteSource(data), fileName: fileName) { records.append(($0, $1)) }
        return (document, records)
    }

    @Test(arguments: ["fr220-run-4laps-hr-runcad.tcx", "fr305-run-sample.tcx", "concept2-erg-no-gps.tcx", "course-30pt.tcx",
                      "nul-char-invalid.tcx", "invalid-coords-undefined.tcx", "undeclared-xsi-prefix.tcx"])
    func aStreamedReadGivesTheWholeReadsDocumentAndRecords(name: String) throws {
        let data = try Data(contentsOf: TCXTestFixtures.tcx(name))
        let whole = try TCXReader().read(data, fileName: name)
        let (outline, records) = try Self.streamed(data, fileName: name)

        #expect(outline == whole.withoutRecords(), "the laps keep their start times and totals, the timer events and warnings")
        let expected = whole.activities.enumerated().flatMap { index, activity in activity.recorded.records.map { ($0, index) } }
        #expect(records.map(\.0) == expected.map(\.0))
        #expect(records.map(\.1) == expected.map(\.1))
        #expect(!records.isEmpty || whole.activities.isEmpty, "\(name) has activities with track points")
    }

    @Test func eachActivitysHeadComesOnceBeforeItsFirstPointWithWhatPrecedesIt() throws {
        let xml = """
            <?xml version="1.0"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
             <Activities>
              <Activity Sport="Biking"><Id>2024-05-01T08:00:00Z</Id>
               <Lap StartTime="2024-05-01T07:59:58Z"><TotalTimeSeconds>30</TotalTimeSeconds>
                <Track><Trackpoint><Time>2024-05-01T08:00:05Z</Time></Trackpoint><Trackpoint><Time>2024-05-01T08:00:10Z</Time></Trackpoint></Track>
               </Lap>
               <Creator><Name>Edge 830</Name></Creator>
              </Activity>
              <Activity Sport="Running"><Id>2024-05-02T08:00:00Z</Id>
               <Lap StartTime="2024-05-02T08:00:00Z"><Track><Trackpoint><Time>2024-05-02T08:00:01Z</Time></Trackpoint></Track></Lap>
              </Activity>
             </Activities>
            </TrainingCenterDatabase>
            """
        var events: [String] = []
        var heads: [RecordedActivity] = []
        let document = try TCXReader().read(source: DataByteSource(Data(xml.utf8)), fileName: "two.tcx", head: { activity, index in
            heads.append(activity)
            events.append("head \(index)")
        }, records: { _, index in events.append("record \(index)") })
        #expect(events == ["head 0", "record 0", "record 0", "head 1", "record 1"])
        #expect(heads.map(\.sport) == ["Biking", "Running"])
        #expect(heads.map(\.identifier) == ["2024-05-01T08:00:00Z", "2024-05-02T08:00:00Z"])
        #expect(heads[0].laps.map(\.startTime) == [TCXTestFixtures.utc(2024, 5, 1, 7, 59, 58)], "the open lap, with its start")
        #expect(heads[0].deviceName == nil, "the Creator comes after the points")
        #expect(document.activities[0].recorded.deviceName == "Edge 830", "and is in the document at the end")
    }

    @Test func aLapWithoutStartTimeStartsAtItsFirstTimedPointAndTracksStillMakePauses() throws {
        let xml = """
            <?xml version="1.0"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
             <Activities><Activity Sport="Running"><Id>not a date</Id>
              <Lap><TotalTimeSeconds>30</TotalTimeSeconds>
               <Track><Trackpoint><DistanceMeters>0</DistanceMeters></Trackpoint>
                <Trackpoint><Time>2024-05-01T08:00:05Z</Time></Trackpoint><Trackpoint><Time>2024-05-01T08:00:10Z</Time></Trackpoint></Track>
               <Track><Trackpoint><Time>2024-05-01T08:01:00Z</Time></Trackpoint></Track></Lap>
              <Lap><Track><Trackpoint><Time>2024-05-01T08:02:00Z</Time></Trackpoint></Track></Lap>
             </Activity></Activities>
            </TrainingCenterDatabase>
            """
        let (outline, records) = try Self.streamed(Data(xml.utf8), fileName: "run.tcx")
        let run = try #require(outline.activities.first).recorded

        #expect(run.laps.map(\.startTime) == [TCXTestFixtures.utc(2024, 5, 1, 8, 0, 5), TCXTestFixtures.utc(2024, 5, 1, 8, 2, 0)])
        #expect(run.laps.allSatisfy { $0.records.isEmpty })
        #expect(run.timerEvents == [
            ActivityTimerEvent(kind: .pause, time: TCXTestFixtures.utc(2024, 5, 1, 8, 0, 10)),
            ActivityTimerEvent(kind: .resume, time: TCXTestFixtures.utc(2024, 5, 1, 8, 1, 0)),
        ])
        #expect(records.count == 5 && records[0].0.time == nil && records[0].0.distance == 0)
        #expect(try outline == TCXReader().read(Data(xml.utf8), fileName: "run.tcx").withoutRecords())
    }

    @Test func valuesInWhiteSpaceBeyondXMLsAreTrimmedAndPrefixedNamesMatch() throws {
        // No-break spaces (U+00A0) around values, a vertical tab, and a prefixed element name.
        let xml = """
            <?xml version="1.0"?>
            <t:TrainingCenterDatabase xmlns:t="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
             <t:Activities><t:Activity Sport="Running"><t:Id>\u{A0}2024-05-01T08:00:00Z\u{A0}</t:Id>
              <t:Lap StartTime="2024-05-01T08:00:00Z"><t:TotalTimeSeconds>\u{A0}60\u{A0}</t:TotalTimeSeconds>
               <t:Intensity> Active\u{A0}</t:Intensity><t:Calories>\u{A0}</t:Calories><t:DistanceMeters>ten</t:DistanceMeters>
               <t:Track><t:Trackpoint><t:Time>\u{A0}2024-05-01T08:00:01Z</t:Time><t:AltitudeMeters>\u{A0}12.5</t:AltitudeMeters>
               </t:Trackpoint></t:Track></t:Lap>
             </t:Activity></t:Activities>
            </t:TrainingCenterDatabase>
            """
        let document = try TCXReader().read(Data(xml.utf8), fileName: "spaces.tcx")
        let run = try #require(document.activities.first).recorded
        #expect(run.identifier == "2024-05-01T08:00:00Z")
        #expect(run.laps.first?.totalTimerTime == 60 && run.laps.first?.intensity == "Active")
        #expect(run.laps.first?.calories == nil && run.laps.first?.distance == nil)
        #expect(run.records.first?.time == TCXTestFixtures.utc(2024, 5, 1, 8, 0, 1) && run.records.first?.altitude == 12.5)
        #expect(document.warnings.map(\.reason) == ["<DistanceMeters> is not a number; the value was skipped"],
                "white space alone is no value; a word is a skipped one")
    }

    /// A damaged file with an activity or a lap started inside an open one, or a lap inside a track
    /// point (the `tcx` fuzz target found a whole TCX pasted into a track point): what is open stays
    /// open, so the whole read keeps the records the streamed read has already handed over.
    @Test(arguments: ["Activity Sport=\"Biking\"", "Lap", "Track"])
    func anActivityOrLapStartedInsideAnOpenOneIsReadAsPartOfIt(inner: String) throws {
        let close = inner.split(separator: " ")[0]
        // The outer activity: two points, the inner element inside the second, then a track outside
        // any lap whose point holds a lap (both points outside a lap are dropped by both reads).
        let xml = """
            <TrainingCenterDatabase><Activities><Activity Sport="Running"><Id>2024-05-01T08:00:00Z</Id>
             <Lap StartTime="2024-05-01T08:00:00Z"><Track>
              <Trackpoint><Time>2024-05-01T08:00:00Z</Time></Trackpoint>
              <Trackpoint><Time>2024-05-01T08:00:01Z</Time>
               <\(inner)><Lap><Track><Trackpoint><Time>2024-05-01T08:00:02Z</Time></Trackpoint></Track></Lap></\(close)>
              </Trackpoint>
             </Track></Lap>
             <Track><Trackpoint><Time>2024-05-01T08:00:03Z</Time><Lap></Lap></Trackpoint></Track>
            </Activity></Activities>
            </TrainingCenterDatabase>
            """
        let whole = try TCXReader().read(Data(xml.utf8), fileName: "nested.tcx")
        let (outline, records) = try Self.streamed(Data(xml.utf8), fileName: "nested.tcx")
        #expect(outline == whole.withoutRecords())
        let kept = whole.activities.enumerated().flatMap { index, activity in activity.recorded.records.map { ($0, index) } }
        #expect(records.map(\.0) == kept.map(\.0))
        #expect(records.map(\.1) == kept.map(\.1))
        #expect(whole.activities.count == 1 && whole.activities[0].recorded.sport == "Running", "no second activity")
        #expect(kept.count >= 2, "the outer activity's first two points are kept: \(kept.map(\.0.time))")
    }

    @Test func eachRecordNamesItsActivityInAMultisportSession() throws {
        let xml = """
            <?xml version="1.0"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
             <Activities><MultiSportSession><Id>2024-05-01T08:00:00Z</Id>
              <FirstSport><Activity Sport="Running"><Id>2024-05-01T08:00:00Z</Id><Lap StartTime="2024-05-01T08:00:00Z">
               <Track><Trackpoint><Time>2024-05-01T08:00:00Z</Time></Trackpoint><Trackpoint><Time>2024-05-01T08:00:01Z</Time></Trackpoint>
               </Track></Lap></Activity></FirstSport>
              <NextSport><Activity Sport="Biking"><Id>2024-05-01T08:05:00Z</Id><Lap StartTime="2024-05-01T08:05:00Z">
               <Track><Trackpoint><Time>2024-05-01T08:05:00Z</Time></Trackpoint></Track></Lap></Activity></NextSport>
             </MultiSportSession></Activities>
            </TrainingCenterDatabase>
            """
        let (outline, records) = try Self.streamed(Data(xml.utf8), fileName: "multisport.tcx")
        #expect(outline.activities.map(\.recorded.sport) == ["Running", "Biking"])
        #expect(records.map(\.1) == [0, 0, 1])
    }

    @Test func aThrowingHandlerStopsTheReadWithItsError() throws {
        struct Stop: Error, Equatable {}
        let data = try Data(contentsOf: TCXTestFixtures.tcx("fr220-run-4laps-hr-runcad.tcx"))
        var delivered = 0
        let error = #expect(throws: TCXError.self) {
            try TCXReader().read(source: DataByteSource(data), fileName: "run.tcx") { _, _ in
                delivered += 1
                if delivered == 3 { throw Stop() }
            }
        }
        #expect(error?.code == .handlerFailed)
        #expect(error?.cause as? Stop == Stop())
        #expect(delivered == 3, "no record after the handler threw")
    }
}
