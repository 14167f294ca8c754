import Foundation
import PaceModel
import PaceRecorder
import PaceSensors
import PaceStore
import PaceTestSupport
import Testing

/// The live recorder in-process, with scripted sources, real sysfs sources on fake trees, a
/// temporary store and the system clock.
@Suite("Live recorder", .serialized)
struct LiveRecorderTests {
    static func fix(_ latitude: Double) -> SensorReading.Value {
        .location(RouteLocation(timestamp: Date(), latitude: latitude, longitude: 2.2945, altitude: 35, speed: 2.5, horizontalAccuracy: 4))
    }

    static func kinds(_ workout: Workout) -> [String] {
        workout.events.compactMap { event in
            if case .string(let kind)? = event.metadata[SessionStateMachine.eventKindKey] { kind } else { nil }
        }
    }

    /// Runs a recorder until every scripted source has finished, then asks it to stop.
    static func record(_ recorder: LiveRecorder, scripts: [ScriptedSensorSource],
                       stop: LiveRecorder.Stop) async throws -> LiveRecorder.Outcome {
        let running = Task { try await recorder.run() }
        let deadline = ContinuousClock.now + TestTime.duration(.seconds(90))
        while !scripts.allSatisfy(\.progress.isFinished), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        await recorder.requestStop(stop)
        return try await running.value
    }

    @Test("disconnections become sensor gaps; a lost GPS becomes one GPS gap, not a sensor gap; skipped input is counted")
    func disconnections() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = RecordingJournal(store: try HealthStore(path: directory.path("health.sqlite")))
        let heart = ScriptedSensorSource(description: "strap", streams: [.heartRate], steps: [
            .reading { .heartRate(HeartRateReading(beatsPerMinute: 120)) },
            .reading { .heartRate(HeartRateReading(beatsPerMinute: 122)) },
            .event(.disconnected(.heartRate, reason: "strap out of range")),
            .event(after: .milliseconds(300), .reconnected(.heartRate)),
            .reading { .heartRate(HeartRateReading(beatsPerMinute: 125)) },
        ])
        let gps = ScriptedSensorSource(description: "gps", streams: [.location], steps: [
            .reading { LiveRecorderTests.fix(48.8584) },
            .event(.skipped(SkippedInput(reason: "nmea.checksum", detail: "line 3"))),
            .event(.skipped(SkippedInput(reason: "nmea.checksum", detail: "line 4"))),
            .event(.skipped(SkippedInput(reason: "nmea.short", detail: "line 5"))),
            .event(.disconnected(.location, reason: "no fix")),
            .event(after: .milliseconds(300), .reconnected(.location)),
            .reading { LiveRecorderTests.fix(48.8585) },
        ])
        let recorder = try await LiveRecorder.prepare(journal: journal, origin: "live:test-gaps", sources: [heart, gps],
                                                      activityType: .running)
        #expect(recorder.start == .began)
        #expect(await recorder.streamStatus == [.heartRate: .waiting, .location: .waiting])
        let updates = recorder.updates()
        let collected = Task { await updates.reduce(into: [LiveRecordingUpdate]()) { $0.append($1) } }
        let outcome = try await Self.record(recorder, scripts: [heart, gps], stop: .finish)
        guard case .saved(let result) = outcome else {
            Issue.record("not saved: \(outcome)")
            return
        }
        #expect(result.skippedInput == ["nmea.checksum": 2, "nmea.short": 1])
        #expect(result.ending == .finish)
        #expect(result.sources == ["strap", "gps"])
        let workout = try #require(try await journal.store.workout(id: result.workout.id))
        let kinds = Self.kinds(workout)
        #expect(kinds.filter { $0 == "sensorGap.heartRate" }.count == 1, "\(kinds)")
        #expect(kinds.filter { $0 == "gpsGap" }.count == 1, "\(kinds)")
        #expect(!kinds.contains("sensorGap.location"), "GPS loss is marked once, as a GPS gap: \(kinds)")
        let gap = try #require(workout.events.first { $0.metadata[SessionStateMachine.eventKindKey] == .string("sensorGap.heartRate") })
        #expect((0.2...30).contains(gap.duration), "the gap spans the 0.3 s the strap was away: \(gap.duration)")
        #expect(try await journal.store.quantitySamples(of: .heartRate).count == 3)
        let status = await recorder.streamStatus
        if case .live? = status[.heartRate] {} else { Issue.record("heart rate should be live again: \(String(describing: status[.heartRate]))") }

        // The displays heard of it all through the updates, and the last update is the final status.
        let seen = await collected.value
        #expect(seen.contains(.disconnected(.heartRate, reason: "strap out of range")))
        #expect(seen.contains(.reconnected(.location)))
        #expect(seen.contains(.skipped(SkippedInput(reason: "nmea.checksum", detail: "line 4"), count: 2)))
        guard case .status(let last)? = seen.last else {
            Issue.record("the last update should be the final status: \(String(describing: seen.last))")
            return
        }
        #expect(last.snapshot.state == .saved)
        #expect(last.skippedInput == ["nmea.checksum": 2, "nmea.short": 1])
    }

    @Test("readings stamped far from the clock (a recorded log fed live, a receiver with a wrong date) are skipped, not recorded")
    func staleReadings() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = RecordingJournal(store: try HealthStore(path: directory.path("health.sqlite")))
        let old = Date(timeIntervalSince1970: 1_136_073_600) // 2006-01-01, as a 2006 NMEA log would carry
        let gps = ScriptedSensorSource(description: "gps", streams: [.location], steps: [
            .init(delay: .milliseconds(40)) {
                .reading(SensorReading(time: old, value: .location(RouteLocation(timestamp: old, latitude: 48.85, longitude: 2.29,
                                                                                 altitude: 35, speed: 2, horizontalAccuracy: 4))))
            },
            .init(delay: .milliseconds(40)) {
                let rolledOver = Date().addingTimeInterval(-1024 * 7 * 86_400)
                return .reading(SensorReading(time: rolledOver, value: .heartRate(HeartRateReading(beatsPerMinute: 99))))
            },
            .reading { .heartRate(HeartRateReading(beatsPerMinute: 120)) },
        ])
        let recorder = try await LiveRecorder.prepare(journal: journal, origin: "live:test-stale", sources: [gps], activityType: .running)
        let outcome = try await Self.record(recorder, scripts: [gps], stop: .finish)
        guard case .saved(let result) = outcome else {
            Issue.record("not saved: \(outcome)")
            return
        }
        #expect(result.skippedInput == ["live.clock": 2])
        #expect(try await journal.store.quantitySamples(of: .heartRate).map(\.quantity.value) == [120])
        #expect(try await journal.store.routes(forWorkout: result.workout.id).isEmpty)
    }

    @Test("a session left open resumes from the same sensors; a stream left disconnected reconnects at its first reading")
    func resume() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = RecordingJournal(store: try HealthStore(path: directory.path("health.sqlite")))
        let first = ScriptedSensorSource(description: "baro", streams: [.pressure], steps: [
            .reading { .pressure(pascals: 101_000) },
            .reading { .pressure(pascals: 101_001) },
            .event(.disconnected(.pressure, reason: "unplugged")),
        ])
        let recorder = try await LiveRecorder.prepare(journal: journal, origin: "live:baro=iio:0", sources: [first], activityType: .walking)
        guard case .left(let id) = try await Self.record(recorder, scripts: [first], stop: .leave) else {
            Issue.record("the session should be left open")
            return
        }
        await #expect(try journal.sessions(openOnly: true).map(\.id) == [id])

        let other = try await LiveRecorder.prepare(journal: journal, origin: "live:baro=iio:1", sources: [], activityType: .walking)
        #expect(other.session.id != id, "other sensors start their own session")
        #expect(other.waitingSessions.map(\.id) == [id], "the interrupted session waits")
        try await other.session.discard()

        let second = ScriptedSensorSource(description: "baro", streams: [.pressure], steps: [
            .reading(after: .milliseconds(200)) { .pressure(pascals: 100_990) },
            .reading { .pressure(pascals: 100_980) },
        ])
        let resumed = try await LiveRecorder.prepare(journal: journal, origin: "live:baro=iio:0", sources: [second], activityType: .walking)
        #expect(resumed.session.id == id)
        guard case .resumed(journaledReadings: 2, gap: _) = resumed.start else {
            Issue.record("should say it resumed after 2 readings: \(resumed.start)")
            return
        }
        guard case .saved(let result) = try await Self.record(resumed, scripts: [second], stop: .finish) else {
            Issue.record("the resumed session should be saved")
            return
        }
        let workout = try #require(try await journal.store.workout(id: result.workout.id))
        #expect(workout.activityType == .walking)
        let gap = try #require(workout.events.first { $0.metadata[SessionStateMachine.eventKindKey] == .string("sensorGap.pressure") })
        #expect(gap.endDate < workout.endDate, "the gap closed when the barometer's readings came back, not at the finish")
        let sessions = try await journal.sessions()
        #expect(sessions.first { $0.id == id }?.status == .saved)
        await #expect(try journal.contents(of: id).readingCount == 4)
    }

    @Test("resuming can be declined: a new session begins and the interrupted one waits")
    func declineResume() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = RecordingJournal(store: try HealthStore(path: directory.path("health.sqlite")))
        let left = try await LiveRecorder.prepare(journal: journal, origin: "live:test-new", sources: [], activityType: .walking)
        await left.requestStop(.leave)
        guard case .left(let id) = try await left.run() else {
            Issue.record("the session should be left open")
            return
        }
        let fresh = try await LiveRecorder.prepare(journal: journal, origin: "live:test-new", sources: [], activityType: .walking,
                                                   resumeInterrupted: false)
        #expect(fresh.session.id != id)
        #expect(fresh.start == .began)
        #expect(fresh.waitingSessions.map(\.id) == [id])
        try await fresh.session.discard()
    }

    @Test("battery end to end: BatterySource on a fake tree → batteryLow marker, then at 4 % the session saves itself")
    func battery() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tree = directory.url.appendingPathComponent("power_supply")
        let battery = tree.appendingPathComponent("BAT0")
        try FileManager.default.createDirectory(at: battery, withIntermediateDirectories: true)
        func write(_ name: String, _ value: String) throws {
            try Data((value + "\n").utf8).write(to: battery.appendingPathComponent(name))
        }
        try write("type", "Battery")
        try write("status", "Discharging")
        try write("capacity", "12")
        let journal = RecordingJournal(store: try HealthStore(path: directory.path("health.sqlite")))
        let source = BatterySource(path: nil, root: tree.path, interval: .milliseconds(100))
        let recorder = try await LiveRecorder.prepare(journal: journal, origin: "live:battery=auto", sources: [source], activityType: .running)
        let running = Task { try await recorder.run() }
        let watchdog = Task {
            try await Task.sleep(for: .seconds(15))
            await recorder.requestStop(.leave)  // the session did not save itself within 15 s
        }
        defer { watchdog.cancel() }
        // The session puts readings on its timeline 2 s (its lateness) after they arrive.
        try await Task.sleep(for: .seconds(2.6))
        #expect(await recorder.session.state == .active, "low battery only marks")
        #expect(await recorder.batteryLevel.map { abs($0.level - 0.12) < 0.001 } == true)
        try write("capacity", "4")
        let outcome = try await running.value
        guard case .saved(let result) = outcome else {
            Issue.record("the session should have saved itself: \(outcome)")
            return
        }
        #expect(result.ending == .batteryCritical)
        let workout = try #require(try await journal.store.workout(id: result.workout.id))
        #expect(Self.kinds(workout).filter { $0.hasPrefix("battery") } == ["batteryLow", "batteryCritical"])
    }
}
