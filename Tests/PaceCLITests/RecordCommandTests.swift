import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// `pace record` end to end: a fixture from each format replayed into a store.
@Suite("pace record")
struct RecordCommandTests {
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PaceFormatsTests/Fixtures/\(name)").path
    }

    struct Report: Decodable {
        struct Summary: Decodable {
            var distance: Double
            var duration: Double
            var heartRateCount: Int
            var laps: [Lap]
            var kilometerSplits: [Split]
        }
        struct Lap: Decodable { var distance: Double }
        struct Split: Decodable { var index: Int }
        var workoutID: UUID
        var routeID: UUID?
        var summary: Summary
        var eventCount: Int
    }

    func record(_ file: String, extra: [String] = []) async throws -> (Report, HealthStore, CommandRunner.Result) {
        let directory = try TemporaryDirectory()
        let store = directory.path("health.sqlite")
        let result = try await CommandRunner().run(["record", "--replay", Self.fixture(file), "--speed", "max", "--json", "--store", store] + extra)
        #expect(result.status == 0, "\(result.standardError)")
        let report = try JSONDecoder().decode(Report.self, from: Data(result.standardOutput.utf8))
        return (report, try HealthStore(path: store), result)
    }

    @Test("a FIT run with four laps records laps, heart rate, route and splits")
    func fit() async throws {
        let (report, store, result) = try await record("fit/fr220-run-4laps.fit")
        #expect(report.summary.laps.count == 4)
        #expect(report.summary.heartRateCount > 0)
        #expect((110...170).contains(report.summary.distance), "pace track gives 0.13 km ± 15 m for this file; got \(report.summary.distance)")
        let workout = try #require(try await store.workout(id: report.workoutID))
        #expect(workout.events.filter { $0.type == .lap }.count == 4)
        #expect(try await store.routes(forWorkout: workout.id).first?.locations.isEmpty == false)
        #expect(try await store.quantitySamples(of: .heartRate).count == report.summary.heartRateCount)
        #expect(result.standardError.contains(" active time "), "without a terminal, plain log lines: \(result.standardError)")
    }

    @Test("a TCX run replays its laps and cadence")
    func tcx() async throws {
        let (report, store, _) = try await record("tcx/fr220-run-4laps-hr-runcad.tcx")
        #expect(report.summary.laps.count == 4)
        let distance = report.summary.laps.map(\.distance).reduce(0, +)
        #expect(abs(distance - report.summary.distance) < 1, "laps add up to the distance")
        #expect(try await store.workouts().count == 1)
    }

    @Test("a GPX with three segments replays its pauses")
    func gpx() async throws {
        let (report, store, _) = try await record("gpx/applewatch-run-3seg-hr-cad.gpx", extra: ["--activity", "running"])
        let workout = try #require(try await store.workout(id: report.workoutID))
        #expect(workout.events.filter { $0.type == .pause }.count == 2)
        #expect(workout.events.filter { $0.type == .resume }.count == 2)
        #expect(workout.duration < workout.endDate.timeIntervalSince(workout.startDate), "paused time is not counted")
    }

    @Test("bad options are refused before anything is recorded; recover lists nothing when all is saved")
    func refusals() async throws {
        let directory = try TemporaryDirectory()
        let runner = try CommandRunner(environment: ["PACE_STORE": directory.path("health.sqlite")])
        let speed = try await runner.run(["record", "--demo", "--speed", "fast"])
        #expect(speed.status == 64 && speed.standardError.contains("--speed must be a positive number or 'max'"))
        let both = try await runner.run(["record"])
        #expect(both.status == 64 && both.standardError.contains("Choose one source"))
        let missing = try await runner.run(["record", "--replay", directory.path("nope.gpx")])
        #expect(missing.status != 0 && missing.standardError.contains("nope.gpx"))
        let recover = try await runner.run(["recover"])
        #expect(recover.status == 0 && recover.standardOutput.contains("No unfinished recording sessions."))
    }
}
