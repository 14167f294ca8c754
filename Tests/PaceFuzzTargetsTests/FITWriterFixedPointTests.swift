import Foundation
import PaceFormats
import Testing

/// What the FIT target found (docs/RELIABILITY.md): an activity read from a file Pace wrote did not
/// write the same file again — the device name gained a `development ` each time, an identifier
/// without a creation time became a hash, an empty lap's stated end took the next laps' records, and a
/// lap's totals were derived from values the file cannot hold.
@Suite struct FITWriterFixedPointTests {
    private func reread(_ activity: RecordedActivity) throws -> RecordedActivity {
        try FITActivityReader().read(FITActivityWriter().write(activity))
    }

    private func activity(device: String?, identifier: String?) -> RecordedActivity {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let records = (0..<3).map { ActivityRecord(time: start.addingTimeInterval(Double($0)), heartRate: 120) }
        return RecordedActivity(sport: "running", identifier: identifier, laps: [ActivityLap(records: records)], deviceName: device)
    }

    @Test func aDeviceNameReadBackIsWrittenWithoutASecondDevelopmentPrefix() throws {
        // Given an activity read from a file Pace wrote, named "development <product>" by the reader
        let once = try reread(activity(device: "garmin 2697", identifier: "3945849289-866218162"))
        #expect(once.deviceName == "development garmin 2697")

        // When it is written and read again
        let twice = try reread(once)

        // Then the name is the same, not "development development garmin 2697"
        #expect(twice.deviceName == "development garmin 2697")
        #expect(twice == once)
    }

    @Test func aSerialWithoutCreationTimeStaysTheSerial() throws {
        // Given a file whose file_id has a serial number but no time_created: identifier "3951006338"
        let once = try reread(activity(device: nil, identifier: "3951006338"))

        // Then the serial is kept (the start time joins it), not replaced by a hash of the identifier
        #expect(once.identifier == "3951006338-\(Int64(1_700_000_000 - 631_065_600))")
        #expect(try reread(once) == once)
    }

    @Test func anEmptyLapKeepsOffTheRecordsOfTheLapsAfterIt() throws {
        // Given an empty lap whose stated end (start + elapsed) reaches past the records of both laps
        // after it, the second of which states an end reaching past the third's records
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        func records(_ seconds: [Double]) -> [ActivityRecord] {
            seconds.map { ActivityRecord(time: start.addingTimeInterval($0), heartRate: 120) }
        }
        let activity = RecordedActivity(sport: "running", laps: [
            ActivityLap(startTime: start.addingTimeInterval(-10), totalElapsedTime: 1000),
            ActivityLap(startTime: start, totalElapsedTime: 5000, records: records([0, 1, 2])),
            ActivityLap(startTime: start.addingTimeInterval(1199), totalElapsedTime: 60, records: records([1200, 1201])),
        ])

        // When it is written and read, twice
        let once = try reread(activity)
        let twice = try reread(once)

        // Then every record stays in its lap, and the second round trip changes nothing
        #expect(once.laps.map(\.records.count) == [0, 3, 2])
        #expect(twice == once)
    }

    @Test func anEmptyLapWithoutStartOrEndKeepsOffTheRecordsAfterIt() throws {
        // Given a first lap with neither start nor records (so no end), then a lap with records and no start
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let records = (0..<3).map { ActivityRecord(time: start.addingTimeInterval(Double($0)), heartRate: 120) }
        let activity = RecordedActivity(sport: "running", laps: [
            ActivityLap(totalElapsedTime: 60), ActivityLap(totalElapsedTime: 3, records: records),
        ])

        // When it is written and read, twice
        let once = try reread(activity)
        let twice = try reread(once)

        // Then the records stay in the second lap (not gathered by the first, which has no end), and
        // the second round trip changes nothing
        #expect(once.laps.map(\.records.count) == [0, 3])
        #expect(twice == once)
    }

    @Test func aRecordAfterFITsLastSecondIsLeftOutNotReadBackTimeless() throws {
        // Given a record whose time is past the last second a FIT uint32 holds (2126-02-06)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let tooLate = Date(timeIntervalSince1970: 631_065_600 + 4_294_967_295 + 100)
        func record(_ time: Date) -> ActivityRecord { ActivityRecord(time: time, heartRate: 120) }
        let activity = RecordedActivity(sport: "running", laps: [
            ActivityLap(records: [record(start), record(start.addingTimeInterval(1))]),
            ActivityLap(records: [record(tooLate), record(start.addingTimeInterval(2))]),
        ])

        // When it is written and read, twice
        let once = try reread(activity)
        let twice = try reread(once)

        // Then it is left out (as a record without a time is), not read back without a time into the first lap
        #expect(once.laps.map(\.records.count) == [2, 1])
        #expect(once.records.allSatisfy { $0.time != nil })
        #expect(twice == once)
    }

    /// Laps whose records' times contradict them: the second lap's records are earlier than the
    /// first lap's end, so a reader (which fills laps in file order, by time) puts them in the first.
    private func lapsContradictingTheirRecords() -> RecordedActivity {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        return RecordedActivity(sport: "running", laps: [
            ActivityLap(records: [10, 11, 12].map { ActivityRecord(time: start.addingTimeInterval($0), distance: 30 + $0) }),
            ActivityLap(records: [0, 1, 2].map { ActivityRecord(time: start.addingTimeInterval($0), heartRate: 150 + 10 * $0) }),
        ])
    }

    @Test func lapTotalsAreDerivedFromTheRecordsAReaderWillFindInTheLap() throws {
        // Given laps contradicting their records' times: the heart-rate records of the second lap
        // are read back into the first, which states no heart rate of its own
        let activity = lapsContradictingTheirRecords()

        // When it is written and read, twice
        let once = try reread(activity)
        let twice = try reread(once)

        // Then each lap's derived totals are those of the records read back into it, so the second
        // round trip derives nothing new
        #expect(once.laps.map(\.records.count) == [6, 0])
        #expect(once.laps[0].averageHeartRate == 160)
        #expect(once.laps[0].maximumHeartRate == 170)
        #expect(once.laps[1].averageHeartRate == nil)
        #expect(twice == once)
    }

    @Test func lapTotalsAreDerivedFromTheValuesTheFileCanHold() throws {
        // Given a lap stating no totals whose records hold a heart rate and a distance FIT's
        // `heart_rate` (uint8) and `distance` (uint32, centimetres) cannot hold
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let activity = RecordedActivity(sport: "running", laps: [ActivityLap(records: [
            ActivityRecord(time: start, distance: 10, heartRate: 214_500_730),
            ActivityRecord(time: start.addingTimeInterval(1), distance: 20, heartRate: 81),
            ActivityRecord(time: start.addingTimeInterval(2), distance: 1e9),
        ])])

        // When it is written and read, twice
        let once = try reread(activity)
        let twice = try reread(once)

        // Then the values the file cannot hold are read back absent, the lap's totals are derived
        // from the others (not written absent, then derived from what was read back), and the
        // second round trip changes nothing
        #expect(once.records.map(\.heartRate) == [nil, 81, nil])
        #expect(once.records.map(\.distance) == [10, 20, nil])
        #expect(once.laps[0].averageHeartRate == 81)
        #expect(once.laps[0].maximumHeartRate == 81)
        #expect(once.laps[0].distance == 20)
        #expect(twice == once)
    }

    @Test func aStatedLapTotalFITCannotHoldCountsAsAbsent() throws {
        // Given a lap stating an average heart rate of 300 bpm, past FIT's `uint8`, and a maximum of
        // 96, over records of 96 bpm
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let records = (0..<3).map { ActivityRecord(time: start.addingTimeInterval(Double($0)), heartRate: 96) }
        let activity = RecordedActivity(sport: "running", laps: [
            ActivityLap(averageHeartRate: 300, maximumHeartRate: 96, records: records),
        ])

        // When it is written and read, twice
        let once = try reread(activity)
        let twice = try reread(once)

        // Then the average is derived from the records at the first write (not written absent,
        // then derived at the second), and the second round trip changes nothing
        #expect(once.laps[0].averageHeartRate == 96)
        #expect(twice == once)
    }

    @Test func aLapStartBeforeFITsEpochCountsAsAbsent() throws {
        // Given a lap after another, stating a start two minutes before FIT's epoch (1989-12-31),
        // which a FIT date_time cannot hold
        let epoch = Date(timeIntervalSince1970: 631_065_600)
        let activity = RecordedActivity(sport: "running", laps: [
            ActivityLap(startTime: epoch.addingTimeInterval(4)),
            ActivityLap(startTime: epoch.addingTimeInterval(-124)),
        ])

        // When it is written and read, twice
        let once = try reread(activity)
        let twice = try reread(once)

        // Then the lap starts where the one before it ends, as a lap without a start does (not
        // written absent, then given that start on the next write), and the second round trip
        // changes nothing
        #expect(once.laps.map(\.startTime) == [epoch.addingTimeInterval(4), epoch.addingTimeInterval(4)])
        #expect(twice == once)
    }

    @Test(arguments: ["device-name-grows-development-prefix.fit", "serial-without-time-created.fit",
                      "empty-lap-end-takes-later-records.fit", "empty-lap-without-end-takes-later-records.fit",
                      "record-time-past-uint32.fit", "laps-contradict-record-times.fit",
                      "record-heart-rate-beyond-uint8.fit", "lap-start-before-fit-epoch.fit",
                      "lap-average-heart-rate-beyond-uint8.fit"])
    func theMinimisedFuzzInputsReadBackAsAFixedPoint(file: String) throws {
        let url = FuzzSeeds.regressions.appendingPathComponent("fit").appendingPathComponent(file)
        let decoder = FITDecoder(options: .init(validateCRC: false))
        let activity = try FITActivityReader(decoder: decoder).read(Data(contentsOf: url))
        let once = try reread(activity)
        #expect(try reread(once) == once)
    }
}
