import Foundation
import PaceModel
import PaceTestSupport
import Testing

/// Examples/ run as programs, as an app developer runs them: a health manager, a route recorded
/// from a replayed NMEA log and from a real gpsd fed by gpsfake, and a route read as it appears
/// by another process.
@Suite(.serialized, .timeLimit(.minutes(3 * TestTime.scale)))
struct ExamplesTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PaceSensorsTests/Fixtures/gpsd")

    @Test func theHealthManagerSavesAWalkAndReadsAWeekOfSteps() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try await ExampleProgram("HealthManager").run(environment: ["PACE_STORE": directory.path("health.sqlite"),
                                                                             "PACE_AUTHORIZATION": "grant"])
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(result.status == 0, "\(result.output)")
        #expect(lines.first?.hasPrefix("saved walk ") == true && lines.first?.hasSuffix(" duration 1800 s") == true)
        #expect(lines.filter { $0.hasSuffix(" steps") }.count == 7, "seven days: \(lines)")
        // The walk is the last 30 minutes: all of it today, or split with yesterday just after midnight.
        let steps = lines.filter { $0.hasSuffix(" steps") }.compactMap { Int($0.split(separator: " ").dropLast().last ?? "") }
        // Across midnight the walk's steps are split in proportion to its time on each day and the
        // example prints each day truncated (`Int(steps)`), so the two printed halves may add up to 3,199.
        let total = steps.reduce(0, +)
        let split = steps.filter { $0 > 0 }.count == 2
        #expect(steps.count == 7 && (total == 3200 || (split && total == 3199)), "the week holds the walk's 3,200 steps: \(lines)")
        #expect((steps.last ?? 0) > 0 && steps.dropLast(2).allSatisfy { $0 == 0 }, "today (and yesterday only across midnight): \(lines)")
    }

    @Test func aRouteRecordedFromAnNMEALogIsReadAsItAppearsByAnotherProcess() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let environment = ["PACE_STORE": directory.path("health.sqlite"), "PACE_AUTHORIZATION": "grant"]
        let reader = try ExampleProgram("ReadRoute").start(environment: environment)
        try await reader.waitForLine("ready")
        var recording = environment
        recording["PACE_GPS"] = "nmea-file:" + Self.fixtures.appendingPathComponent("gpsd-nmea-rtk.log").path
        let recorded = try await ExampleProgram("RecordRoute").run(arguments: ["100"], environment: recording)
        #expect(recorded.status == 0, "\(recorded.output)")
        let saved = try #require(recorded.output.split(separator: "\n").first { $0.hasPrefix("workout ") })
        let fields = saved.split(separator: " ")
        #expect(fields.count == 6 && fields[4] == "locations" && Int(fields[5]).map { $0 >= 9 } == true,
                "ten seconds of 10 Hz fixes give a route point a second: \(saved)")
        let read = try await reader.finish()
        #expect(read.status == 0, "\(read.output)")
        #expect(read.output.contains("route \(fields[3]) locations \(fields[5])"), "\(read.output)")
    }

    @Test func aLiveWorkoutKilledMidwayIsRecoveredAtRelaunchAndSaved() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let log = URL(fileURLWithPath: directory.path("run.nmea"))
        try LiveNMEALog.write(to: log, seconds: 60)
        var environment = ["PACE_STORE": directory.path("health.sqlite"), "PACE_AUTHORIZATION": "grant",
                           "PACE_BUNDLE_IDENTIFIER": "org.example.liveworkout", "PACE_GPS": "nmea-file:" + log.path]
        let first = try ExampleProgram("LiveWorkout").start(arguments: ["600"], environment: environment)
        let collecting = try #require(try await first.waitForLine(startingWith: "collecting distance "))
        // The recorder journals at least once a second; then the process is killed outright.
        try await Task.sleep(for: .seconds(2))
        kill(first.process.processIdentifier, SIGKILL)
        let killed = try await first.finish()
        #expect(killed.status == SIGKILL && !killed.output.contains("saved workout"), "\(killed.output)")

        // The relaunched app has no GPS: what it saves is what the killed one recorded.
        environment["PACE_GPS"] = "gpsd://127.0.0.1:9"
        let relaunched = try await ExampleProgram("LiveWorkout").run(arguments: ["1"], environment: environment)
        #expect(relaunched.status == 0, "\(relaunched.output)")
        #expect(relaunched.output.contains("recovered running workout"), "\(relaunched.output)")
        let saved = try #require(relaunched.output.split(separator: "\n").first { $0.hasPrefix("saved workout ") })
        let metres = saved.split(separator: " ").dropLast().last.flatMap { Int($0) } ?? 0
        let collected = collecting.split(separator: " ").dropLast().last.flatMap { Int($0) } ?? 0
        #expect(metres >= collected && metres > 50, "\(collecting) before the kill; \(saved) after recovery")
    }

    @Test func aRouteRecordedFromARealGPSD() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fake = try await GPSFakeProcess.start(log: Self.fixtures.appendingPathComponent("gpsd-nmea-rtk.log"),
                                                  singleShot: false, sentenceDelay: 0.05)
        defer { fake.stop() }
        let port = fake.port
        let recorded = try await ExampleProgram("RecordRoute").run(arguments: ["30"], environment: [
            "PACE_STORE": directory.path("health.sqlite"), "PACE_AUTHORIZATION": "grant", "PACE_GPS": "gpsd://127.0.0.1:\(port)",
        ])
        #expect(recorded.status == 0, "\(recorded.output)\n\(fake.stderr)")
        #expect(recorded.output.contains(" locations "), "\(recorded.output)")
    }
}

/// An example program built beside the tests.
struct ExampleProgram {
    let executable: URL

    init(_ name: String) throws {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [bundle, bundle.deletingLastPathComponent(), bundle.deletingLastPathComponent().deletingLastPathComponent(),
                          Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
            .map { $0.appendingPathComponent(name) }
        executable = try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
                                  "\(name) is not built (searched \(candidates.map(\.path)))")
    }

    /// Runs the program to its end, on a thread of its own.
    func run(arguments: [String] = [], environment: [String: String]) async throws -> (status: Int32, output: String) {
        try await start(arguments: arguments, environment: environment).finish()
    }

    /// Starts the program.
    func start(arguments: [String] = [], environment: [String: String]) throws -> RunningExample {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let running = RunningExample(process: process)
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            running.append(data)
        }
        try process.run()
        return running
    }
}

/// A started example program and what it printed so far.
final class RunningExample: @unchecked Sendable {
    let process: Process
    private let printed = Locked(Data())

    init(process: Process) {
        self.process = process
    }

    func append(_ data: Data) {
        printed.withLock { $0.append(data) }
    }

    var output: String { String(decoding: printed.withLock { $0 }, as: UTF8.self) }

    /// Waits until the program printed `line` (a bound of 60 s guards against a hang).
    func waitForLine(_ line: String) async throws {
        try await waitForLine(where: { $0 == line }, line)
    }

    /// Waits until the program printed a line starting with `prefix`, and returns it.
    @discardableResult
    func waitForLine(startingWith prefix: String) async throws -> String? {
        try await waitForLine(where: { $0.hasPrefix(prefix) }, prefix + "…")
    }

    @discardableResult
    private func waitForLine(where matches: (String) -> Bool, _ description: String) async throws -> String? {
        for _ in 0..<600 {
            if let line = output.split(separator: "\n").map(String.init).first(where: matches) { return line }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("'\(description)' was not printed: \(output)")
        return nil
    }

    /// Waits for the program's end, on a thread of its own.
    func finish() async throws -> (status: Int32, output: String) {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread {
                self.process.waitUntilExit()
                continuation.resume()
            }.start()
        }
        try await Task.sleep(for: .milliseconds(100))
        return (process.terminationStatus, output)
    }
}
