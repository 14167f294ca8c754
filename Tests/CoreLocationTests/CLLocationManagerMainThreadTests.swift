import Foundation
import PaceTestSupport
import Testing

/// A program that makes its manager on the main thread receives its delegate calls whether it
/// runs `RunLoop.main.run(until:)` or calls `dispatchMain()` (CoreLocationRunLoopProbe, built
/// beside the tests, fed an NMEA file through `PACE_GPS`).
@Suite(.timeLimit(.minutes(3 * TestTime.scale)))
struct CLLocationManagerMainThreadTests {
    static let nmea = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PaceSensorsTests/Fixtures/gpsd/gpsd-nmea-rtk.log")

    /// Finds the probe next to the test bundle, where `swift build` puts every product.
    static func probe() throws -> URL {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [bundle, bundle.deletingLastPathComponent(), bundle.deletingLastPathComponent().deletingLastPathComponent(),
                          Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
            .map { $0.appendingPathComponent("CoreLocationRunLoopProbe") }
        return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
                            "CoreLocationRunLoopProbe is not built (searched \(candidates.map(\.path)))")
    }

    /// Runs the probe on a thread of its own, so the cooperative pool stays free.
    static func run(_ mode: String) async throws -> (status: Int32, output: String) {
        let executable = try probe()
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                let process = Process()
                process.executableURL = executable
                process.arguments = [mode]
                var environment = ProcessInfo.processInfo.environment
                environment["PACE_GPS"] = "nmea-file:" + nmea.path
                process.environment = environment
                let output = Pipe()
                process.standardOutput = output
                process.standardError = FileHandle.nullDevice
                do {
                    try process.run()
                    let data = output.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    continuation.resume(returning: (process.terminationStatus, String(decoding: data, as: UTF8.self)))
                } catch {
                    continuation.resume(throwing: error)
                }
            }.start()
        }
    }

    @Test(arguments: ["runloop", "dispatchmain"])
    func mainThreadManagerDeliversLocations(mode: String) async throws {
        let (status, output) = try await Self.run(mode)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(status == 0, "\(mode): \(output)")
        #expect(lines.first == "authorization 3", "\(lines.prefix(3))")
        #expect(lines.filter { $0.hasPrefix("location ") }.count == 3, "\(lines)")
        // RunLoop.main runs on the main thread; dispatchMain() serves the main queue from another.
        if mode == "runloop" { #expect(lines.filter { $0.hasPrefix("location ") }.allSatisfy { $0.hasSuffix("mainThread=true") }) }
    }
}
