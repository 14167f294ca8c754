import Foundation
import PaceTestSupport
import Testing

@Suite struct TrackCommandTests {
    let directory: TemporaryDirectory
    let pace: CommandRunner

    init() throws {
        directory = try TemporaryDirectory()
        pace = try CommandRunner(environment: ["TZ": "UTC"])
    }

    /// 600 s due north along a meridian at 2.5 m/s (0.0000225° of latitude per second ≈ 2.5 m).
    private func writeTrack() throws -> String {
        var lines = ["t,lat,lon,ele,hacc,vacc,speed,course"]
        for second in 0..<600 {
            let latitude = 45 + Double(second) * 2.5 / 111_132.0
            lines.append("\(1_795_158_000 + second),\(latitude),7.0,300,3,5,2.5,0")
        }
        let path = directory.path("run.csv")
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func writesTheFilteredTrackAndTheSummary() async throws {
        defer { directory.remove() }
        let input = try writeTrack()
        let output = directory.path("out.csv")

        let result = try await pace.run(["track", input, "--activity", "running", "--live", "--output", output, "--json"])

        #expect(result.status == 0, "\(result.standardError)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let distance = try #require(summary["distanceMeters"] as? Double)
        #expect(abs(distance - 1497.5) < 15, "distance \(distance)")
        #expect(summary["mode"] as? String == "live")
        #expect((summary["kilometerSplits"] as? [Any])?.count == 2)
        #expect(summary["movingSeconds"] as? Double ?? 0 > 590)
        let csv = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
        #expect(csv.first == "t,lat,lon,ele,speed,dist,gain")
        #expect(csv.count == 601)
        let last = csv.last?.split(separator: ",", omittingEmptySubsequences: false) ?? []
        let lastDistance = last.count == 7 ? Double(last[5]) ?? 0 : 0
        #expect(abs(lastDistance - distance) < 0.01)
        #expect(last.count == 7 && Double(last[6]) == summary["elevationGainMeters"] as? Double)
    }

    @Test func textSummaryShowsDistanceTimeAndSplits() async throws {
        defer { directory.remove() }
        let result = try await pace.run(["track", try writeTrack(), "--activity", "running"])

        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("Distance     1.50 km ± "))
        #expect(result.standardOutput.contains("\nMoving time  "))
        #expect(result.standardOutput.contains("\nKM  DISTANCE  TIME  PACE\n1   1.00 km   6:40  6:40 /km\n"))
    }

    @Test func badCSVIsReportedWithFileLineAndColumn() async throws {
        defer { directory.remove() }
        let input = directory.path("bad.csv")
        try "t,lat,lon\n1,45,7\n2,forty,7\n".write(toFile: input, atomically: true, encoding: .utf8)

        let result = try await pace.run(["track", input])

        #expect(result.status == 1)
        #expect(result.standardError == "Error: \(input):3:2: lat 'forty' is not a number\n")
    }

    @Test func missingFileAndUnknownActivityAreUsageErrors() async throws {
        defer { directory.remove() }
        let missing = try await pace.run(["track", directory.path("nope.csv")])
        #expect(missing.status == 64)
        #expect(missing.standardError.hasPrefix("Error: Cannot read '\(directory.path("nope.csv"))'"))

        let activity = try await pace.run(["track", try writeTrack(), "--activity", "flying"])
        #expect(activity.status == 64)
    }
}

@Suite struct TrackCommandFileTests {
    @Test func readsATCXFile() async throws {
        let file = ImportExportCommandTests.fixture("tcx/fr220-run-4laps-hr-runcad.tcx")

        let result = try await CommandRunner().run(["track", file, "--activity", "running", "--json"])

        #expect(result.status == 0, "\(result.standardError)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let fixes = try #require(summary["fixes"] as? [String: Any])
        #expect(fixes["total"] as? Int == 49)
        #expect((summary["distanceMeters"] as? Double ?? 0) > 0)
    }
}
