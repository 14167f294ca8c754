import Foundation
import PaceTestSupport
import Testing

/// `pace show WORKOUT`: the workout as people read it, the same for a recorded and an imported one.
@Suite("pace show")
struct ShowCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    typealias JSON = [String: Any]

    /// Runs `pace` against a store in a fresh directory.
    struct Pace {
        let directory: TemporaryDirectory
        let runner: CommandRunner

        init() throws {
            directory = try TemporaryDirectory()
            runner = try CommandRunner(environment: ["PACE_STORE": directory.path("health.sqlite"), "TZ": "UTC"])
        }

        func run(_ arguments: [String]) async throws -> String {
            let result = try await runner.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            return result.standardOutput
        }

        func json(_ arguments: [String]) async throws -> JSON {
            try #require(try JSONSerialization.jsonObject(with: Data(try await run(arguments + ["--json"]).utf8)) as? JSON)
        }

        /// Imports files and returns the one workout's `pace show --json`.
        func imported(_ path: String) async throws -> JSON {
            let report = try await json(["import", path])
            let id = try #require((report["imported"] as? [String])?.first)
            return try await json(["show", id])
        }
    }

    @Test("a recorded workout shows what pace record printed")
    func recorded() async throws {
        let pace = try Pace()
        defer { pace.directory.remove() }
        let record = try await pace.json(["record", "--demo", "--speed", "max"])
        let summary = try #require(record["summary"] as? JSON)
        let show = try await pace.json(["show", try #require(record["workoutID"] as? String)])

        func number(_ object: JSON, _ key: String) throws -> Double { try #require(object[key] as? Double, "\(key)") }
        #expect(abs(try number(show, "distanceMeters") - number(summary, "distance")) < 0.01)
        #expect(abs(try number(show, "movingSeconds") - number(summary, "movingTime")) <= 1)
        #expect(abs(try number(show, "elapsedSeconds") - number(summary, "elapsedTime")) < 0.01)
        #expect(abs(try number(show, "averageSpeedMetersPerSecond") - number(summary, "averageSpeed")) < 0.01)
        #expect(abs(try number(show, "maximumSpeedMetersPerSecond") - number(summary, "maximumSpeed")) < 0.05)
        #expect(abs(try number(show, "elevationGainMeters") - number(summary, "elevationGain")) <= 2)
        #expect(abs(try number(show, "elevationLossMeters") - number(summary, "elevationLoss")) <= 2)
        #expect(abs(try number(show, "averageHeartRateBeatsPerMinute") - number(summary, "averageHeartRate")) <= 1)
        #expect(try number(show, "maximumHeartRateBeatsPerMinute") == number(summary, "maximumHeartRate"))
        let recordedSplits = try #require(summary["kilometerSplits"] as? [JSON])
        let shownSplits = try #require(show["kilometerSplits"] as? [JSON])
        #expect(shownSplits.count == recordedSplits.count)
        for (shown, recorded) in zip(shownSplits, recordedSplits) {
            #expect(abs(try number(shown, "movingSeconds") - number(recorded, "movingTime")) <= 2)
        }
        #expect((show["laps"] as? [JSON])?.count == (summary["laps"] as? [JSON])?.count)
        #expect((show["mileSplits"] as? [JSON])?.count == 9, "12.95 km: eight miles and a partial one")
        for key in ["id", "kind", "type", "start", "end", "source", "metadata", "activityType", "durationSeconds", "distanceMeters",
                    "energyKilocalories", "events", "statistics", "routes", "pauses"] {
            #expect(show[key] != nil, "existing field \(key) is kept")
        }

        let id = try #require(record["workoutID"] as? String)
        let text = try await pace.run(["show", id])
        for line in ["Moving      1:31:28", "Pace        7:04 /km", "Heart rate  146 avg · 171 max bpm", "Elevation   +207 m / -213 m",
                     "KM   DISTANCE  TIME  PACE", "13*  0.95 km"] {
            #expect(text.contains(line), "\(line) in\n\(text)")
        }
        let miles = try await pace.run(["show", id, "--splits", "mile"])
        #expect(miles.contains("MILE  DISTANCE  TIME   PACE") && miles.contains("9*    0.05 mi"), "\(miles)")
    }

    @Test("an imported ride shows heart rate, cadence, power, its laps and its splits")
    func importedRide() async throws {
        let pace = try Pace()
        defer { pace.directory.remove() }
        let show = try await pace.imported(Self.fixtures.appendingPathComponent("Fixtures/garmin-edge810-vector-power.fit").path)
        let laps = try #require(show["laps"] as? [JSON])
        #expect(laps.count == 8)
        let lapDistance = laps.compactMap { $0["distanceMeters"] as? Double }.reduce(0, +)
        #expect(abs(lapDistance - (show["distanceMeters"] as? Double ?? 0)) < 1, "the file's lap distances add up to the workout's")
        #expect(laps.allSatisfy { $0["averageHeartRateBeatsPerMinute"] != nil })
        #expect((show["averageHeartRateBeatsPerMinute"] as? Double).map { (140...170).contains($0) } == true)
        #expect((show["averageCadencePerMinute"] as? Double).map { (70...100).contains($0) } == true)
        #expect((show["averagePowerWatts"] as? Double).map { (200...350).contains($0) } == true)
        #expect((show["maximumPowerWatts"] as? Double ?? 0) > (show["averagePowerWatts"] as? Double ?? 0))
        #expect((show["kilometerSplits"] as? [JSON])?.count == 42, "41.3 km along the route")
        let moving = try #require(show["movingSeconds"] as? Double)
        #expect(moving > 0.9 * (show["durationSeconds"] as? Double ?? 0) && moving <= (show["durationSeconds"] as? Double ?? 0))

        let text = try await pace.run(["show", try #require(show["id"] as? String)])
        for line in ["Cadence", "Power       275 avg · 619 max W", "Speed       32.", "LAP  START", "KM   DISTANCE  TIME  SPEED"] {
            #expect(text.contains(line), "\(line) in\n\(text)")
        }
        #expect(!text.contains("Pace   "), "a ride shows speed, not pace")
    }

    @Test("the same run from a FIT and a TCX file looks the same")
    func sameRunFromTwoFormats() async throws {
        let formats = Self.fixtures.deletingLastPathComponent().appendingPathComponent("PaceFormatsTests/Fixtures")
        let fitPace = try Pace(), tcxPace = try Pace()
        defer { fitPace.directory.remove(); tcxPace.directory.remove() }
        let fit = try await fitPace.imported(formats.appendingPathComponent("fit/fr220-run-4laps.fit").path)
        let tcx = try await tcxPace.imported(formats.appendingPathComponent("tcx/fr220-run-4laps-hr-runcad.tcx").path)
        #expect((fit["laps"] as? [JSON])?.count == 4 && (tcx["laps"] as? [JSON])?.count == 4)
        let (fitRate, tcxRate) = (fit["averageHeartRateBeatsPerMinute"] as? Double ?? 0, tcx["averageHeartRateBeatsPerMinute"] as? Double ?? 0)
        #expect(fitRate > 0 && abs(fitRate - tcxRate) <= 2, "\(fitRate) \(tcxRate)")
        #expect(abs((fit["distanceMeters"] as? Double ?? 0) - (tcx["distanceMeters"] as? Double ?? 0)) <= 2)
        #expect((fit["pauses"] as? [JSON])?.count == 2, "the FIT's timer stop/start events")
    }

    @Test("a workout without route or samples shows its times and one lap")
    func withoutRoute() async throws {
        let pace = try Pace()
        defer { pace.directory.remove() }
        let added = try await pace.json(["add", "running", "--start", "2026-11-20T07:00:00Z", "--duration", "42:30", "--distance", "10km"])
        let show = try await pace.json(["show", try #require(added["id"] as? String)])
        #expect(show["elapsedSeconds"] as? Double == 2550)
        #expect(show["movingSeconds"] == nil && show["averageHeartRateBeatsPerMinute"] == nil)
        #expect((show["averagePaceSecondsPerKilometer"] as? Double).map { abs($0 - 255) < 1e-6 } == true)
        #expect((show["kilometerSplits"] as? [JSON])?.isEmpty == true)
        #expect((show["laps"] as? [JSON])?.count == 1)
    }
}
