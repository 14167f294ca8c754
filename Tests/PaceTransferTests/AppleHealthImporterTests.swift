import Foundation
import PaceFormats
import PaceModel
import PaceStore
import PaceTransfer
import Testing

/// `AppleHealthImporter` on the Apple Health fixture export and on a generated one.
@Suite struct AppleHealthImporterTests {
    /// `Tests/PaceFormatsTests/Fixtures/applehealth/apple_health_export`, read in place.
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PaceFormatsTests/Fixtures/applehealth/apple_health_export")

    /// What the reader alone delivers: heart-rate samples and the summary.
    static func expected() throws -> (heartRates: Int, summary: AppleHealthExportSummary) {
        var heartRates = 0
        let summary = try AppleHealthExportReader().read(at: fixture) { item in
            if case .quantitySample(let sample) = item, sample.type == .heartRate { heartRates += 1 }
        }
        return (heartRates, summary)
    }

    @Test func activitySummariesAreStoredByDayAndAReimportChangesNone() async throws {
        let store = try HealthStore.inMemory()

        let first = try await AppleHealthImporter(store: store).import(at: Self.fixture)
        let again = try await AppleHealthImporter(store: store).import(at: Self.fixture)

        #expect(first.activitySummariesRead == 2)
        #expect(first.activitySummariesStored == 2)
        #expect(again.activitySummariesRead == 2)
        #expect(again.activitySummariesStored == 0)
        let days = try await store.activitySummaries()
        #expect(days.count == 2)
        let day = try #require(days.first)
        // The export's first <ActivitySummary>, in the store's canonical units.
        #expect(day == ActivitySummary(day: DateComponents(year: 2016, month: 11, day: 15),
                                       activeEnergyBurned: Quantity(value: 590.252, unit: .kilocalorie),
                                       activeEnergyBurnedGoal: Quantity(value: 630, unit: .kilocalorie),
                                       appleExerciseTime: Quantity(value: 68, unit: .minute),
                                       appleExerciseTimeGoal: Quantity(value: 30, unit: .minute),
                                       appleStandHours: Quantity(value: 13, unit: .count),
                                       appleStandHoursGoal: Quantity(value: 12, unit: .count)))
    }

    @Test func importsSamplesWorkoutsAndRoutesOfTheFixture() async throws {
        let store = try HealthStore.inMemory()
        let expected = try Self.expected()

        let report = try await AppleHealthImporter(store: store).import(at: Self.fixture)

        #expect(report.quantitySamplesImported == expected.summary.quantitySampleCount)
        #expect(report.categorySamplesImported == expected.summary.categorySampleCount)
        #expect(report.workoutsImported == expected.summary.workoutCount)
        #expect(report.routesImported == expected.summary.workoutRouteCount)
        #expect(report.activitySummariesRead == expected.summary.activitySummaryCount)
        #expect(report.characteristicsRead == 1)
        #expect(report.rejectedCount == 0, "\(report.rejected)")
        #expect(report.duplicatesSkipped == 0)
        #expect(report.exportDate == expected.summary.exportDate)
        #expect(report.activitySummariesStored == expected.summary.activitySummaryCount)
        #expect(!report.notes.contains { $0.contains("activity summar") }, "summaries are stored, not noted as dropped")
        #expect(expected.heartRates > 0)
        #expect(try await store.quantitySamples(of: .heartRate).count == expected.heartRates)
        let workouts = try await store.workouts()
        #expect(workouts.count == expected.summary.workoutCount)
        let workout = try #require(workouts.first)
        #expect(workout.metadata.syncIdentifier?.hasPrefix("applehealth:") == true)
        #expect(workout.metadata.syncVersion == 1)
        let routes = try await store.routes(forWorkout: workout.id)
        #expect(routes.count == expected.summary.workoutRouteCount)
        #expect(routes.first?.locations.isEmpty == false)
    }

    @Test func importingAgainAddsNothingAndCountsDuplicates() async throws {
        let store = try HealthStore.inMemory()
        let first = try await AppleHealthImporter(store: store).import(at: Self.fixture)
        let anchor = try await store.currentAnchor()

        let second = try await AppleHealthImporter(store: store).import(at: Self.fixture)

        #expect(second.samplesImported == 0)
        #expect(second.workoutsImported == 0)
        #expect(second.routesImported == 0)
        #expect(second.rejectedCount == 0, "\(second.rejected)")
        #expect(second.duplicatesSkipped == first.samplesImported + first.workoutsImported + first.routesImported)
        #expect(try await store.currentAnchor() == anchor, "nothing saved")
    }

    @Test func generatedExportIsSavedInBatches() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pace-ahimport-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n"
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        for index in 0..<12_000 {
            let date = formatter.string(from: base.addingTimeInterval(Double(index) * 60))
            xml += "<Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"Test\" unit=\"count/min\" "
                + "startDate=\"\(date)\" endDate=\"\(date)\" value=\"\(60 + index % 100)\"/>\n"
        }
        // An exact copy of the first record: kept out of the batch as a duplicate.
        let first = formatter.string(from: base)
        xml += "<Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"Test\" unit=\"count/min\" "
            + "startDate=\"\(first)\" endDate=\"\(first)\" value=\"60\"/>\n</HealthData>\n"
        try Data(xml.utf8).write(to: folder.appendingPathComponent("export.xml"))
        let store = try HealthStore.inMemory()
        let progressCalls = Locked(0)

        let report = try await AppleHealthImporter(store: store, batchSize: 5000)
            .import(at: folder.appendingPathComponent("export.xml"), progressInterval: 5000) { _ in progressCalls.withLock { $0 += 1 } }

        #expect(report.quantitySamplesImported == 12_000)
        #expect(report.batchesSaved == 3)
        #expect(report.duplicatesSkipped == 1)
        #expect(report.itemsRead == 12_001)
        #expect(progressCalls.withLock { $0 } == 2)
        #expect(try await store.quantitySamples(of: .heartRate).count == 12_000)
    }

    /// An export states no link between a workout and its samples: the import associates the
    /// samples of the workout's source recorded inside its interval, wherever they stand in the file.
    @Test func aWorkoutsHeartRateIsFoundAsItsSamples() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pace-ahlink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func record(_ source: String, _ date: String, _ value: Int) -> String {
            "<Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"\(source)\" unit=\"count/min\" "
                + "startDate=\"\(date)\" endDate=\"\(date)\" value=\"\(value)\"/>\n"
        }
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n"
            + record("Watch", "2024-05-01 07:10:00 +0000", 140)
            + record("Phone", "2024-05-01 07:11:00 +0000", 90)
            + record("Watch", "2024-05-01 06:59:00 +0000", 70)
            + "<Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" duration=\"30\" durationUnit=\"min\" "
            + "sourceName=\"Watch\" startDate=\"2024-05-01 07:00:00 +0000\" endDate=\"2024-05-01 07:30:00 +0000\"/>\n"
            + record("Watch", "2024-05-01 07:20:00 +0000", 150)
            + "</HealthData>\n"
        try Data(xml.utf8).write(to: folder.appendingPathComponent("export.xml"))
        let store = try HealthStore.inMemory()

        let report = try await AppleHealthImporter(store: store).import(at: folder.appendingPathComponent("export.xml"))

        #expect(report.workoutsImported == 1 && report.quantitySamplesImported == 4)
        let workout = try #require(try await store.workouts().first)
        let own = try await store.quantitySamples(matching: .heartRate, predicate: .workout(workout.id)).map(\.quantity.value)
        #expect(own == [140, 150], "the watch's readings during the run, not the phone's nor the earlier one")
    }

    @Test func skippedItemsAreTypedWithTheirPosition() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pace-ahwarn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n"
            + "<Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"Watch\" unit=\"count/min\" "
            + "startDate=\"yesterday\" endDate=\"2024-05-01 07:10:00 +0000\" value=\"140\"/>\n"
            + "<Record type=\"HKQuantityTypeIdentifierMadeUp\" sourceName=\"Watch\" unit=\"count\" "
            + "startDate=\"2024-05-01 07:10:00 +0000\" endDate=\"2024-05-01 07:10:00 +0000\" value=\"1\"/>\n"
            + "</HealthData>\n"
        try Data(xml.utf8).write(to: folder.appendingPathComponent("export.xml"))

        let report = try await AppleHealthImporter(store: try HealthStore.inMemory())
            .import(at: folder.appendingPathComponent("export.xml"))

        #expect(report.warningCount == 2 && report.samplesImported == 0)
        #expect(report.warnings.map(\.code) == [.invalidDate, .unknownType])
        #expect(report.warnings.map { $0.position?.line } == [3, 4], "each at its record's line")
        #expect(report.warnings.allSatisfy { $0.file == "export.xml" && !$0.message.isEmpty })
        let json = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
        #expect(json.contains("\"code\":\"invalidDate\""), "the JSON names the code: \(json)")
    }
}
