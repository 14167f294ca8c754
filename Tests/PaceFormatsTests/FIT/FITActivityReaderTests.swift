import Foundation
import PaceFormats
import Testing

/// Mapping FIT messages to a ``RecordedActivity``; expected values from the Garmin FIT SDK's
/// Python decoder on the same file.
@Suite struct FITActivityReaderTests {
    static func fitDate(_ seconds: Int64) -> Date { FITDecoder.date(fromFITSeconds: seconds) }

    /// The device's own elevation totals (session `total_ascent`/`total_descent`), as fitdecode reads them:
    /// the FR220 states 1 m up, 2 m down; the Fenix 5 ride 0 and 4; the FR920XT triathlon's five sessions
    /// (0/0, 0/8, 30/31, 0/0, 2/2) sum to 32 and 41.
    @Test(arguments: [("fr220-run-4laps.fit", 1.0, 2.0), ("garmin-fenix5-ride.fit", 0, 4),
                      ("garmin-fr920xt-triathlon-chained.fit", 32, 41)])
    func sessionElevationTotalsAreRead(file: String, ascent: Double, descent: Double) throws {
        let activity = try FITActivityReader().read(try FITTestSupport.fixture(file))
        #expect(activity.totalAscent == ascent)
        #expect(activity.totalDescent == descent)
    }

    @Test func elevationTotalsAndPressuresRoundTrip() throws {
        let start = Date(timeIntervalSince1970: 1_795_158_000)
        let records = (0..<10).map { second in
            ActivityRecord(time: start.addingTimeInterval(Double(second)), latitude: 45, longitude: 7,
                           altitude: 300, pressure: 97_000 + Double(second))
        }
        let written = RecordedActivity(sport: "cycling", laps: [ActivityLap(records: records)], totalAscent: 88,
                                       totalDescent: 77)
        let read = try FITActivityReader().read(FITActivityWriter().write(written))
        #expect(read.totalAscent == 88 && read.totalDescent == 77)
        #expect(read.records.map(\.pressure) == records.map(\.pressure))
        let none = try FITActivityReader().read(FITActivityWriter().write(RecordedActivity(laps: [ActivityLap(records: records)])))
        #expect(none.totalAscent == nil && none.totalDescent == nil)
    }

    @Test func fr220RunMapsLapsRecordsEventsAndDevice() throws {
        // Given / When
        let activity = try FITActivityReader().read(try FITTestSupport.fixture("fr220-run-4laps.fit"))
        // Then
        #expect(activity.sport == "running")
        #expect(activity.identifier == "3888752595-987514664")
        #expect(activity.deviceName == "garmin 1632")
        #expect(activity.laps.map(\.records.count) == [14, 11, 10, 11])
        let lap = try #require(activity.laps.first)
        #expect(lap.startTime == Self.fitDate(987_514_673))
        #expect(FITTestSupport.close(lap.totalElapsedTime, 63.623, 1e-9))
        #expect(FITTestSupport.close(lap.totalTimerTime, 44.526, 1e-9))
        #expect(FITTestSupport.close(lap.distance, 52.8, 1e-9))
        #expect(lap.calories == 2)
        #expect(lap.averageHeartRate == 83)
        #expect(lap.maximumHeartRate == 92)
        #expect(lap.trigger == "manual")
        #expect(activity.laps.last?.trigger == "session_end")
        let record = try #require(activity.records.first)
        #expect(record.time == Self.fitDate(987_514_673))
        #expect(FITTestSupport.close(record.latitude, 477_673_325 * 180 / 2_147_483_648, 1e-12))
        #expect(FITTestSupport.close(record.longitude, -1_255_784_647 * 180 / 2_147_483_648, 1e-12))
        // The Garmin Connect GPX export of the same run: lat="40.0381155777…" lon="-105.2586531545…".
        #expect(FITTestSupport.close(record.latitude, 40.038115577772, 1e-11))
        #expect(FITTestSupport.close(record.longitude, -105.258653154596, 1e-11))
        #expect(FITTestSupport.close(record.altitude, 1634.2, 1e-9))
        #expect(record.speed == 0)
        #expect(record.distance == 0)
        #expect(record.heartRate == 71)
        #expect(record.cadence == 0)
        // Timer: start 673, stop_all 699, start 718, stop_all 868, start 881, stop_all 895 (end).
        #expect(activity.timerEvents == [
            ActivityTimerEvent(kind: .pause, time: Self.fitDate(987_514_699)),
            ActivityTimerEvent(kind: .resume, time: Self.fitDate(987_514_718)),
            ActivityTimerEvent(kind: .pause, time: Self.fitDate(987_514_868)),
            ActivityTimerEvent(kind: .resume, time: Self.fitDate(987_514_881)),
        ])
    }

    @Test func fileWithoutLapsGetsOneLap() throws {
        let activity = try FITActivityReader().read(try FITTestSupport.fixture("minimal-fileid-only.fit"))
        #expect(activity.laps.count == 1)
        #expect(activity.records.count == 1)
        #expect(activity.deviceName == "bryton something ss")
        #expect(activity.identifier == "1062766519")
        #expect(activity.sport == nil)
    }

    @Test func truncatedDataThrowsFITError() {
        let error = #expect(throws: FITError.self) { try FITActivityReader().read(Data([0x0E, 0x10])) }
        #expect(error?.code == .truncated)
    }
}
