import Foundation
import PaceModel
import PaceRecorder
import PaceSensors
import PaceStore
import PaceTestSupport
import Testing
@testable import PaceCLI

/// What `pace record` shows of a live recording: the final report (text and `--json`) and the
/// dashboard's lines.
@Suite("Live dashboard", .serialized)
struct LiveDashboardTests {
    @Test("the report of a live recording: the workout's fields, how it ended, the skipped input and the sources, in text and JSON")
    func report() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = RecordingJournal(store: try HealthStore(path: directory.path("health.sqlite")))
        let gps = ScriptedSensorSource(description: "gps", streams: [.location], steps: [
            .reading { .location(RouteLocation(timestamp: Date(), latitude: 48.8584, longitude: 2.2945, altitude: 35, speed: 2.5,
                                               horizontalAccuracy: 4)) },
            .event(.skipped(SkippedInput(reason: "nmea.checksum", detail: "line 3"))),
            .event(.skipped(SkippedInput(reason: "nmea.checksum", detail: "line 4"))),
            .event(.skipped(SkippedInput(reason: "nmea.short", detail: "line 5"))),
            .reading { .location(RouteLocation(timestamp: Date(), latitude: 48.8585, longitude: 2.2945, altitude: 35, speed: 2.5,
                                               horizontalAccuracy: 4)) },
        ])
        let heart = ScriptedSensorSource(description: "strap", streams: [.heartRate], steps: [
            .reading { .heartRate(HeartRateReading(beatsPerMinute: 120)) },
        ])
        let terminal = LiveTerminal(interactive: false, quiet: true)
        let recorder = try await RecordCommand.prepareLive(journal: journal, origin: "live:test-report", sources: [heart, gps],
                                                           activityType: .running, resumeInterrupted: true, terminal: terminal)
        let running = Task { try await RecordCommand.runLive(recorder, terminal: terminal, printAcknowledgements: false) }
        let deadline = ContinuousClock.now + TestTime.duration(.seconds(90))
        while ![gps, heart].allSatisfy(\.progress.isFinished), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        await recorder.requestStop(.finish, because: "test", terminal: terminal)
        guard case .saved(let result) = try await running.value else {
            Issue.record("not saved")
            return
        }
        let report = LiveRecordingReport(result)

        #expect(report.skippedInput == ["nmea.checksum": 2, "nmea.short": 1])
        #expect(report.endedBy == "finish")
        #expect(report.sources == ["strap", "gps"])
        let json = try JSONSerialization.jsonObject(with: Data(try JSONOutput.encode(report).utf8)) as? [String: Any]
        #expect(json?["workoutID"] as? String == report.workoutID.uuidString)
        #expect(json?["skippedInput"] as? [String: Int] == ["nmea.checksum": 2, "nmea.short": 1])
        #expect(json?["endedBy"] as? String == "finish")
        #expect((json?["summary"] as? [String: Any])?["distance"] is Double)
        #expect(report.text().contains("skipped    nmea.checksum 2, nmea.short 1"))
    }

    @Test("the clock line says how far the machine's clock is from the GPS, and which way")
    func clockNote() {
        #expect(LiveDashboard.clockNote(offset: 3 * 365 * 86_400).contains("behind the GPS"))
        #expect(LiveDashboard.clockNote(offset: 3 * 365 * 86_400) == "this machine's clock is 1095 days behind the GPS")
        #expect(LiveDashboard.clockNote(offset: -90 * 60) == "this machine's clock is 90 min ahead of the GPS")
        #expect(LiveDashboard.clockNote(offset: 3 * 3600 + 5 * 60) == "this machine's clock is 3 h 5 min behind the GPS")
    }

    @Test("the sensor lines: each stream's state, the skipped input, and the GPS time once taken")
    func sensorLines() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = RecordingJournal(store: try HealthStore(path: directory.path("health.sqlite")))
        let session = try await WorkoutSession.begin(configuration: WorkoutSessionConfiguration(activityType: .running), journal: journal,
                                                     clock: ManualSessionClock(Date(timeIntervalSince1970: 1_000)))
        let snapshot = await session.snapshot()
        let status = LiveRecordingStatus(
            snapshot: snapshot,
            streams: [.heartRate: .live(Date(timeIntervalSince1970: 999)), .location: .disconnected("no fix"),
                      .battery: .live(Date(timeIntervalSince1970: 990))],
            skippedInput: ["nmea.checksum": 2], batteryLevel: BatteryReading(level: 0.5, isCharging: true), timeOffset: 0)
        #expect(LiveDashboard.sensorLines(status) == [
            "  sensors  battery ok 50% charging · heartRate ok · location lost (no fix)",
            "  skipped  nmea.checksum 2",
        ])
        var corrected = status
        corrected.timeOffset = 7200
        #expect(LiveDashboard.sensorLines(corrected).last == "  clock    GPS time: this machine's clock is 2 h 0 min behind the GPS")
    }
}
