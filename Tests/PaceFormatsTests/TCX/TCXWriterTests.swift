import Foundation
import PaceFormats
import Testing

@Suite struct TCXWriterTests {
    /// A ride with two laps, a pause inside the second lap, HR, cadence, power and speed.
    static func sampleRide() -> RecordedActivity {
        let start = TCXTestFixtures.utc(2024, 6, 1, 7, 30, 0)
        func record(_ second: Double, _ index: Int) -> ActivityRecord {
            ActivityRecord(time: start.addingTimeInterval(second),
                           latitude: 46.0569465 + Double(index) * 0.000123456789,
                           longitude: 14.5057515 - Double(index) * 0.000098765432,
                           altitude: 295.4 + Double(index) * 0.2, distance: Double(index) * 8.25,
                           speed: 8.25 + Double(index) / 100, heartRate: Double(120 + index),
                           cadence: Double(85 + index % 3), power: Double(200 + index * 5))
        }
        let first = ActivityLap(startTime: start, totalTimerTime: 3, distance: 24.75, calories: 12,
                                trigger: "distance", intensity: "active", records: (0..<4).map { record(Double($0), $0) })
        // Second lap: records at 4, 5.5 s, then a pause at 6 s and records again from 60 s
        let second = ActivityLap(startTime: start.addingTimeInterval(4),
                                 records: [record(4, 4), record(5.5, 5), record(60, 6), record(61.25, 7)])
        return RecordedActivity(sport: "cycling", name: "Morning <ride> & \"coffee\"", identifier: nil,
                                laps: [first, second],
                                timerEvents: [ActivityTimerEvent(kind: .pause, time: start.addingTimeInterval(6)),
                                              ActivityTimerEvent(kind: .resume, time: start.addingTimeInterval(59))],
                                deviceName: "Pace & Co")
    }

    /// Times outside the years a TCX reader takes are refused, naming the record; whole numbers past
    /// the schema's range (here past Int's, where the conversion trapped) are left out.
    @Test func valuesAStoreMayHoldButTCXCannotAreRefusedOrLeftOut() throws {
        var far = Self.sampleRide()
        far.laps[1].records[2].time = Date(timeIntervalSince1970: 1e13)
        #expect {
            try TCXWriter().write(far)
        } throws: { error in
            let error = error as? TCXError
            return error?.code == .unsupportedValue && error?.message.contains("record 3 of lap 2") == true
                && error?.message.contains("0000–9999") == true
        }
        var huge = Self.sampleRide()
        huge.laps[0].records[0].heartRate = 1e300
        huge.laps[0].records[1].power = -1e300
        huge.laps[0].calories = 1e19
        let text = String(decoding: try TCXWriter().write(huge), as: UTF8.self)
        let read = try #require(try TCXReader().read(Data(text.utf8), fileName: "huge.tcx").activities.first).recorded
        #expect(read.laps[0].records[0].heartRate == nil && read.laps[0].records[1].power == nil)
        #expect(read.laps[0].records[2].heartRate == 122 && read.laps[0].calories == 0)
    }

    @Test func roundTripKeepsLapsAndRecords() throws {
        // Given a ride written as TCX
        let ride = Self.sampleRide()
        let data = try TCXWriter().write(ride)

        // When it is read back
        let document = try TCXReader().read(data, fileName: "round-trip.tcx")
        let read = try #require(document.activities.first).recorded

        // Then laps and records match
        #expect(document.warnings.isEmpty)
        #expect(read.sport == "Biking")
        #expect(read.name == ride.name)
        #expect(read.deviceName == "Pace & Co")
        #expect(read.laps.count == 2)
        for (written, back) in zip(ride.laps, read.laps) {
            #expect(back.startTime == written.startTime)
            #expect(back.records.count == written.records.count)
            for (a, b) in zip(written.records, back.records) {
                #expect(abs(a.time!.timeIntervalSince(b.time!)) < 1e-6)
                #expect(abs(a.latitude! - b.latitude!) < 1e-8)
                #expect(abs(a.longitude! - b.longitude!) < 1e-8)
                #expect(b.altitude == a.altitude)
                #expect(b.distance == a.distance)
                #expect(b.heartRate == a.heartRate)
                #expect(b.cadence == a.cadence)
                #expect(b.power == a.power)
                #expect(b.speed == a.speed)
            }
        }
        // Stated totals are kept; missing ones are computed from the records
        #expect(read.laps[0].totalTimerTime == 3)
        #expect(read.laps[0].distance == 24.75)
        #expect(read.laps[0].calories == 12)
        #expect(read.laps[0].trigger == "Distance")
        #expect(read.laps[0].intensity == "Active")
        #expect(read.laps[0].averageHeartRate == 122)
        #expect(read.laps[0].maximumHeartRate == 123)
        #expect(read.laps[1].totalTimerTime == 2.75) // 1.5 s before the pause + 1.25 s after
        #expect(read.laps[1].distance == 33)
        #expect(read.laps[1].calories == 0)
        #expect(read.laps[1].maximumHeartRate == 127)
        // The pause became a second Track, which reads back as pause/resume at the track edges
        #expect(read.timerEvents == [
            ActivityTimerEvent(kind: .pause, time: TCXTestFixtures.utc(2024, 6, 1, 7, 30, 5.5)),
            ActivityTimerEvent(kind: .resume, time: TCXTestFixtures.utc(2024, 6, 1, 7, 31, 0)),
        ])
    }

    @Test func realFileRoundTrip() throws {
        // Given a real four-lap run, written and read again
        let original = try #require(try TCXReader().read(contentsOf: TCXTestFixtures.tcx("fr305-run-sample.tcx")).activities.first).recorded
        let read = try #require(try TCXReader().read(TCXWriter().write(original)).activities.first).recorded

        #expect(read.laps.map(\.records) == original.laps.map(\.records))
        #expect(read.laps.map(\.totalTimerTime) == original.laps.map(\.totalTimerTime))
        #expect(read.timerEvents == original.timerEvents)
        #expect(read.identifier == "2007-08-07T02:42:41Z")
    }

    /// Records whose times go back and forth: a track break "between" two of them could hold any
    /// pause, and each write-and-read would place others (the `tcx` fuzz target found it). Such an
    /// activity is written without track breaks, and written and read again it comes back the same.
    @Test func pausesOfRecordsOutOfTimeOrderAreNotWrittenAndTheRoundTripIsAFixedPoint() throws {
        let start = TCXTestFixtures.utc(2024, 6, 1, 7, 30, 0)
        let seconds: [Double] = [0, 10, 5, 20, 2, 30]
        let records = seconds.map { ActivityRecord(time: start.addingTimeInterval($0), latitude: 46, longitude: 14) }
        let activity = RecordedActivity(laps: [ActivityLap(startTime: start, records: records)],
                                        timerEvents: [ActivityTimerEvent(kind: .pause, time: start.addingTimeInterval(3)),
                                                      ActivityTimerEvent(kind: .resume, time: start.addingTimeInterval(4)),
                                                      ActivityTimerEvent(kind: .pause, time: start.addingTimeInterval(12)),
                                                      ActivityTimerEvent(kind: .resume, time: start.addingTimeInterval(15))])
        let text = try TCXWriter().string(for: activity)
        #expect(text.components(separatedBy: "<Track>").count == 2, "one Track for the lap")
        let once = try #require(try TCXReader().read(Data(text.utf8)).activities.first).recorded
        let twice = try #require(try TCXReader().read(TCXWriter().write(once)).activities.first).recorded
        #expect(once.timerEvents.isEmpty)
        #expect(once.laps.map(\.records) == twice.laps.map(\.records))
        #expect(once.timerEvents == twice.timerEvents)
        #expect(once.laps.flatMap(\.records).compactMap(\.time) == seconds.map { start.addingTimeInterval($0) })

        // The same records in time order keep both pauses as track breaks.
        let ordered = RecordedActivity(laps: [ActivityLap(startTime: start, records: records.sorted { $0.time! < $1.time! })],
                                       timerEvents: activity.timerEvents)
        #expect(try TCXWriter().string(for: ordered).components(separatedBy: "<Track>").count == 4, "three Tracks")
    }

    /// A lap without its own heart rates gets them from its records as they are written: a record's
    /// 387 bpm is out of TCX's 1…255 and left out, so it counts in neither the average nor the maximum
    /// (the `tcx` fuzz target found the maximum appearing only on the second write).
    @Test func aLapsHeartRatesComeFromTheRecordsValuesAsWritten() throws {
        let start = TCXTestFixtures.utc(2020, 12, 27, 15, 59, 0)
        let lap = ActivityLap(startTime: start, records: [ActivityRecord(time: start, heartRate: 2.4),
                                                          ActivityRecord(time: start.addingTimeInterval(30), heartRate: 387)])
        let once = try #require(try TCXReader().read(TCXWriter().write(RecordedActivity(laps: [lap]))).activities.first).recorded
        #expect(once.laps[0].averageHeartRate == 2 && once.laps[0].maximumHeartRate == 2)
        #expect(once.laps[0].records.map(\.heartRate) == [2, nil])
        let twice = try #require(try TCXReader().read(TCXWriter().write(once)).activities.first).recorded
        #expect(twice.laps == once.laps)
    }

    @Test func textIsEscaped() throws {
        let text = try TCXWriter().string(for: Self.sampleRide())
        #expect(text.contains("<Notes>Morning &lt;ride&gt; &amp; &quot;coffee&quot;</Notes>"))
        #expect(text.contains("<Name>Pace &amp; Co</Name>"))
    }

    @Test func recordWithoutTimeIsRefused() throws {
        let activity = RecordedActivity(laps: [ActivityLap(startTime: Date(timeIntervalSince1970: 0),
                                                           records: [ActivityRecord(time: nil, latitude: 1, longitude: 2)])])
        do {
            _ = try TCXWriter().write(activity)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .unsupportedValue)
            #expect(error.message == "<tcx>: record 1 of lap 1 has no time; TCX requires a time on every trackpoint")
        }
    }

    static let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint", "/opt/homebrew/bin/xmllint"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: xmllint != nil, "xmllint is not installed (apt-get install -y libxml2-utils)"))
    func writtenFileValidatesAgainstTheSchemas() throws {
        // Given written TCX files (a synthetic ride and a rewritten real run)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pace-tcx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let real = try #require(try TCXReader().read(contentsOf: TCXTestFixtures.tcx("fr220-run-4laps-hr-runcad.tcx")).activities.first)
        let files = [directory.appendingPathComponent("ride.tcx"), directory.appendingPathComponent("run.tcx")]
        try TCXWriter().write(Self.sampleRide()).write(to: files[0])
        try TCXWriter().write(real.recorded).write(to: files[1])

        // When xmllint validates them against TCX v2 + ActivityExtension v2 (local copies, no network)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.xmllint))
        process.arguments = ["--noout", "--nonet", "--schema", TCXTestFixtures.schema("pace-tcx-bundle.xsd").path] + files.map(\.path)
        let output = Pipe()
        process.standardError = output
        process.standardOutput = output
        try process.run()
        let log = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        // Then both validate
        #expect(process.terminationStatus == 0, "\(log)")
        #expect(log.contains("ride.tcx validates"))
        #expect(log.contains("run.tcx validates"))
    }
}
