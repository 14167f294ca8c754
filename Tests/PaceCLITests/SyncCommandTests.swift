import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// `pace sync` as real processes against `pace serve`: killed with SIGKILL in the middle of its
/// push and of its pull, then run again, the two devices end with the same objects.
@Suite(.serialized, .timeLimit(.minutes(5 * TestTime.scale))) struct SyncCommandTests {
    static let types: [HealthObjectType] = [.workout, .workoutRoute, .quantity(.heartRate)]

    /// Starts `pace serve` with an administrator on a free port; returns it and a token for `types`.
    static func server(_ runner: CommandRunner, _ directory: TemporaryDirectory) async throws -> (PaceServeProcess, String) {
        let server = try await PaceServeProcess(runner: runner, directory: directory)
        try await server.start()
        let identifiers = types.map(\.identifier)
        return (server, try await server.token(name: "devices", read: identifiers, share: identifiers))
    }

    /// Runs `pace sync` and kills it with SIGKILL once its state file holds `mark`; returns whether it was killed mid-run.
    static func killMidRun(_ runner: CommandRunner, _ arguments: [String], stateFile: String, mark: String) async throws -> Bool {
        let sync = Process()
        sync.executableURL = runner.executable
        sync.arguments = arguments
        sync.standardOutput = FileHandle.nullDevice
        sync.standardError = FileHandle.nullDevice
        try sync.run()
        while sync.isRunning {
            if let text = try? String(contentsOfFile: stateFile, encoding: .utf8), text.contains(mark) {
                kill(sync.processIdentifier, SIGKILL)
                break
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        while sync.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        return sync.terminationReason == .uncaughtSignal
    }

    static func objects(_ path: String) async throws -> [UUID: HealthObject] {
        let store = try HealthStore(path: path)
        let all = try await store.anchoredObjects(types.map { AnchoredObjectQuery(type: $0) }, limit: nil)
        return Dictionary(uniqueKeysWithValues: all.added.map { ($0.id, $0) })
    }

    @Test func syncKilledMidPushAndMidPullCompletesOnRerunWithBothStoresEqual() async throws {
        let runner = try CommandRunner()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (server, token) = try await Self.server(runner, directory)
        defer { server.stop() }
        let address = server.origin

        // The watch: a run with its route and 400 heart rates.
        let watch = directory.path("watch.sqlite"), phone = directory.path("phone.sqlite")
        let run = TestObjects.run()
        var objects: [HealthObject] = [.workout(run), .workoutRoute(TestObjects.route(for: run, count: 300))]
        objects += (0..<400).map { .quantitySample(TestObjects.heartRate(100 + Double($0 % 70), at: TestObjects.morning.addingTimeInterval(Double($0)))) }
        try await HealthStore(path: watch).save(objects)

        let pushArguments = ["sync", "--store", watch, "--server", address, "--token", token, "--batch-size", "4"]
        let pushKilled = try await Self.killMidRun(runner, pushArguments, stateFile: watch + ".sync.json", mark: "pushAnchor")
        #expect(pushKilled, "pace sync finished its push before it could be killed")
        let pushed = try await runner.run(pushArguments)
        #expect(pushed.status == 0 && pushed.standardOutput.contains("Pushed"), "\(pushed.standardOutput)\(pushed.standardError)")

        let pullArguments = ["sync", "--store", phone, "--server", address, "--token", token, "--page-size", "5"]
        let pullKilled = try await Self.killMidRun(runner, pullArguments, stateFile: phone + ".sync.json", mark: "pullAnchor")
        #expect(pullKilled, "pace sync finished its pull before it could be killed")
        let pulled = try await runner.run(pullArguments + ["--json"])
        #expect(pulled.status == 0, "\(pulled.standardError)")
        let report = try JSONSerialization.jsonObject(with: Data(pulled.standardOutput.utf8)) as? [String: Any]
        // What the killed run pulled goes up again once (this run does not know it pulled it), and the
        // server answers it as replays: nothing new is saved there (DECISIONS 127).
        #expect(report?["pushed"] as? Int == 0 && report?["pushedDeleted"] as? Int == 0, "\(pulled.standardOutput)")

        let onWatch = try await Self.objects(watch), onPhone = try await Self.objects(phone)
        #expect(onWatch.count == 402)
        #expect(onPhone == onWatch)
        let again = try await runner.run(["sync", "--store", watch, "--server", address, "--token", token, "--json"])
        let idle = try JSONSerialization.jsonObject(with: Data(again.standardOutput.utf8)) as? [String: Any]
        #expect(again.status == 0 && idle?["pushed"] as? Int == 0 && idle?["pulled"] as? Int == 0, "\(again.standardOutput)")
    }

    @Test func aBadServerAddressIsRefusedBeforeAnythingRuns() async throws {
        let runner = try CommandRunner()
        let result = try await runner.run(["sync", "--server", "ftp://example.org", "--token", "pace_x"])
        #expect(result.status != 0 && result.standardError.contains("--server must be an http or https address"), "\(result.standardError)")
    }
}
