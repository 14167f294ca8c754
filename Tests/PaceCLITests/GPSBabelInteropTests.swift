import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// Where gpsbabel is installed, if it is.
private let gpsbabelPath = ["/usr/bin/gpsbabel", "/usr/local/bin/gpsbabel", "/opt/homebrew/bin/gpsbabel"]
    .first(where: FileManager.default.isExecutableFile(atPath:))

/// gpsbabel, a tool no one here wrote, reads the GPX, TCX and FIT files `pace export` writes.
@Suite(.enabled(if: gpsbabelPath != nil, "gpsbabel is not installed (apt-get install gpsbabel)"))
struct GPSBabelInteropTests {

    /// Runs gpsbabel over a file and returns its unicsv rows (header first).
    private func unicsv(format: String, file: String) throws -> [Substring] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(gpsbabelPath))
        process.arguments = ["-t", "-i", format, "-f", file, "-o", "unicsv", "-F", "-"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "gpsbabel failed on \(format)")
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
    }

    @Test func readsEveryExportedFormatWithAllPointsAndHeartRate() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let pace = try CommandRunner(environment: ["PACE_STORE": directory.path("health.sqlite"), "TZ": "UTC"])
        _ = try await pace.run(["import", ImportExportCommandTests.fixture("tcx/fr220-run-4laps-hr-runcad.tcx")])
        let store = try HealthStore(path: directory.path("health.sqlite"))
        let workout = try #require(try await store.workouts().first)
        let points = try #require(try await store.routes(forWorkout: workout.id).first).locations.count

        for (format, babelFormat) in [("gpx", "gpx"), ("tcx", "gtrnctr"), ("fit", "garmin_fit")] {
            let file = directory.path("export.\(format)")
            #expect(try await pace.run(["export", workout.id.uuidString, "--format", format, "--output", file]).status == 0)

            let rows = try unicsv(format: babelFormat, file: file)

            #expect(rows.count == points + 1, "\(format): \(rows.count - 1) points")
            let header = rows.first?.split(separator: ",") ?? []
            #expect(header.contains("Heartrate"), "\(format) heart rate")
            #expect(rows.dropFirst().first?.contains("40.038116,-105.258653") == true, "\(format) first point")
        }
    }
}
