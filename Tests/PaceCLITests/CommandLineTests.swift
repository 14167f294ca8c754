import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// Runs the real `pace` binary against a store in a temporary directory.
@Suite struct CommandLineTests {
    let directory: TemporaryDirectory
    let pace: CommandRunner
    let storePath: String

    init() throws {
        directory = try TemporaryDirectory()
        storePath = directory.path("health.sqlite")
        pace = try CommandRunner(environment: ["PACE_STORE": storePath, "TZ": "UTC"])
    }

    @Test func addListShowAndDeleteAWorkout() async throws {
        defer { directory.remove() }
        let added = try await pace.run(["add", "running", "--start", "2026-11-20T07:00:00Z", "--duration", "42:30",
                                  "--distance", "10km", "--energy", "650kcal", "--json"])
        #expect(added.status == 0, "\(added.standardError)")
        let summary = try JSONDecoder.iso.decode(WorkoutListingJSON.self, from: Data(added.standardOutput.utf8))
        #expect(summary.activityType == "running")
        #expect(summary.distanceMeters == 10_000)
        #expect(summary.durationSeconds == 2550)

        let list = try await pace.run(["list"])
        #expect(list.status == 0)
        #expect(list.standardOutput == """
            DATE              TYPE     DURATION  DISTANCE  ENERGY    ID
            2026-11-20 07:00  Running  42:30     10.00 km  650 kcal  \(summary.id.uuidString)

            """)

        let show = try await pace.run(["show", summary.id.uuidString])
        #expect(show.status == 0)
        #expect(show.standardOutput.contains("Activity  Running"))
        #expect(show.standardOutput.contains("Metadata  HKWasUserEntered = true"))

        let deleted = try await pace.run(["delete", summary.id.uuidString])
        #expect(deleted.standardOutput == "Deleted workout \(summary.id.uuidString).\n")
        let store = try HealthStore(path: storePath)
        #expect(try await store.workouts().isEmpty)
        #expect(try await store.changes(after: .initial).deleted.map(\.id) == [summary.id])
    }

    @Test func listJSONHasStableFieldNamesAndExplicitNulls() async throws {
        defer { directory.remove() }
        let workout = Workout(activityType: .cycling, start: TestObjects.morning, end: TestObjects.morning.addingTimeInterval(3600),
                              totalDistance: Quantity(value: 30, unit: .kilometer))
        try await HealthStore(path: storePath).save(workout)

        let result = try await pace.run(["list", "--json"])

        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        #expect(array.count == 1)
        #expect(Set(array[0].keys) == ["id", "activityType", "hkActivityType", "start", "end", "durationSeconds",
                                       "distanceMeters", "energyKilocalories", "sourceName"])
        #expect(array[0]["energyKilocalories"] is NSNull)
        #expect(array[0]["hkActivityType"] as? String == "HKWorkoutActivityTypeCycling")
        #expect(array[0]["start"] as? String == "2026-11-20T07:00:00.123Z")
    }

    @Test func typesFiltersTheCatalogue() async throws {
        defer { directory.remove() }
        let result = try await pace.run(["types", "heartrate", "--kind", "quantity", "--json"])

        let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        let names = entries.compactMap { $0["name"] as? String }
        #expect(names.contains("heartRate"))
        #expect(names.contains("restingHeartRate"))
        #expect(entries.allSatisfy { $0["kind"] as? String == "quantity" })
        let heartRate = try #require(entries.first { $0["name"] as? String == "heartRate" })
        #expect(heartRate["canonicalUnit"] as? String == "count/min")
        #expect(heartRate["aggregationStyle"] as? String == "discreteTemporallyWeighted")
    }

    @Test func storeThatIsNotSQLiteFailsWithOneLineAndNoChange() async throws {
        defer { directory.remove() }
        let content = Data("not a database\n".utf8)
        #expect(FileManager.default.createFile(atPath: storePath, contents: content))

        let result = try await pace.run(["list"])

        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "Error: '\(storePath)' is not an SQLite database (is it the right file?). Open a Pace store or a new file instead; nothing was changed. Pass --store FILE or set PACE_STORE to use another store.\n")
        #expect(FileManager.default.contents(atPath: storePath) == content)
    }

    @Test func badArgumentsExitWithUsageErrors() async throws {
        defer { directory.remove() }
        let unit = try await pace.run(["add", "running", "--duration", "30:00", "--distance", "5kg"])
        #expect(unit.status == 64)
        #expect(unit.standardError.hasPrefix("Error: --distance '5kg' must be a non-negative quantity in a unit like 'm', such as 10km.\n"))

        let unknownUnit = try await pace.run(["add", "running", "--duration", "30:00", "--distance", "5 kmh"])
        #expect(unknownUnit.status == 64)
        #expect(unknownUnit.standardError.contains("--distance '5 kmh'"))

        let activity = try await pace.run(["add", "runing", "--duration", "30:00"])
        #expect(activity.status == 64)
        #expect(activity.standardError.hasPrefix("Error: Unknown activity 'runing'."))

        let missing = try await pace.run(["show", UUID().uuidString])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("No object with UUID"))
        #expect(!missing.standardError.contains("Fatal error"))
    }

    @Test func storeOptionOverridesTheEnvironment() async throws {
        defer { directory.remove() }
        let other = directory.path("other/health.sqlite")

        let added = try await pace.run(["add", "walking", "--duration", "20min", "--store", other])

        #expect(added.status == 0, "\(added.standardError)")
        #expect(try await HealthStore(path: other).workouts().count == 1)
        #expect(!FileManager.default.fileExists(atPath: storePath))
    }
}

/// The subset of `pace list --json` fields these tests read.
private struct WorkoutListingJSON: Decodable {
    var id: UUID
    var activityType: String
    var distanceMeters: Double?
    var durationSeconds: Double
}

extension JSONDecoder {
    fileprivate static var iso: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

@Suite struct SampleCommandTests {
    let directory: TemporaryDirectory
    let pace: CommandRunner

    init() throws {
        directory = try TemporaryDirectory()
        pace = try CommandRunner(environment: ["PACE_STORE": directory.path("health.sqlite"), "TZ": "UTC"])
    }

    @Test func logAndListQuantityAndCategorySamples() async throws {
        defer { directory.remove() }
        let weight = try await pace.run(["log", "bodyMass", "165 lb", "--start", "2026-11-20T07:00:00Z"])
        #expect(weight.status == 0, "\(weight.standardError)")
        let sleep = try await pace.run(["log", "HKCategoryTypeIdentifierSleepAnalysis", "asleepCore",
                                  "--start", "2026-11-20T01:00:00Z", "--end", "2026-11-20T02:30:00Z"])
        #expect(sleep.status == 0, "\(sleep.standardError)")

        let weights = try await pace.run(["samples", "bodyMass"])
        #expect(weights.standardOutput.hasPrefix("START             END               VALUE   SOURCE  ID\n2026-11-20 07:00  2026-11-20 07:00  165 lb  Pace"))

        let sleeps = try await pace.run(["samples", "sleepAnalysis", "--json"])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(sleeps.standardOutput.utf8)) as? [[String: Any]])
        #expect(array.count == 1)
        #expect(array[0]["valueName"] as? String == "asleepCore")
        #expect(array[0]["value"] as? Double == 3)
    }

    @Test func unknownTypeIdentifierSuggestsTheNearestOne() async throws {
        defer { directory.remove() }
        let result = try await pace.run(["samples", "HKQuantityTypeIdentifierHeartRat"])

        #expect(result.status == 1)
        #expect(result.standardError == "Error: Unknown health type identifier 'HKQuantityTypeIdentifierHeartRat'. Did you mean 'HKQuantityTypeIdentifierHeartRate'? Run 'pace types' to list every type.\n")
    }

    @Test func incompatibleUnitIsRefusedAndNothingIsStored() async throws {
        defer { directory.remove() }
        let result = try await pace.run(["log", "heartRate", "60 kg"])

        #expect(result.status == 1)
        #expect(result.standardError.contains("unit 'kg' does not suit HKQuantityTypeIdentifierHeartRate; use a unit compatible with 'count/min'"))
        #expect(try await pace.run(["samples", "heartRate", "--json"]).standardOutput == "[\n\n]\n")
    }

    @Test func unknownCategoryValueListsTheAllowedOnes() async throws {
        defer { directory.remove() }
        let result = try await pace.run(["log", "sleepAnalysis", "napping"])

        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: 'napping' is not a value of HKCategoryTypeIdentifierSleepAnalysis. Use one of: inBed, asleepUnspecified, awake, asleepCore, asleepDeep, asleepREM.\n"))
    }
}
