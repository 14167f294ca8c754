import Foundation
import PaceModel
import PaceRecorder
import PaceSensors
import PaceStore
import PaceTestSupport
import Testing
@testable import PaceCLI

/// A source that plays a script of events (made when due, so readings carry the real time), then
/// waits to be cancelled.
struct LiveScriptedSource: SensorSource {
    /// One step: wait, then emit what `make` returns.
    struct Step: Sendable {
        var delay: Duration
        var make: @Sendable () -> SensorEvent
    }

    /// Whether the script has been played to the end.
    final class Progress: @unchecked Sendable {
        private let lock = NSLock()
        private var finished = false
        var isFinished: Bool { lock.withLock { finished } }
        func finish() { lock.withLock { finished = true } }
    }

    var description: String
    var streams: Set<SensorStream>
    var steps: [Step]
    let progress = Progress()

    func run(_ emit: @escaping @Sendable (SensorEvent) async -> Void) async {
        for step in steps {
            try? await Task.sleep(for: step.delay)
            if Task.isCancelled { return }
            await emit(step.make())
        }
        progress.finish()
        while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(20)) }
    }

}

extension LiveScriptedSource.Step {
    static func reading(after delay: Duration = .milliseconds(40), _ value: @escaping @Sendable () -> SensorReading.Value) -> Self {
        Self(delay: delay) { .reading(SensorReading(time: Date(), value: value())) }
    }

    static func event(after delay: Duration = .milliseconds(40), _ event: SensorEvent) -> Self {
        Self(delay: delay) { event }
    }
}

/// The live recording driver in-process, with scripted sources, real sysfs sources on fake trees,
/// a temporary store and the system clock.
@Suite("Live driver", .serialized)
struct LiveDriverTests {
    static func fix(_ latitude: Double) -> SensorReading.Value {
        .location(RouteLocation(timestamp: Date(), latitude: latitude, longitude: 2.2945, altitude: 35, speed: 2.5, horizontalAccuracy: 4))
    }

    static func kinds(_ workout: Workout) -> [String] {
        workout.events.compactMap { event in
            if case .string(let kind)? = event.metadata[SessionStateMachine.eventKindKey] { kind } else { nil }
        }
    }

    /// Runs a driver until every scripted source has finished, then asks it to stop.
    static func record(_ driver: LiveDriver, scripts: [LiveScriptedSource], stop: LiveDriver.Stop) async throws -> LiveDriver.Outcome {
        let running = Task { try await driver.run(printAcknowledgements: false) }
        let deadline = ContinuousClock.now + .seconds(90)
        while !scripts.allSatisfy(\.progress.isFinished), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        await driver.requestStop(stop, because: "test")
        return try await running.value
    }

    @Test("a SIGTERM that arrives while the store opens is held, and stops the recording as soon as the driver runs")
    func stopBeforeTheDriverExists() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let relay = LiveStopRelay()
        await relay.request(.leave, because: "SIGTERM")
        await relay.request(.finish, because: "SIGINT")
        let journal = RecordingJournal(store: try HealthStore(path: directory.path("health.sqlite")))
        let idle = LiveScriptedSource(description: "baro", streams: [.pressure], steps: [])
        let driver = try await LiveDriver.prepare(journal: journal, origin: "live:test-early-stop", sources: [idle], activityType: .walking,
                                                  resumeInterrupted: true, terminal: LiveTerminal(interactive: false, quiet: true))

        await relay.attach(driver)
        let outcome = try await driver.run(printAcknowledgements: false)

        guard case .left(let id) = outcome else {
            Issue.record("the first request (leave) should have stopped it: \(outcome)")
            return
        }
        await #expect(try journal.sessions().map(\.id) == [id])
        await #expect(try journal.sessions().map(\.status) == [.open])
    }

    @Test("disconnections become sensor gaps; a lost GPS becomes one GPS gap, not a sensor gap; skipped input is counted")
    func disconnections() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = RecordingJournal(store: try HealthStore(path: directory.path("health.sqlite")))
        let heart = LiveScriptedSource(description: "strap", streams: [.heartRate], steps: [
            .reading { .heartRate(HeartRateReading(beatsPerMinute: 120)) },
            .reading { .heartRate(HeartRateReading(beatsPerMinute: 122)) },
            .event(.disconnected(.heartRate, reason: "strap out of range")),
            .event(after: .milliseconds(300), .reconnected(.heartRate)),
            .reading { .heartRate(HeartRateReading(beatsPerMinute: 125)) },
        ])
        let gps = LiveScriptedSource(description: "gps", streams: [.location], steps: [
            .reading { LiveDriverTests.fix(48.8584) },
            .event(.skipped(SkippedInput(reason: "nmea.checksum", detail: "line 3"))),
            .event(.skipped(SkippedInput(reason: "nmea.checksum", detail: "line 4"))),
            .event(.skipped(SkippedInput(reason: "nmea.short", detail: "line 5"))),
            .event(.disconnected(.location, reason: "no fix")),
            .event(after: .milliseconds(300), .reconnected(.location)),
            .reading { LiveDriverTests.fix(48.8585) },
        ])
        let driver = try await LiveDriver.prepare(journal: journal, origin: "live:test-gaps", sources: [heart, gps], activityType: .running,
                                                  resumeInterrupted: true, terminal: LiveTerminal(interactive: false, quiet: true))
        #expect(await driver.streamStatus == [.heartRate: .waiting, .location: .waiting])
        let outcome = try await Self.record(driver, scripts: [heart, gps], stop: .finish)
        guard case .saved(let report) = outcome else {
            Issue.record("not saved: \(outcome)")
            return
        }
        #expect(report.skippedInput == ["nmea.checksum": 2, "nmea.short": 1])
        #expect(report.endedBy == "finish")
        #expect(report.sources == ["strap", "gps"])
        let json = try JSONSerialization.jsonObject(with: Data(try JSONOutput.encode(report).utf8)) as? [String: Any]
        #expect(json?["workoutID"] as? String == report.workoutID.uuidString)
        #expect(json?["skippedInput"] as? [String: Int] == ["nmea.checksum": 2, "nmea.short": 1])
        #expect(json?["endedBy"] as? String == "finish")
        #expect((json?["summary"] as? [String: Any])?["distance"] is Double)
        #expect(report.text().contains("skipped    nmea.checksum 2, nmea.short 1"))
        let workout = try #require(try await journal.store.workout(id: report.workoutID))
        let kinds = Self.kinds(workout)
        #expect(kinds.filter { $0 == "sensorGap.heartRate" }.count == 1, "\(kinds)")
        #expect(kinds.filter { $0 == "gpsGap" }.count == 1, "\(kinds)")
        #expect(!kinds.contains("sensorGap.location"), "GPS loss is marked once, as a GPS gap: \(kinds)")
        let gap = try #require(workout.events.first { $0.metadata[SessionStateMachine.eventKindKey] == .string("sensorGap.heartRate") })
        #expect((0.2...30).contains(gap.duration), "the gap spans the 0.3 s the strap was away: \(gap.duration)")
        #expect(try await journal.store.quantitySamples(of: .heartRate).count == 3)
        let status = await driver.streamStatus
        if case .live? = status[.heartRate] {} else { Issue.record("heart rate should be live again: \(String(describing: status[.heartRate]))") }
    }

    @Test("readings stamped far from the clock (a recorded log fed live, a receiver with a wrong date) are skipped, not recorded")
    func staleReadings() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = RecordingJournal(store: try HealthStore(path: directory.path("health.sqlite")))
        let old = Date(timeIntervalSince1970: 1_136_073_600) // 2006-01-01, as a 2006 NMEA log would carry
        let gps = LiveScriptedSource(description: "gps", streams: [.location], steps: [
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
        let driver = try await LiveDriver.prepare(journal: journal, origin: "live:test-stale", sources: [gps], activityType: .running,
                                                  resumeInterrupted: true, terminal: LiveTerminal(interactive: false, quiet: true))
        let outcome = try await Self.record(driver, scripts: [gps], stop: .finish)
        guard case .saved(let report) = outcome else {
            Issue.record("not saved: \(outcome)")
            return
        }
        #expect(report.skippedInput == ["live.clock": 2])
        #expect(try await journal.store.quantitySamples(of: .heartRate).map(\.quantity.value) == [120])
        #expect(try await journal.store.routes(forWorkout: report.workoutID).isEmpty)
    }

    @Test("a session left open resumes from the same sensors; a stream left disconnected reconnects at its first reading")
    func resume() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = RecordingJournal(store: try HealthStore(path: directory.path("health.sqlite")))
        let terminal = LiveTerminal(interactive: false, quiet: true)
        let first = LiveScriptedSource(description: "baro", streams: [.pressure], steps: [
            .reading { .pressure(pascals: 101_000) },
            .reading { .pressure(pascals: 101_001) },
            .event(.disconnected(.pressure, reason: "unplugged")),
        ])
        let driver = try await LiveDriver.prepare(journal: journal, origin: "live:baro=iio:0", sources: [first], activityType: .walking,
                                                  resumeInterrupted: true, terminal: terminal)
        guard case .left(let id) = try await Self.record(driver, scripts: [first], stop: .leave) else {
            Issue.record("the session should be left open")
            return
        }
        await #expect(try journal.sessions(openOnly: true).map(\.id) == [id])

        let other = try await LiveDriver.prepare(journal: journal, origin: "live:baro=iio:1", sources: [], activityType: .walking,
                                                 resumeInterrupted: true, terminal: terminal)
        #expect(other.session.id != id, "other sensors start their own session")
        try await other.session.discard()

        let second = LiveScriptedSource(description: "baro", streams: [.pressure], steps: [
            .reading(after: .milliseconds(200)) { .pressure(pascals: 100_990) },
            .reading { .pressure(pascals: 100_980) },
        ])
        let resumed = try await LiveDriver.prepare(journal: journal, origin: "live:baro=iio:0", sources: [second], activityType: .walking,
                                                   resumeInterrupted: true, terminal: terminal)
        #expect(resumed.session.id == id)
        guard case .saved(let report) = try await Self.record(resumed, scripts: [second], stop: .finish) else {
            Issue.record("the resumed session should be saved")
            return
        }
        let workout = try #require(try await journal.store.workout(id: report.workoutID))
        #expect(workout.activityType == .walking)
        let gap = try #require(workout.events.first { $0.metadata[SessionStateMachine.eventKindKey] == .string("sensorGap.pressure") })
        #expect(gap.endDate < workout.endDate, "the gap closed when the barometer's readings came back, not at the finish")
        let sessions = try await journal.sessions()
        #expect(sessions.first { $0.id == id }?.status == .saved)
        await #expect(try journal.contents(of: id).readingCount == 4)
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
        let driver = try await LiveDriver.prepare(journal: journal, origin: "live:battery=auto", sources: [source], activityType: .running,
                                                  resumeInterrupted: true, terminal: LiveTerminal(interactive: false, quiet: true))
        let running = Task { try await driver.run(printAcknowledgements: false) }
        let watchdog = Task {
            try await Task.sleep(for: .seconds(15))
            await driver.requestStop(.leave, because: "the session did not save itself within 15 s")
        }
        defer { watchdog.cancel() }
        // The session puts readings on its timeline 2 s (its lateness) after they arrive.
        try await Task.sleep(for: .seconds(2.6))
        #expect(await driver.session.state == .active, "low battery only marks")
        try write("capacity", "4")
        let outcome = try await running.value
        guard case .saved(let report) = outcome else {
            Issue.record("the session should have saved itself: \(outcome)")
            return
        }
        #expect(report.endedBy == "batteryCritical")
        let workout = try #require(try await journal.store.workout(id: report.workoutID))
        #expect(Self.kinds(workout).filter { $0.hasPrefix("battery") } == ["batteryLow", "batteryCritical"])
    }
}
