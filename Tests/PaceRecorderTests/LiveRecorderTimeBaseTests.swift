import Foundation
import PaceModel
import PaceRecorder
import PaceSensors
import PaceStore
import PaceTestSupport
import Testing

/// A machine clock that runs with real time at a fixed offset from it (a board booted with a stale date).
private struct OffsetClock: SessionClock {
    var offset: Double
    func now() -> Date { Date().addingTimeInterval(offset) }
}

/// Live recordings where the sensors' time and the machine's clock disagree.
@Suite("Live recorder time base", .serialized)
struct LiveRecorderTimeBaseTests {
    /// NMEA RMC and GGA sentences for a fix, with checksums.
    static func nmea(time: Date, latitude: Double, longitude: Double, knots: Double) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: time)
        let clock = String(format: "%02d%02d%02d.%02d", parts.hour!, parts.minute!, parts.second!, parts.nanosecond! / 10_000_000)
        let date = String(format: "%02d%02d%02d", parts.day!, parts.month!, parts.year! % 100)
        func angle(_ value: Double, degreeDigits: Int) -> String {
            let degrees = Int(value)
            return String(format: "%0\(degreeDigits)d%07.4f", degrees, (value - Double(degrees)) * 60)
        }
        let lat = angle(latitude, degreeDigits: 2), lon = angle(longitude, degreeDigits: 3)
        func sentence(_ body: String) -> String {
            "$" + body + "*" + String(format: "%02X", body.utf8.reduce(UInt8(0), ^)) + "\r\n"
        }
        return sentence("GPRMC,\(clock),A,\(lat),N,\(lon),E,\(String(format: "%.2f", knots)),90.0,\(date),,,A")
            + sentence("GPGGA,\(clock),\(lat),N,\(lon),E,1,09,0.9,35.0,M,47.0,M,,")
    }

    @Test("an NMEA log stamped from now onwards, finished after a few seconds: the workout is saved with its events inside it",
          arguments: [290, 130, 150])
    func readingsAheadOfTheClock(stopAfter fixes: Int) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let start = Date().addingTimeInterval(1).rounded()
        var text = ""
        var east = 0.0
        for second in 0..<300 {
            let moving = !(120..<160).contains(second)
            if moving, second > 0 { east += 3 }
            text += Self.nmea(time: start.addingTimeInterval(Double(second)), latitude: 46.05,
                              longitude: 14.5 + east / (111_320 * cos(46.05 * .pi / 180)), knots: moving ? 5.83 : 0)
        }
        let path = directory.path("run.nmea")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let journal = RecordingJournal(store: try HealthStore(path: directory.path("health.sqlite")))
        let recorder = try await LiveRecorder.prepare(journal: journal, origin: "live:gps=nmea-file:run.nmea",
                                                      sources: [NMEASource(file: path)], activityType: .running)
        let running = Task { try await recorder.run() }
        let deadline = ContinuousClock.now + TestTime.duration(.seconds(30))
        while await recorder.session.currentMetrics.route.count < fixes, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        await recorder.requestStop(.finish)
        guard case .saved(let result) = try await running.value else {
            Issue.record("the recording should be saved")
            return
        }
        let workout = try #require(try await journal.store.workout(id: result.workout.id))
        #expect(workout.endDate >= start.addingTimeInterval(Double(fixes)), "the collection ends at the last fix, minutes ahead of the clock")
        if fixes > 160 {
            #expect(workout.events.contains { $0.type == .motionPaused }, "the 40 s stop auto-pauses: \(workout.events.map(\.type))")
        }
        #expect(workout.events.allSatisfy { $0.startDate >= workout.startDate && $0.endDate <= workout.endDate })
        await #expect(try journal.sessions(openOnly: true).isEmpty)
    }

    @Test("a machine clock years behind a live GPS: the session takes the GPS's time, keeps every fix and corrects the other streams")
    func adoptsTheGPSTime() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = RecordingJournal(store: try HealthStore(path: directory.path("health.sqlite")))
        let machine = OffsetClock(offset: -3 * 365 * 86_400)
        let firstFix = Locked<Date?>(nil)
        let steps = (0..<28).map { index in
            ScriptedSensorSource.Step(delay: .milliseconds(200)) {
                // The receiver is right: its fixes carry the real time.
                let time = Date()
                if index == 0 { firstFix.withLock { $0 = time } }
                return .reading(SensorReading(time: time, value: LiveRecorderTests.fix(48.85 + Double(index) * 0.000_01)))
            }
        }
        let gps = ScriptedSensorSource(description: "gps", streams: [.location], steps: steps)
        let heart = ScriptedSensorSource(description: "strap", streams: [.heartRate], steps: (0..<10).map { _ in
            // The strap's readings are stamped by this machine, on its wrong clock.
            ScriptedSensorSource.Step(delay: .milliseconds(500)) {
                .reading(SensorReading(time: machine.now(), value: .heartRate(HeartRateReading(beatsPerMinute: 130))))
            }
        })
        let before = Date()
        let recorder = try await LiveRecorder.prepare(journal: journal, origin: "live:test-time-base", sources: [gps, heart],
                                                      activityType: .running, clock: machine)
        let updates = recorder.updates()
        let collected = Task { await updates.reduce(into: [LiveRecordingUpdate]()) { $0.append($1) } }
        let outcome = try await LiveRecorderTests.record(recorder, scripts: [gps, heart], stop: .finish)
        guard case .saved(let result) = outcome else {
            Issue.record("not saved: \(outcome)")
            return
        }
        #expect(result.skippedInput.isEmpty, "nothing is skipped once the GPS gives the time: \(result.skippedInput)")
        let workout = try #require(try await journal.store.workout(id: result.workout.id))
        #expect(abs(workout.startDate.timeIntervalSince(before)) < 30, "dated by the GPS, not the machine: \(workout.startDate)")
        let route = try await journal.store.routes(forWorkout: workout.id).first?.locations ?? []
        #expect(route.count >= 5, "5.6 s of fixes, one route point a second: \(route.count)")
        // The route starts at the first fix (however late a loaded machine ran the script after the
        // session's start): the fixes held while the time base was judged (the first 4 s) are kept.
        let first = try #require(firstFix.withLock { $0 })
        #expect(route.first.map { abs($0.timestamp.timeIntervalSince(first)) < 1 } == true,
                "the fixes held while the time base was judged (the first 4 s) are in the route: \(route.first?.timestamp as Any) vs \(first)")
        let rates = try await journal.store.quantitySamples(of: .heartRate)
        #expect(!rates.isEmpty)
        #expect(rates.allSatisfy { abs($0.startDate.timeIntervalSince(before)) < 60 }, "the strap's times are corrected too")
        // The machine's clock is behind the GPS by the three years it was set back.
        let offset = await recorder.timeOffset
        #expect(abs(offset - 3 * 365 * 86_400) < 60, "\(offset)")
        let adoptions = await collected.value.filter { if case .timeBaseAdopted = $0 { true } else { false } }
        #expect(adoptions == [.timeBaseAdopted(offset: offset)])
        let events = try await journal.contents(of: try #require(try journal.sessions().first?.id)).entries.compactMap { entry -> String? in
            if case .event(let event) = entry.1 { event.kind } else { nil }
        }
        #expect(events.filter { $0 == "timeBase" }.count == 1)
    }

    @Test("a log read at once on a machine with a wrong clock is still told apart and skipped")
    func fastLogStillSkipped() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = RecordingJournal(store: try HealthStore(path: directory.path("health.sqlite")))
        let machine = OffsetClock(offset: -3 * 365 * 86_400)
        let origin = Date()
        let steps = (0..<40).map { index in
            ScriptedSensorSource.Step(delay: .milliseconds(5)) {
                .reading(SensorReading(time: origin.addingTimeInterval(Double(index)), value: LiveRecorderTests.fix(48.85)))
            }
        }
        let gps = ScriptedSensorSource(description: "gps", streams: [.location], steps: steps)
        let recorder = try await LiveRecorder.prepare(journal: journal, origin: "live:test-fast-log", sources: [gps],
                                                      activityType: .running, clock: machine)
        guard case .saved(let result) = try await LiveRecorderTests.record(recorder, scripts: [gps], stop: .finish) else {
            Issue.record("not saved")
            return
        }
        #expect(result.skippedInput == ["live.clock": 40])
        #expect(try await journal.store.routes(forWorkout: result.workout.id).isEmpty)
        #expect(await recorder.timeOffset == 0, "the GPS's time was not taken")
    }
}

private extension Date {
    func rounded() -> Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.up)) }
}
