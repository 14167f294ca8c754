import Foundation
import PaceFormats
import Testing

/// Mapping FIT messages to a ``RecordedActivity``; expected values from the Garmin FIT SDK's
/// Python decoder on the same file.
@Suite struct FITActivityReaderTests {
    static func fitDate(_ seconds: Int64) -> Date { FITDecoder.date(fromFITSeconds: seconds) }

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
