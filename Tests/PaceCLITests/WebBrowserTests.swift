import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PaceModel
import PaceTestSupport
import Testing

/// Pace's web pages in a real browser: `pace serve`, a workout uploaded through the API, then
/// headless Chromium (Debian's `chromium`, driven by Playwright from PyPI; Scripts/setup.sh installs
/// both) signs in, opens the list and the workout, and waits for the map and the chart to draw
/// (Tests/PaceCLITests/Browser/web_pages.py). No tiles are configured, so the route draws on the
/// plain background and no request leaves the machine. Screenshots go to `.build/screenshots/`.
@Suite(.serialized, .timeLimit(.minutes(5 * TestTime.scale))) struct WebBrowserTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theWorkoutPageDrawsItsMapAndChartWithNoConsoleError() async throws {
        let runner = try CommandRunner()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try await PaceServeProcess(runner: runner, directory: directory, extraArguments: ["--tiles", ""])
        try await server.start()
        defer { server.stop() }
        let types = ["HKWorkoutTypeIdentifier", "HKWorkoutRouteTypeIdentifier", "HKQuantityTypeIdentifierHeartRate"]
        let token = try await server.token(read: types, share: types)

        // A 40-minute run, uploaded and imported.
        let (id, metres) = try await Self.upload(ServerKillTests.gpx(points: 2400), to: server, token: token)
        let screenshots = try Self.screenshots()
        let result = try await Self.script("web_pages.py", [server.origin, PaceServeProcess.administrator, PaceServeProcess.password, id,
                                                            String(format: "%.2f km", metres / 1000), screenshots.path])
        #expect(result.0 == 0, "\(result.1)")
        #expect(FileManager.default.fileExists(atPath: screenshots.appendingPathComponent("workout.png").path))
    }

    /// Uploads a GPX file through the API, waits for its import and returns the listed newest
    /// workout's UUID and distance (metres).
    static func upload(_ gpx: Data, to server: PaceServeProcess, token: String) async throws -> (id: String, metres: Double) {
        let (status, job) = try await server.request("POST", "/uploads?format=gpx", token: token, body: gpx)
        #expect(status == 202)
        let done = try await server.finished(try #require(job["id"] as? String), token: token)
        #expect(done["status"] as? String == "done", "\(done)")
        let (_, page) = try await server.request("GET", "/workouts", token: token)
        let listed = try #require((page["workouts"] as? [[String: Any]])?.first)
        return (try #require(listed["id"] as? String), try #require(listed["totalDistance"] as? Double))
    }

    /// `.build/screenshots`, made when missing.
    static func screenshots() throws -> URL {
        let folder = root.appendingPathComponent(".build/screenshots")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs the browser script `name` (in Tests/PaceCLITests/Browser) on a thread of its own;
    /// returns its status and everything it printed.
    static func script(_ name: String, _ arguments: [String]) async throws -> (Int32, String) {
        let script = root.appendingPathComponent("Tests/PaceCLITests/Browser/" + name).path
        return try await ThreadBridge.run { () throws(any Error) -> (Int32, String) in try python([script] + arguments) }
    }

    /// Runs python3 with `arguments`; returns its status and everything it printed.
    static func python(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
