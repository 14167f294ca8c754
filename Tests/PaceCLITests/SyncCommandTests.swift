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
@Suite(.serialized, .timeLimit(.minutes(5))) struct SyncCommandTests {
    static let types: [HealthObjectType] = [.workout, .workoutRoute, .quantity(.heartRate)]

    /// Starts `pace serve` with an administrator on a free port; returns the process, its address and a token.
    static func server(_ runner: CommandRunner, _ directory: TemporaryDirectory) async throws -> (Process, String, String) {
        let data = directory.path("server")
        let passwordFile = directory.path("password")
        try "correct horse battery staple\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)
        let made = try await runner.run(["serve", "--data", data, "--create-admin", "admin", "--password-file", passwordFile])
        #expect(made.status == 0, "\(made.standardError)")
        let port = try GPSFakeProcess.freePort()
        let server = Process()
        server.executableURL = runner.executable
        server.arguments = ["serve", "--data", data, "--port", String(port)]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        let address = "http://127.0.0.1:\(port)"
        var request = URLRequest(url: try #require(URL(string: address + "/api/v1/tokens")))
        request.httpMethod = "POST"
        request.setValue("Basic " + Data("admin:correct horse battery staple".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let identifiers = types.map(\.identifier)
        request.httpBody = try JSONSerialization.data(withJSONObject: ["name": "devices", "read": identifiers, "share": identifiers])
        var answer: Data?
        for _ in 0..<150 where answer == nil {
            if let (body, response) = try? await URLSession.shared.data(for: request), (response as? HTTPURLResponse)?.statusCode == 201 {
                answer = body
            } else {
                try await Task.sleep(for: .milliseconds(200))
            }
        }
        let made2 = try #require(answer, "the server never made a token on port \(port)")
        let token = try #require((try JSONSerialization.jsonObject(with: made2) as? [String: Any])?["token"] as? String)
        return (server, address, token)
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
        let (server, address, token) = try await Self.server(runner, directory)
        defer { if server.isRunning { server.terminate() } }

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
