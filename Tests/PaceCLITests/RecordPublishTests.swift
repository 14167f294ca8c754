import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PaceTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `pace record --publish` with real processes: `pace serve`, then `pace record` on a scripted GPS
/// (an NMEA log of recent fixes) publishing to it, and a watcher following the session's
/// Server-Sent Events until the recording ends — its stream carries the route points and the end,
/// and the saved workout arrives through sync.
@Suite(.serialized, .timeLimit(.minutes(3 * TestTime.scale))) struct RecordPublishTests {

    /// A JSON answer of the server, read with `Authorization`.
    static func json(_ url: String, _ authorization: String) async throws -> (Int, Any?) {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.setValue(authorization, forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, try? JSONSerialization.jsonObject(with: data))
    }

    @Test func aWatcherReceivesTheRecordingsPointsAndItsEnd() async throws {
        let runner = try CommandRunner()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try await PaceServeProcess(runner: runner, directory: directory)
        try await server.start()
        defer { server.stop() }
        let base = server.origin

        // A token that may publish, read the live stream with its points, and receive the workout.
        let types = ["HKWorkoutTypeIdentifier", "HKWorkoutRouteTypeIdentifier"]
        let token = try await server.token(name: "phone", read: types, share: types)
        let bearer = "Bearer " + token

        // When `pace record` publishes a run from a scripted GPS
        let log = URL(fileURLWithPath: directory.path("run.nmea"))
        try LiveNMEALog.write(to: log, seconds: 60)
        let recorder = Process()
        recorder.executableURL = runner.executable
        recorder.arguments = ["record", "--gps", "nmea-file:" + log.path, "--store", directory.path("health.sqlite"),
                              "--publish", base, "--token", token]
        let recorderError = Pipe()
        recorder.standardOutput = FileHandle.nullDevice
        recorder.standardError = recorderError
        try recorder.run()
        defer { if recorder.isRunning { kill(recorder.processIdentifier, SIGKILL) } }

        // and a watcher follows the session once the server lists it
        var sessionID: String?
        for _ in 0..<600 where sessionID == nil && recorder.isRunning {
            let (_, list) = try await Self.json(base + "/api/v1/live", bearer)
            sessionID = (((list as? [String: Any])?["sessions"] as? [[String: Any]])?.first)?["id"] as? String
            if sessionID == nil { try await Task.sleep(for: .milliseconds(100)) }
        }
        let session = try #require(sessionID, "the session never appeared on the server")
        var watch = URLRequest(url: try #require(URL(string: base + "/api/v1/live/\(session)/events")))
        watch.setValue(bearer, forHTTPHeaderField: "Authorization")
        watch.timeoutInterval = 120
        let watcher = Task { try await URLSession.shared.data(for: watch) }
        // Once points are published, the recording is stopped (SIGTERM finishes and saves it)
        var published = 0
        for _ in 0..<600 where published < 2 && recorder.isRunning {
            let (_, record) = try await Self.json(base + "/api/v1/live/\(session)", bearer)
            published = (record as? [String: Any])?["lastSequence"] as? Int ?? 0
            if published < 2 { try await Task.sleep(for: .milliseconds(100)) }
        }
        kill(recorder.processIdentifier, SIGTERM)
        let stderr = String(decoding: recorderError.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        recorder.waitUntilExit()
        #expect(recorder.terminationStatus == 0, "\(stderr)")
        #expect(stderr.contains("Publishing live to \(base)"), "\(stderr)")

        // Then the watcher's stream carried the route points, numbered in order, and the end
        let (body, response) = try await watcher.value
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("text/event-stream") == true)
        let text = String(decoding: body, as: UTF8.self)
        let events = text.components(separatedBy: "\n\n").filter { $0.contains("data: ") }
        let ids = events.compactMap { block in block.split(separator: "\n").first { $0.hasPrefix("id: ") }.map { Int($0.dropFirst(4)) } ?? nil }
        #expect(!ids.isEmpty && ids == Array(1...ids.count), "\(text.prefix(2000))")
        let points = events.flatMap { block -> [[String: Any]] in
            guard let line = block.split(separator: "\n").first(where: { $0.hasPrefix("data: ") }),
                  let batch = try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8)) as? [String: Any] else { return [] }
            return batch["points"] as? [[String: Any]] ?? []
        }
        #expect(points.count >= 5, "\(text.prefix(2000))")
        #expect(points.allSatisfy { (($0["latitude"] as? Double) ?? 0) > 47.37 && (($0["latitude"] as? Double) ?? 0) < 47.39 })
        #expect(events.last?.contains("event: end") == true && events.last?.contains("\"outcome\":\"saved\"") == true, "\(text.suffix(1000))")

        // and the saved workout arrived through sync
        #expect(stderr.contains("Pushed the workout"), "\(stderr)")
        let (_, page) = try await Self.json(base + "/api/v1/workouts", bearer)
        #expect(((page as? [String: Any])?["workouts"] as? [Any])?.count == 1)
    }
}
