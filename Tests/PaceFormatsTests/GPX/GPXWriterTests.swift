import Foundation
import PaceFormats
import Testing

@Suite struct GPXWriterTests {
    static let start = utc(2024, 6, 1, 7, 30, 0)

    /// Four records with a pause between the second and third.
    static func activity() -> RecordedActivity {
        var records: [ActivityRecord] = []
        for index in 0..<4 {
            let offset: Double = Double(index) * 1.5 + (index >= 2 ? 60 : 0)
            let step: Double = Double(index)
            records.append(ActivityRecord(
                time: start.addingTimeInterval(offset), latitude: 47.123456789 + step * 1e-5,
                longitude: -8.987654321 - step * 1e-5, altitude: 410.25 + step, heartRate: 140 + step,
                cadence: 80 + step, temperature: index == 0 ? 21.5 : nil))
        }
        return RecordedActivity(
            sport: "running", name: "Tom & Jerry's <\"run\">",
            laps: [ActivityLap(records: Array(records[0..<3])), ActivityLap(records: [records[3]])],
            timerEvents: [ActivityTimerEvent(kind: .pause, time: start.addingTimeInterval(2)),
                          ActivityTimerEvent(kind: .resume, time: start.addingTimeInterval(62))])
    }

    @Test func roundTripsRecordsAndSplitsSegmentsAtPauses() throws {
        // Given an activity with a pause
        let activity = Self.activity()

        // When it is written and read back
        let document = try GPXReader().read(data: GPXWriter().data(for: activity), file: "out.gpx")

        // Then the records, names and pause survive
        let track = try #require(document.tracks.first)
        #expect(document.creator == "Pace")
        #expect(document.name == activity.name)
        #expect(document.time == Self.start)
        #expect(track.name == activity.name)
        #expect(track.sport == "running")
        #expect(track.laps.map(\.records.count) == [2, 2])
        #expect(track.timerEvents.map(\.kind) == [.pause, .resume])
        for (read, written) in zip(track.records, activity.records) {
            #expect(sameTime(read.time, written.time))
            #expect(abs(read.latitude! - written.latitude!) < 1e-8)
            #expect(abs(read.longitude! - written.longitude!) < 1e-8)
            #expect(read.altitude == written.altitude)
            #expect(read.heartRate == written.heartRate)
            #expect(read.cadence == written.cadence)
            #expect(read.temperature == written.temperature)
        }
        #expect(document.warnings.isEmpty)
    }

    @Test func writesExpectedMarkup() {
        let text = GPXWriter().string(for: Self.activity(), metadataTime: utc(2024, 6, 1, 9, 0, 0))
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"Pace\""))
        #expect(text.contains("<name>Tom &amp; Jerry&apos;s &lt;&quot;run&quot;&gt;</name>"))
        #expect(text.contains("<time>2024-06-01T09:00:00Z</time>"))
        #expect(text.contains("<trkpt lat=\"47.12345679\" lon=\"-8.98765432\"><ele>410.25</ele><time>2024-06-01T07:30:00Z</time>"
            + "<extensions><gpxtpx:TrackPointExtension><gpxtpx:atemp>21.5</gpxtpx:atemp><gpxtpx:hr>140</gpxtpx:hr>"
            + "<gpxtpx:cad>80</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions></trkpt>"))
        #expect(text.contains("<time>2024-06-01T07:30:01.5Z</time>"))
        #expect(text.components(separatedBy: "<trkseg>").count == 3)
    }

    @Test func leavesOutRecordsWithoutPositionAndOutOfRangeHeartRate() {
        let activity = RecordedActivity(laps: [ActivityLap(records: [
            ActivityRecord(time: Self.start, heartRate: 120),
            ActivityRecord(time: Self.start, latitude: 1, longitude: 2, heartRate: 0, cadence: 300),
        ])])
        let text = GPXWriter().string(for: activity)
        #expect(text.components(separatedBy: "<trkpt").count == 2)
        #expect(!text.contains("<extensions>"))
    }

    /// A time past the years 0000–9999 (here past about 292,000 years, where the conversion to
    /// microseconds trapped) has no `<time>`; the point is written, and ``GPXWriter/canWrite(_:)``
    /// says which times are left out.
    @Test func leavesOutTimesOutsideTheYearsGPXReadersTake() {
        let far = Date(timeIntervalSince1970: 1e13)
        let activity = RecordedActivity(laps: [ActivityLap(records: [
            ActivityRecord(time: far, latitude: 1, longitude: 2),
            ActivityRecord(time: Self.start, latitude: 1, longitude: 2.001),
        ])])
        let text = GPXWriter().string(for: activity)
        #expect(text.components(separatedBy: "<trkpt").count == 3)
        #expect(text.components(separatedBy: "<time>").count == 2 && text.contains("<time>2024-06-01T07:30:00Z</time>"))
        #expect(!GPXWriter.canWrite(far) && !GPXWriter.canWrite(Date(timeIntervalSince1970: 253_402_300_800)))
        #expect(GPXWriter.canWrite(Self.start) && GPXWriter.canWrite(Date(timeIntervalSince1970: -62_167_219_200)))
    }

    static let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint", "/opt/homebrew/bin/xmllint"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: xmllint != nil, "xmllint is not installed (apt-get install -y libxml2-utils)"))
    func validatesAgainstGPXAndTrackPointExtensionSchemas() throws {
        // Given a written file
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("pace-gpx-writer-\(UUID().uuidString).gpx")
        try GPXWriter().data(for: Self.activity()).write(to: output)
        defer { try? FileManager.default.removeItem(at: output) }

        // Then xmllint accepts it against GPX 1.1 alone and against GPX 1.1 + TrackPointExtension v1
        for schema in ["gpx-1.1.xsd", "pace-gpx-tpx1.xsd"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try #require(Self.xmllint))
            process.arguments = ["--noout", "--nonet", "--schema",
                                 GPXFixtures.directory.appendingPathComponent("schemas/\(schema)").path, output.path]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = Pipe()
            try process.run()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(schema): \(message)")
        }
    }
}
