import Foundation
import PaceFormats
import Testing

@Suite struct GPXReaderTests {
    @Test func readsGPX10Track() throws {
        // Given a GPSBabel GPX 1.0 file with one point
        let document = try GPXFixtures.read("gpx10-gpsbabel-1pt.gpx")

        // Then the track, its point and the creator are read
        #expect(document.version == "1.0")
        #expect(document.tracks.count == 1)
        let track = try #require(document.tracks.first)
        #expect(track.name == "ACTIVE LOG #74")
        #expect(track.deviceName == "GPSBabel - http://www.gpsbabel.org")
        let point = try #require(track.records.first)
        #expect(point.latitude == 37.378388923)
        #expect(point.longitude == -122.063654875)
        #expect(point.altitude == 35.706055)
        #expect(point.time == utc(2007, 11, 23, 23, 49, 43))
        #expect(document.warnings.isEmpty)
    }

    @Test func readsGarminTrackPointExtensionWithSegmentsAsLapsAndPauses() throws {
        // Given an Apple Watch GPX 1.1 export with 3 segments and gpxtpx hr/cad
        let document = try GPXFixtures.read("applewatch-run-3seg-hr-cad.gpx")

        // Then each segment is a lap, and pauses/resumes sit between them
        let run = try #require(document.tracks.first)
        #expect(document.name == "Friday Evening Run")
        #expect(run.sport == "running")
        #expect(run.deviceName == "Apple Watch")
        #expect(run.laps.count == 3)
        #expect(run.records.count == 17)
        #expect(run.timerEvents.map(\.kind) == [.pause, .resume, .pause, .resume])
        let first = try #require(run.records.first)
        #expect(first.cadence == 64)
        #expect(first.heartRate == nil)
        #expect(first.power == 0)
        #expect(sameTime(first.time, utc(2025, 5, 2, 15, 51, 15, ms: 692)))
        let withHeartRate = try #require(run.records.first { $0.heartRate != nil })
        #expect(withHeartRate.heartRate == 121)
        #expect(withHeartRate.cadence == 61)
        #expect(withHeartRate.power == 89)
    }

    @Test func readsStravaHeartRateCadenceTemperatureAndPower() throws {
        let document = try GPXFixtures.read("strava-hr-cad-power-atemp.gpx")
        let point = try #require(document.tracks.first?.records.first)
        #expect(point.heartRate == 117)
        #expect(point.cadence == 85)
        #expect(point.temperature == 22)
        #expect(point.power == 75)
        #expect(point.altitude == 721.2)
    }

    @Test func readsAppleHealthSpeedCourseAndAccuracy() throws {
        let document = try GPXFixtures.read("applehealth-route-speed-course-hacc.gpx")
        let point = try #require(document.tracks.first?.records.first)
        #expect(document.time == utc(2019, 11, 7, 3, 43, 52))
        #expect(point.speed == 0.180883)
        #expect(point.course == 206.252884)
        #expect(point.horizontalAccuracy == 8.063116)
        #expect(point.verticalAccuracy == 6.428697)
    }

    @Test func readsBenchmarkAccuracyNamespaceAndDropsUnavailableValues() throws {
        // Given the benchmark's layout: speed/course in TrackPointExtension v2, acc:hacc/acc:vacc, -1 = unavailable
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="steering tools/accuracy" xmlns="http://www.topografix.com/GPX/1/1" \
        xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2" xmlns:acc="urn:pace:accuracy">
        <trk><name>noisy</name><trkseg>
        <trkpt lat="47.1" lon="8.5"><ele>410.25</ele><time>2024-03-01T10:00:00.250Z</time><extensions>\
        <gpxtpx:TrackPointExtension><gpxtpx:speed>2.51</gpxtpx:speed><gpxtpx:course>91.5</gpxtpx:course></gpxtpx:TrackPointExtension>\
        <acc:hacc>4.2</acc:hacc><acc:vacc>6.0</acc:vacc></extensions></trkpt>
        <trkpt lat="47.1" lon="8.5"><time>2024-03-01T10:00:01Z</time><extensions>\
        <gpxtpx:TrackPointExtension><gpxtpx:speed>-1.00</gpxtpx:speed><gpxtpx:course>-1.0</gpxtpx:course></gpxtpx:TrackPointExtension>\
        </extensions></trkpt>
        </trkseg></trk></gpx>
        """
        let records = try GPXFixtures.read(text: text).tracks[0].records
        #expect(records[0].speed == 2.51)
        #expect(records[0].course == 91.5)
        #expect(records[0].horizontalAccuracy == 4.2)
        #expect(records[0].verticalAccuracy == 6.0)
        #expect(sameTime(records[0].time, utc(2024, 3, 1, 10, 0, 0, ms: 250)))
        #expect(records[1].speed == nil)
        #expect(records[1].course == nil)
    }

    @Test func readsPlainSpeedAndCourseOfGPX10() throws {
        let text = """
        <gpx version="1.0" creator="x" xmlns="http://www.topografix.com/GPX/1/0"><time>2010-01-01T00:00:00Z</time>
        <trk><trkseg><trkpt lat="1" lon="2"><time>2010-01-01T00:00:05Z</time><course>12.5</course><speed>3.25</speed>\
        <hdop>1.2</hdop></trkpt></trkseg></trk></gpx>
        """
        let document = try GPXFixtures.read(text: text)
        #expect(document.time == utc(2010, 1, 1, 0, 0, 0))
        let point = try #require(document.tracks.first?.records.first)
        #expect(point.speed == 3.25)
        #expect(point.course == 12.5)
        #expect(point.horizontalAccuracy == nil)
    }

    @Test func readsUTF8ByteOrderMarkWithoutNamespace() throws {
        // Given a BOM, no xmlns, no creator and a non-ASCII name
        let text = "\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\"><trk><name>Pohorje – Šmartno</name>"
            + "<trkseg><trkpt lat=\"46.5\" lon=\"15.6\"><ele>300</ele></trkpt></trkseg></trk></gpx>"
        #expect(Array(Data(text.utf8).prefix(3)) == [0xEF, 0xBB, 0xBF])
        let document = try GPXFixtures.read(text: text)
        #expect(document.tracks.first?.name == "Pohorje – Šmartno")
        #expect(document.tracks.first?.records.first?.altitude == 300)
        #expect(document.tracks.first?.deviceName == nil)
    }

    @Test func readsISO88591Encoding() throws {
        let document = try GPXFixtures.read("gpx10-iso8859-1-waypoints.gpx")
        #expect(document.waypoints.count > 0)
        #expect(document.waypoints.first?.name == "1")
        #expect(sameTime(document.waypoints.first?.point.time, utc(2013, 7, 29, 23, 40, 30, ms: 453)))
        let accented = Data("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><gpx version=\"1.1\"><wpt lat=\"1\" lon=\"2\"><name>Caf".utf8)
            + Data([0xE9]) + Data("</name></wpt></gpx>".utf8)
        #expect(try GPXReader().read(data: accented).waypoints.first?.name == "Café")
    }

    @Test func readsPointsWithoutTimeOrElevation() throws {
        let document = try GPXFixtures.read("mapsource-with-without-ele.gpx")
        #expect(document.tracks.count == 2)
        let bare = try #require(document.tracks.last?.records.first)
        #expect(bare.latitude == 39.949744)
        #expect(bare.time == nil)
        #expect(bare.altitude == nil)
        #expect(document.tracks.last?.laps.first?.startTime == nil)
    }

    @Test func treatsEmptyElevationAsAbsent() throws {
        let document = try GPXFixtures.read("wahoo-ridewithgps-empty-ele.gpx")
        let records = try #require(document.tracks.first?.records)
        #expect(records.count == 3)
        #expect(records.allSatisfy { $0.altitude == nil && $0.time != nil })
        #expect(document.warnings.isEmpty)
    }

    @Test func dropsSentinelElevationWithWarning() throws {
        let text = """
        <gpx version="1.1" creator="x">
        <trk><trkseg>
        <trkpt lat="1" lon="2"><ele>-19999</ele></trkpt>
        <trkpt lat="1" lon="2"><ele>12000</ele></trkpt>
        <trkpt lat="1" lon="2"><ele>-30.5</ele></trkpt>
        </trkseg></trk></gpx>
        """
        let document = try GPXFixtures.read(text: text)
        #expect(document.tracks[0].records.map(\.altitude) == [nil, nil, -30.5])
        #expect(document.warnings.map(\.code) == [.sentinelElevation, .sentinelElevation])
        #expect(document.warnings.map(\.line) == [3, 4])
        #expect(document.warnings.first?.message == "<ele> is outside -1000...10000 m (a no-data value); the elevation was ignored.")
    }

    @Test func skipsOutOfRangeCoordinatesWithWarning() throws {
        let document = try GPXFixtures.read("out-of-range-coords.gpx")
        #expect(document.waypoints.isEmpty)
        #expect(document.tracks.first?.records.count == 1)
        #expect(document.tracks.first?.records.first?.longitude == 131.00468)
        #expect(document.warnings.map(\.code) == [.coordinateOutOfRange, .coordinateOutOfRange])
        #expect(document.warnings.map(\.line) == [3, 10])
    }

    @Test func skipsNonNumericCoordinatesAndValues() throws {
        let text = """
        <gpx version="1.1" creator="x"><rte><name>r</name>
        <rtept lat="undefined" lon="undefined"><ele>bad data</ele></rtept>
        <rtept lat="1" lon="2"><ele>bad data</ele><time>yesterday</time></rtept>
        </rte></gpx>
        """
        let document = try GPXFixtures.read(text: text)
        #expect(document.routes.count == 1)
        #expect(document.routes[0].name == "r")
        #expect(document.routes[0].points.count == 1)
        #expect(document.routes[0].points[0].altitude == nil)
        #expect(document.warnings.map(\.code) == [.invalidCoordinate, .invalidValue, .invalidValue])
    }

    @Test func readsTimeZoneOffsetsAndFractionalSeconds() throws {
        // 2021-01-07T21:51:59.179+01:15 is 20:36:59.179 UTC
        let document = try GPXFixtures.read("opentracks-timezone-offsets.gpx")
        let point = try #require(document.tracks.first?.records.first)
        #expect(sameTime(point.time, utc(2021, 1, 7, 20, 36, 59, ms: 179)))
        #expect(document.waypoints.first?.name == "Marker 1")
        #expect(document.tracks.first?.name == "2021-01-07 22:51")
        let text = """
        <gpx version="1.1" creator="x"><trk><trkseg>
        <trkpt lat="1" lon="2"><time>2012-10-24T23:22:51.000Z</time></trkpt>
        <trkpt lat="1" lon="2"><time>2012-10-25T01:22:52+02:00</time></trkpt>
        <trkpt lat="1" lon="2"><time>2012-10-24T18:22:53.5-0500</time></trkpt>
        <trkpt lat="1" lon="2"><time>2012-10-24T23:22:54</time></trkpt>
        </trkseg></trk></gpx>
        """
        let times = try GPXFixtures.read(text: text).tracks[0].records.map(\.time)
        #expect(sameTime(times[0], utc(2012, 10, 24, 23, 22, 51)))
        #expect(sameTime(times[1], utc(2012, 10, 24, 23, 22, 52)))
        #expect(sameTime(times[2], utc(2012, 10, 24, 23, 22, 53, ms: 500)))
        #expect(sameTime(times[3], utc(2012, 10, 24, 23, 22, 54)))
    }

    @Test func keepsRoutesWaypointsAndEmptyTracks() throws {
        let text = """
        <gpx version="1.1" creator="x"><wpt lat="1" lon="2"><name>Hut</name><sym>Lodge</sym></wpt>
        <rte><rtept lat="1" lon="2"/><rtept lat="1.5" lon="2.5"/></rte>
        <trk><name>empty</name><trkseg></trkseg></trk></gpx>
        """
        let document = try GPXFixtures.read(text: text)
        #expect(document.waypoints.first?.name == "Hut")
        #expect(document.waypoints.first?.symbol == "Lodge")
        #expect(document.routes.first?.points.count == 2)
        #expect(document.tracks.count == 1)
        #expect(document.tracks.first?.laps.isEmpty == true)
    }

    @Test func namesUnnamedTracksAfterTheFileAndReadsOpenTracksAccuracy() throws {
        let text = """
        <gpx version="1.1" creator="OpenTracks" xmlns:opentracks="http://opentracksapp.com/xmlschemas/v1">
        <metadata><name>Morning</name><author><name>someone</name></author></metadata>
        <trk><trkseg><trkpt lat="3" lon="14"><extensions><opentracks:accuracy_horizontal>10</opentracks:accuracy_horizontal>\
        <opentracks:accuracy_vertical>15</opentracks:accuracy_vertical></extensions></trkpt></trkseg></trk></gpx>
        """
        let document = try GPXFixtures.read(text: text)
        #expect(document.name == "Morning")
        #expect(document.tracks.first?.name == "Morning")
        #expect(document.tracks.first?.records.first?.horizontalAccuracy == 10)
        #expect(document.tracks.first?.records.first?.verticalAccuracy == 15)
    }
}
