import Foundation
import PaceFormats
import Testing

@Suite struct TCXReaderTests {
    @Test func lapsAndTotalsOfAFourLapRun() throws {
        // Given a Forerunner 220 run with four laps
        let document = try TCXReader().read(contentsOf: TCXTestFixtures.tcx("fr220-run-4laps-hr-runcad.tcx"))

        // Then one running activity with the device, the Id and four laps with the stated totals
        #expect(document.activities.count == 1)
        #expect(document.courses.isEmpty)
        #expect(document.warnings.isEmpty)
        let run = try #require(document.activities.first).recorded
        #expect(run.sport == "Running")
        #expect(run.identifier == "2021-04-16T13:37:53.000Z")
        #expect(run.deviceName == "Garmin Forerunner 220")
        #expect(run.laps.map(\.records.count) == [14, 12, 11, 12])
        #expect(run.timerEvents.isEmpty)
        let first = run.laps[0]
        #expect(first.startTime == TCXTestFixtures.utc(2021, 4, 16, 13, 37, 53))
        #expect(first.totalTimerTime == 44.526)
        #expect(first.totalElapsedTime == nil)
        #expect(first.distance == 52.8)
        #expect(first.calories == 2)
        #expect(first.averageHeartRate == 83)
        #expect(first.maximumHeartRate == 92)
        #expect(first.intensity == "Active")
        #expect(first.trigger == "Manual")
        #expect(run.laps.map(\.totalTimerTime) == [44.526, 50.356, 66.625, 28.848])
        #expect(run.laps.map(\.distance) == [52.8, 36.27, 27.42, 42.22])
        #expect(run.laps.map(\.maximumHeartRate) == [92, 94, 86, 100])
        #expect(run.laps[3].startTime == TCXTestFixtures.utc(2021, 4, 16, 13, 40, 53))
    }

    @Test func trackpointValuesAndActivityExtensions() throws {
        let document = try TCXReader().read(contentsOf: TCXTestFixtures.tcx("fr220-run-4laps-hr-runcad.tcx"))
        let activity = try #require(document.activities.first)

        // Trackpoint core values, TPX Speed and RunCadence (as cadence)
        let point = activity.recorded.laps[0].records[0]
        #expect(point.time == TCXTestFixtures.utc(2021, 4, 16, 13, 37, 53))
        #expect(point.latitude == 40.03811557777226)
        #expect(point.longitude == -105.25865315459669)
        #expect(point.altitude == 1626.0)
        #expect(point.distance == 0)
        #expect(point.heartRate == 71)
        #expect(point.speed == 0)
        #expect(point.cadence == 0)
        #expect(activity.recorded.laps[0].records[1].speed == 0.008999999612569809)

        // LX lap extension values and MaximumSpeed
        #expect(activity.lapSummaries.count == 4)
        let summary = activity.lapSummaries[0]
        #expect(summary.maximumSpeed == 1.8289999961853027)
        #expect(summary.averageSpeed == 1.1859999895095825)
        #expect(summary.averageRunCadence == 32)
        #expect(summary.maximumRunCadence == 74)
        #expect(summary.averageWatts == nil)
    }

    @Test func tracksSeparatedByAGapBecomePauseAndResume() throws {
        // Given a Forerunner 305 lap with three Tracks (the timer was stopped twice)
        let document = try TCXReader().read(contentsOf: TCXTestFixtures.tcx("fr305-run-sample.tcx"))
        let run = try #require(document.activities.first).recorded

        // Then the records stay in one lap and each gap is a pause followed by a resume
        #expect(run.laps.count == 1)
        #expect(run.laps[0].records.count == 19)
        #expect(run.timerEvents == [
            ActivityTimerEvent(kind: .pause, time: TCXTestFixtures.utc(2007, 8, 7, 2, 43, 57)),
            ActivityTimerEvent(kind: .resume, time: TCXTestFixtures.utc(2007, 8, 7, 2, 55, 15)),
            ActivityTimerEvent(kind: .pause, time: TCXTestFixtures.utc(2007, 8, 7, 2, 55, 17)),
            ActivityTimerEvent(kind: .resume, time: TCXTestFixtures.utc(2007, 8, 7, 3, 6, 30)),
        ])
        // A point without Position keeps its time and has no coordinates
        let bare = run.laps[0].records[13]
        #expect(bare.time == TCXTestFixtures.utc(2007, 8, 7, 2, 55, 15))
        #expect(bare.latitude == nil && bare.longitude == nil)
        // TPX Watts and Speed
        #expect(run.laps[0].records[0].power == 118)
        #expect(run.laps[0].records[0].speed == 6.008999824523926)
        #expect(run.deviceName == "Forerunner305")
    }

    @Test func unprefixedExtensionsFractionalSecondsAndSkippedValues() throws {
        // Given a Concept2 erg export: TPX in a default namespace, milliseconds, a lap StartTime
        // with a six-digit year and an Id that is not a date
        let document = try TCXReader().read(contentsOf: TCXTestFixtures.tcx("concept2-erg-no-gps.tcx"))
        let erg = try #require(document.activities.first).recorded

        #expect(erg.sport == "Biking")
        #expect(erg.identifier == "android_id:f9b2b8abcc4042dd_20201124T215647952Z")
        let records = erg.laps[0].records
        #expect(records.count == 115)
        let time = try #require(records[1].time)
        #expect(abs(time.timeIntervalSince(TCXTestFixtures.utc(2020, 11, 24, 21, 56, 45.991))) < 1e-6)
        #expect(records[1].power == 16)
        #expect(records[1].speed == 1.8)
        #expect(records.allSatisfy { $0.latitude == nil })
        // The bad StartTime is skipped with a warning; the lap then starts at its first record
        #expect(erg.laps[0].startTime == records[0].time)
        #expect(abs(try #require(records[0].time).timeIntervalSince(TCXTestFixtures.utc(2020, 11, 24, 21, 55, 17.95))) < 1e-6)
        #expect(document.warnings.map(\.description) == [
            "concept2-erg-no-gps.tcx:12:6: <Id> is not a date-time; it is kept as the identifier only",
            "concept2-erg-no-gps.tcx:14:47: <Lap StartTime> is not an ISO 8601 date-time; the value was skipped",
        ])
    }

    @Test func timeZoneOffsetsAndInvalidCoordinates() throws {
        // Given a Fitbit export with +01:00 offsets and latitudes "no"/"undefined"
        let document = try TCXReader().read(contentsOf: TCXTestFixtures.tcx("invalid-coords-undefined.tcx"))
        let ride = try #require(document.activities.first).recorded

        // Then times are converted to UTC
        #expect(ride.laps[0].startTime == TCXTestFixtures.utc(2020, 12, 27, 14, 43, 49))
        #expect(ride.laps[0].records[0].time == TCXTestFixtures.utc(2020, 12, 27, 14, 59, 36))
        #expect(ride.deviceName == "Fitbit Versa")
        // and the bad latitudes drop the position of their points, each with a warning and its line
        #expect(ride.laps[0].records[0].latitude == 0)
        #expect(ride.laps[1].records.allSatisfy { $0.latitude == nil && $0.longitude == nil })
        #expect(ride.laps[1].records.map(\.heartRate) == [121, 122])
        #expect(document.warnings.map(\.description) == [
            "invalid-coords-undefined.tcx:50:45: <LatitudeDegrees> is not a number; the value was skipped",
            "invalid-coords-undefined.tcx:51:46: <LongitudeDegrees> is not a number; the value was skipped",
            "invalid-coords-undefined.tcx:62:45: <LatitudeDegrees> is not a number; the value was skipped",
        ])
    }

    @Test func courseWithTrackpoints() throws {
        let document = try TCXReader().read(contentsOf: TCXTestFixtures.tcx("course-30pt.tcx"))

        #expect(document.activities.isEmpty)
        let course = try #require(document.courses.first).recorded
        #expect(course.name == "Test TCX Route")
        #expect(course.laps.count == 1)
        #expect(course.laps[0].records.count == 30)
        #expect(course.laps[0].totalTimerTime == 238.91313879712945)
        #expect(course.laps[0].distance == 1664.4491785197054)
        #expect(course.laps[0].startTime == TCXTestFixtures.utc(2021, 8, 2, 18, 28, 31))
        #expect(course.laps[0].records[0].latitude == 37.76683)
    }

    @Test(arguments: [
        ("2024-03-10T12:00:00Z", 0.0),
        ("2024-03-10T12:00:00", 0.0),
        ("2024-03-10T12:00:00.5Z", 0.5),
        ("2024-03-10T14:00:00+02:00", 0.0),
        ("2024-03-10T06:30:00.250-05:30", 0.25),
        ("2024-03-10T17:45:00+0545", 0.0),
    ])
    func timesWithZonesAndFractions(text: String, fraction: Double) throws {
        let xml = """
            <TrainingCenterDatabase><Activities><Activity Sport="Other"><Id>\(text)</Id>
            <Lap StartTime="\(text)"><Track><Trackpoint><Time>\(text)</Time></Trackpoint></Track></Lap>
            </Activity></Activities></TrainingCenterDatabase>
            """
        let document = try TCXReader().read(Data(xml.utf8))
        let lap = try #require(document.activities.first?.recorded.laps.first)
        let expected = TCXTestFixtures.utc(2024, 3, 10, 12, 0, fraction)
        #expect(abs(try #require(lap.records.first?.time).timeIntervalSince(expected)) < 1e-6)
        #expect(lap.startTime == lap.records.first?.time)
        #expect(document.warnings.isEmpty)
    }

    @Test func unparseableTimeIsAWarning() throws {
        let xml = "<TrainingCenterDatabase><Activities><Activity Sport=\"Other\"><Lap>"
            + "<Track><Trackpoint><Time>yesterday</Time></Trackpoint></Track></Lap></Activity></Activities></TrainingCenterDatabase>"
        let document = try TCXReader().read(Data(xml.utf8), fileName: "t.tcx")
        #expect(document.activities.first?.recorded.records.first?.time == nil)
        #expect(document.warnings.map(\.description) == ["t.tcx:1:90: <Time> is not an ISO 8601 date-time; the value was skipped"])
    }

    @Test func multisportSessionYieldsOneActivityPerSport() throws {
        // Given a multisport session with a run, a transition and a ride (schema order)
        let xml = """
            <?xml version="1.0"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
             <Activities>
              <MultiSportSession>
               <Id>2024-05-01T08:00:00Z</Id>
               <FirstSport><Activity Sport="Running"><Id>2024-05-01T08:00:00Z</Id>
                <Lap StartTime="2024-05-01T08:00:00Z"><TotalTimeSeconds>60</TotalTimeSeconds><DistanceMeters>200</DistanceMeters>
                 <Calories>5</Calories><Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod>
                 <Track><Trackpoint><Time>2024-05-01T08:00:00Z</Time></Trackpoint></Track></Lap></Activity></FirstSport>
               <NextSport>
                <Transition StartTime="2024-05-01T08:01:00Z"><TotalTimeSeconds>30</TotalTimeSeconds><DistanceMeters>0</DistanceMeters>
                 <Calories>0</Calories><Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod></Transition>
                <Activity Sport="Biking"><Id>2024-05-01T08:01:30+02:00</Id>
                 <Lap StartTime="2024-05-01T08:01:30+02:00"><TotalTimeSeconds>120</TotalTimeSeconds><DistanceMeters>900</DistanceMeters>
                  <Calories>9</Calories><Intensity>Active</Intensity><Cadence>88</Cadence><TriggerMethod>Manual</TriggerMethod>
                  <Extensions><LX xmlns="http://www.garmin.com/xmlschemas/ActivityExtension/v2"><AvgSpeed>7.5</AvgSpeed>
                   <MaxBikeCadence>101</MaxBikeCadence><AvgWatts>180</AvgWatts><MaxWatts>420</MaxWatts></LX></Extensions></Lap>
                 <Creator><Name>Edge &amp; Co</Name></Creator></Activity>
               </NextSport>
              </MultiSportSession>
             </Activities>
            </TrainingCenterDatabase>
            """
        let document = try TCXReader().read(Data(xml.utf8), fileName: "multisport.tcx")

        #expect(document.activities.map(\.recorded.sport) == ["Running", "Biking"])
        #expect(document.activities[1].recorded.laps[0].startTime == TCXTestFixtures.utc(2024, 5, 1, 6, 1, 30))
        #expect(document.activities[1].recorded.laps[0].distance == 900)
        #expect(document.activities[1].recorded.deviceName == "Edge & Co")
        #expect(document.activities[1].lapSummaries == [
            TCXLapSummary(cadence: 88, averageSpeed: 7.5, maximumBikeCadence: 101, averageWatts: 180, maximumWatts: 420),
        ])
        // The transition lap is not an activity lap
        #expect(document.activities.map(\.recorded.laps.count) == [1, 1])
    }
}
