import Foundation
import PaceFormats
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
    /// A FIT ride's `absolute_pressure` is fused: 40 m up and down over 20 minutes at 8 m/s, GPS altitude
    /// wandering ±10 m, the barometer 2 hPa high and drifting with the weather.
    @Test func fusesAFITFilesBarometer() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let pace = try CommandRunner(environment: ["TZ": "UTC"])
        let start = Date(timeIntervalSince1970: 1_795_158_000)
        func truth(_ second: Int) -> Double { 300 + 20 * (1 - cos(2 * Double.pi * Double(second) / 1_200)) }
        func records(pressure: Bool) -> [ActivityRecord] {
            (0..<1_200).map { second in
                let standard = 101_325 * pow(1 - 2.255_77e-5 * truth(second), 5.255_88)
                return ActivityRecord(time: start.addingTimeInterval(Double(second)),
                                      latitude: 45 + Double(second) * 8 / 111_132.0, longitude: 7,
                                      altitude: truth(second) + 10 * sin(2 * Double.pi * Double(second) / 150),
                                      speed: 8, pressure: pressure ? standard + 200 + Double(second) / 72 : nil)
            }
        }
        func gain(pressure: Bool) async throws -> Double {
            let path = directory.path(pressure ? "baro.fit" : "gps.fit")
            let activity = RecordedActivity(sport: "cycling", laps: [ActivityLap(records: records(pressure: pressure))])
            try FITActivityWriter().write(activity).write(to: URL(fileURLWithPath: path))
            let result = try await pace.run(["track", path, "--activity", "cycling", "--json"])
            #expect(result.status == 0, "\(result.standardError)")
            let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
            return try #require(summary["elevationGainMeters"] as? Double)
        }
        let barometric = try await gain(pressure: true)
        #expect(abs(barometric - 40) <= 3, "with the barometer: \(barometric) m of 40")
        // Without the pressures the same file is GPS-only, whose ±10 m wander costs accuracy.
        let gpsOnly = try await gain(pressure: false)
        #expect(abs(gpsOnly - 40) > abs(barometric - 40), "GPS only: \(gpsOnly) m")
    }

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
