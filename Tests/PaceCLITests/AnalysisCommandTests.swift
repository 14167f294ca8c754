import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// `pace show`, `pace records` and `pace trends` with `--json`: a real run imported from a file, and
/// a small store built here.
@Suite("pace records, trends and show's analysis")
struct AnalysisCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    typealias JSON = [String: Any]

    /// Runs `pace` against a store in a fresh directory, in a time zone.
    struct Pace {
        let directory: TemporaryDirectory
        let runner: CommandRunner
        var storePath: String { directory.path("health.sqlite") }

        init(timeZone: String = "UTC") throws {
            directory = try TemporaryDirectory()
            runner = try CommandRunner(environment: ["PACE_STORE": directory.path("health.sqlite"), "TZ": timeZone])
        }

        func run(_ arguments: [String]) async throws -> String {
            let result = try await runner.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            return result.standardOutput
        }

        func json(_ arguments: [String]) async throws -> JSON {
            try #require(try JSONSerialization.jsonObject(with: Data(try await run(arguments + ["--json"]).utf8)) as? JSON)
        }
    }

    @Test("a real run: best efforts, zones and the records they set")
    func importedRun() async throws {
        // Given a Garmin Connect run with heart rate (3.1 km in 16 minutes)
        let pace = try Pace()
        defer { pace.directory.remove() }
        let report = try await pace.json(["import", Self.fixtures.appendingPathComponent("garmin-connect-run-hr.gpx").path])
        let id = try #require((report["imported"] as? [String])?.first)

        // When shown with Karvonen zones
        let show = try await pace.json(["show", id, "--max-heart-rate", "180", "--resting-heart-rate", "50"])

        // Then best efforts up to the mile are there, in SI units, and faster over shorter distances
        let efforts = try #require(show["bestEfforts"] as? [JSON])
        #expect(efforts.compactMap { $0["name"] as? String } == ["400m", "1km", "1mi"])
        let speeds = efforts.compactMap { $0["speedMetersPerSecond"] as? Double }
        #expect(speeds.count == 3 && speeds.allSatisfy { $0 > 2 && $0 < 6 }, "\(speeds)")
        let kilometre = try #require(efforts.first { $0["name"] as? String == "1km" })
        let kilometreSeconds = try #require(kilometre["durationSeconds"] as? Double)
        #expect(abs((kilometre["distanceMeters"] as? Double ?? 0) - 1000) < 1e-9)
        // zones of the reserve: zone 1 starts at 50 + 0.5 × 130 = 115 bpm; the times cover the heart rate's span
        let zones = try #require(show["heartRateZones"] as? [JSON])
        #expect(zones.count == 6)
        #expect(zones[1]["lowerBeatsPerMinute"] as? Double == 115)
        let zoneSeconds = zones.compactMap { $0["seconds"] as? Double }.reduce(0, +)
        let elapsed = try #require(show["elapsedSeconds"] as? Double)
        #expect(zoneSeconds > elapsed * 0.5 && zoneSeconds <= elapsed, "\(zoneSeconds) of \(elapsed)")
        #expect(show["movingSpeedMetersPerSecond"] as? Double != nil)
        #expect(show["maximumSpeedWindowSeconds"] as? Double == 5)

        // And the records name this run, with the same time
        let records = try #require(try await pace.json(["records"])["records"] as? [JSON])
        let record = try #require(records.first { $0["effort"] as? String == "1km" })
        #expect(record["activityType"] as? String == show["activityType"] as? String)
        #expect(record["workoutID"] as? String == id)
        #expect(record["durationSeconds"] as? Double == kilometreSeconds)

        // And the text output prints the efforts and zones
        let text = try await pace.run(["show", id, "--splits", "mile"])
        #expect(text.contains("BEST EFFORT"))
        #expect(text.contains("ZONE"))
        let table = try await pace.run(["records", "--units", "imperial"])
        #expect(table.contains("1km") && table.contains(" mph"), "an activity other than a foot sport shows its speed")
    }

    @Test("records pick the faster of two runs")
    func recordsPickTheFasterRun() async throws {
        // Given two straight 1.2 km runs north, at 3 m/s and at 4 m/s
        let pace = try Pace()
        defer { pace.directory.remove() }
        let store = try HealthStore(path: pace.storePath)
        let slow = try await Self.saveRun(in: store, start: Date(timeIntervalSince1970: 1_780_000_000), speed: 3, meters: 1200)
        let fast = try await Self.saveRun(in: store, start: Date(timeIntervalSince1970: 1_780_100_000), speed: 4, meters: 1200)

        // When the records are printed
        let records = try #require(try await pace.json(["records", "--activity", "running"])["records"] as? [JSON])

        // Then the 400 m and 1 km records belong to the fast run, at about 4 m/s
        #expect(records.compactMap { $0["effort"] as? String } == ["400m", "1km"])
        for record in records {
            #expect(record["workoutID"] as? String == fast.uuidString)
            let seconds = try #require(record["durationSeconds"] as? Double)
            let meters = try #require(record["distanceMeters"] as? Double)
            #expect(abs(meters / seconds - 4) < 0.2, "\(meters / seconds)")
        }
        #expect(slow != fast)
    }

    @Test("trends: weekly totals in Berlin across the DST change, load and health")
    func trends() async throws {
        // Given runs on Sunday 29 March 2026 23:30 CEST and Monday 30 March 00:30 CEST, and health samples
        let pace = try Pace(timeZone: "Europe/Berlin")
        defer { pace.directory.remove() }
        let store = try HealthStore(path: pace.storePath)
        let sunday = try #require(ISO8601DateFormatter().date(from: "2026-03-29T21:30:00Z"))
        let monday = try #require(ISO8601DateFormatter().date(from: "2026-03-29T22:30:00Z"))
        _ = try await Self.saveRun(in: store, start: sunday, speed: 3, meters: 900)
        _ = try await Self.saveRun(in: store, start: monday, speed: 3, meters: 600)
        for (day, bpm) in [(23, 52.0), (25, 54), (31, 50)] {
            let date = try #require(ISO8601DateFormatter().date(from: String(format: "2026-03-%02dT05:00:00Z", day)))
            try await store.save(QuantitySample(type: .restingHeartRate, quantity: Quantity(value: bpm, unit: .countPerMinute), start: date, end: date))
            try await store.save(QuantitySample(type: .stepCount, quantity: Quantity(value: 1000 * Double(day), unit: .count),
                                                start: date, end: date.addingTimeInterval(60)))
        }
        let wake = try #require(ISO8601DateFormatter().date(from: "2026-03-31T05:00:00Z"))
        try await store.save(CategorySample(type: .sleepAnalysis, value: 3, start: wake.addingTimeInterval(-7 * 3600), end: wake))

        // When the trends of 23 March to 6 April are printed
        let trends = try await pace.json(["trends", "--from", "2026-03-23", "--to", "2026-04-06", "--by", "week"])

        // Then the weeks start on Monday local midnight (CET, then CEST) and split the two runs
        let totals = try #require(trends["totals"] as? [JSON])
        #expect(totals.compactMap { $0["start"] as? String } == ["2026-03-22T23:00:00.000Z", "2026-03-29T22:00:00.000Z"])
        #expect(totals.compactMap { $0["count"] as? Int } == [1, 1])
        let distances = totals.compactMap { $0["distanceMeters"] as? Double }
        #expect(distances.count == 2 && abs(distances[0] - 900) < 20 && abs(distances[1] - 600) < 20, "\(distances)")
        // training load: one entry per local day, 14 days
        let load = try #require(trends["trainingLoad"] as? JSON)
        let days = try #require(load["days"] as? [JSON])
        #expect(days.count == 14)
        #expect((days[6]["impulse"] as? Double ?? 0) > 0, "Sunday's run")
        #expect((load["model"] as? JSON)?["chronicDays"] as? Double == 42)
        // health: weekly means and daily totals
        let health = try #require(trends["health"] as? [JSON])
        func values(_ metric: String) -> [Double] {
            let trend = health.first { $0["metric"] as? String == metric }
            return (trend?["points"] as? [JSON] ?? []).compactMap { $0["value"] as? Double }
        }
        #expect(values("restingHeartRate") == [53, 50])
        #expect(values("steps") == [24_000, 31_000])
        #expect(values("sleep") == [7 * 3600])
        #expect(trends["weekStart"] as? String == "monday")
        #expect(trends["timeZone"] as? String == "Europe/Berlin")

        // And the text has the totals, the load and the health tables, in miles with --units imperial
        let text = try await pace.run(["trends", "--from", "2026-03-23", "--to", "2026-04-06", "--units", "imperial"])
        #expect(text.contains("WEEK        ACTIVITY  WORKOUTS  DISTANCE  TIME"))
        #expect(text.contains("2026-03-23  running   1         0.56 mi"), "900 m in the week of 23 March")
        #expect(text.contains("CHRONIC (42 d)"))
        #expect(text.contains("RESTING HR") && text.contains("STEPS / DAY") && text.contains("SLEEP / NIGHT"))
    }

    /// Saves a run north from the equator at `speed` m/s over `meters`, one location a second.
    static func saveRun(in store: HealthStore, start: Date, speed: Double, meters: Double) async throws -> UUID {
        let seconds = Int(meters / speed)
        let workout = Workout(activityType: .running, start: start, end: start.addingTimeInterval(Double(seconds)),
                              totalDistance: Quantity(value: meters, unit: .meter))
        let locations = (0...seconds).map { second in
            RouteLocation(timestamp: start.addingTimeInterval(Double(second)), latitude: Double(second) * speed / 110_574,
                          longitude: 0, altitude: 10, speed: speed, course: 0, horizontalAccuracy: 5, verticalAccuracy: 3)
        }
        try await store.save(workout)
        try await store.save(WorkoutRoute(workoutID: workout.id, locations: locations))
        return workout.id
    }
}
