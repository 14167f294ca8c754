import Foundation
import PaceFormats
import PaceModel
import Testing

@Suite struct TrackCSVTests {
    @Test func readsTheBenchmarkFormat() throws {
        let csv = """
            t,lat,lon,ele,hacc,vacc,speed,course
            1700000000.0,48.8584,2.2945,35.5,4.2,6.1,3.25,90.0
            1700000001.5,48.85841,2.29452,,5,-1,-1,-1

            """

        let locations = try TrackCSV.read(csv, file: "run.csv")

        #expect(locations.count == 2)
        #expect(locations[0].timestamp == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(locations[0].latitude == 48.8584)
        #expect(locations[0].altitude == 35.5)
        #expect(locations[0].verticalAccuracy == 6.1)
        #expect(locations[0].speed == 3.25)
        #expect(locations[0].course == 90)
        #expect(locations[1].verticalAccuracy == -1)
        #expect(locations[1].speed == -1)
        #expect(locations[1].horizontalAccuracy == 5)
    }

    @Test func columnsAreFoundByName() throws {
        let locations = try TrackCSV.read("lon,lat,t\n2.5,48.5,10\n")
        #expect(locations.first?.longitude == 2.5)
        #expect(locations.first?.latitude == 48.5)
        #expect(locations.first?.horizontalAccuracy == -1)
    }

    @Test func badFieldIsReportedWithLineAndColumn() {
        let error = #expect(throws: TrackCSVError.self) {
            try TrackCSV.read("t,lat,lon\n1,48.5,2.5\n2,north,2.5\n", file: "walk.csv")
        }
        #expect(error?.description == "walk.csv:3:2: lat 'north' is not a number")
    }

    @Test func missingColumnsAndRaggedRowsAreReported() {
        #expect((#expect(throws: TrackCSVError.self) { try TrackCSV.read("time,lat\n1,2\n") })?.description
            == "<csv>:1: the header must name the columns t, lat and lon (found time,lat)")
        #expect((#expect(throws: TrackCSVError.self) { try TrackCSV.read("t,lat,lon\n1,2\n", file: "x.csv") })?.description
            == "x.csv:2: expected 3 fields as in the header, found 2")
        #expect((#expect(throws: TrackCSVError.self) { try TrackCSV.read("") })?.reason.hasPrefix("the file is empty") == true)
    }

    @Test func pressureColumnIsReadInHectopascalsAsPascals() throws {
        let track = try TrackCSV.readTrack("t,lat,lon,ele,pressure\n1,48.5,2.5,35,1013.25\n2,48.5,2.5,35,\n3,48.5,2.5,35,-1\n")
        #expect(track.locations.count == 3)
        let pressures = try #require(track.pressures)
        #expect(pressures.count == 3)
        #expect(pressures[0] == 101_325)
        #expect(pressures[1].isNaN)
        #expect(pressures[2].isNaN)
    }

    @Test func noPressureColumnMeansNoPressures() throws {
        let track = try TrackCSV.readTrack("t,lat,lon,ele\n1,48.5,2.5,35\n")
        #expect(track.locations.count == 1)
        #expect(track.pressures == nil)
    }

    @Test func badPressureIsReportedWithLineAndColumn() {
        let notANumber = #expect(throws: TrackCSVError.self) {
            try TrackCSV.readTrack("t,lat,lon,pressure\n1,48.5,2.5,1013\n2,48.5,2.5,high\n", file: "ride.csv")
        }
        #expect(notANumber?.description == "ride.csv:3:4: pressure 'high' is not a number")
        let pascals = #expect(throws: TrackCSVError.self) {
            try TrackCSV.read("t,pressure,lat,lon\n1,101325,48.5,2.5\n", file: "ride.csv")
        }
        #expect(pascals?.line == 2)
        #expect(pascals?.column == 2)
        #expect(pascals?.reason.hasPrefix("pressure 101325.0 is not a pressure in hPa") == true)
    }

    @Test func writerAddsTheGainColumnWhenAsked() {
        var writer = TrackCSVWriter(includesGain: true)
        writer.append(.init(time: 1, latitude: 48.5, longitude: 2.5, altitude: 35, speed: 1, distance: 0, gain: 0))
        writer.append(.init(time: 2, latitude: 48.5, longitude: 2.5, altitude: .nan, speed: 1, distance: 1))

        #expect(writer.csv == """
            t,lat,lon,ele,speed,dist,gain
            1.000,48.50000000,2.50000000,35.00,1.000,0.000,0.00
            2.000,48.50000000,2.50000000,,1.000,1.000,

            """)
    }

    @Test func writerProducesTheScorersFormat() {
        var writer = TrackCSVWriter()
        writer.append(.init(time: 1_700_000_000.25, latitude: 48.85840001, longitude: 2.2945, altitude: 35.456, speed: 3.2, distance: 0))
        writer.append(.init(time: 1_700_000_001, latitude: 48.8585, longitude: 2.2946, altitude: .nan, speed: .nan, distance: 12.5))

        #expect(writer.csv == """
            t,lat,lon,ele,speed,dist
            1700000000.250,48.85840001,2.29450000,35.46,3.200,0.000
            1700000001.000,48.85850000,2.29460000,,0.000,12.500

            """)
    }
}
