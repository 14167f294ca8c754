import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// `pace import` on an Apple Health `export.zip`, against the real binary: read in place, never
/// extracted, hostile archives refused with a message naming the archive, the entry and the remedy.
@Suite struct AppleHealthZipImportTests {
    let directory: TemporaryDirectory
    let pace: CommandRunner
    let storePath: String

    init() throws {
        directory = try TemporaryDirectory()
        storePath = directory.path("health.sqlite")
        pace = try CommandRunner(environment: ["PACE_STORE": storePath, "TZ": "UTC"])
    }

    static let exportFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PaceFormatsTests/Fixtures/applehealth/apple_health_export")
    static let routePath = "workout-routes/route_2019-06-11_3.00pm.gpx"

    /// Writes a zip of `entries` (path → bytes, deflated) named `name` in the temporary directory.
    private func zip(_ name: String, _ entries: [(String, Data)]) throws -> String {
        try TestZip.write(entries.map { TestZip.Entry(path: $0.0, data: $0.1) }, to: directory.url.appendingPathComponent(name)).path
    }

    /// The fixture export under `folder/` (`export.xml`, `export_cda.xml`, one route).
    private func exportZip(_ name: String = "export.zip", folder: String = "apple_health_export") throws -> String {
        try zip(name, [
            ("\(folder)/export.xml", try Data(contentsOf: Self.exportFolder.appendingPathComponent("export.xml"))),
            ("\(folder)/export_cda.xml", Data("<ClinicalDocument/>".utf8)),
            ("\(folder)/\(Self.routePath)", try Data(contentsOf: Self.exportFolder.appendingPathComponent(Self.routePath))),
        ])
    }

    @Test func importsExportZipLikeTheFolderThenSkipsItAsDuplicate() async throws {
        defer { directory.remove() }
        let path = try exportZip()
        let folder = try await CommandRunner(environment: ["PACE_STORE": directory.path("folder.sqlite"), "TZ": "UTC"])
            .run(["import", Self.exportFolder.path])

        let first = try await pace.run(["import", path])
        let second = try await pace.run(["import", "--json", path])

        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.hasPrefix("Imported Apple Health export \(path): 2 samples, 1 workout, 1 route; "
            + "0 skipped as duplicate; 0 rejected."), "\(first.standardOutput)")
        #expect(folder.standardOutput.contains("2 samples, 1 workout, 1 route"), "the zip imports what the folder does")
        #expect(second.status == 0, "\(second.standardError)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(second.standardOutput.utf8)) as? [String: Any])
        let report = try #require((summary["appleHealth"] as? [[String: Any]])?.first?["report"] as? [String: Any])
        #expect(report["duplicatesSkipped"] as? Int == 4)
        let store = try HealthStore(path: storePath)
        let workout = try #require(try await store.workouts().first)
        #expect(try await store.routes(forWorkout: workout.id).first?.locations.isEmpty == false)
        #expect(try await store.quantitySamples(of: .heartRate).count == 1)
        // Nothing was extracted next to the archive.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
            .filter { !$0.hasPrefix("health.sqlite") && !$0.hasPrefix("folder.sqlite") } == ["export.zip"])
    }

    @Test func importsARenamedExportXMLByItsContentAndRefusesOtherXML() async throws {
        defer { directory.remove() }
        let renamed = directory.path("health-2026-11.xml")
        try FileManager.default.copyItem(at: Self.exportFolder.appendingPathComponent("export.xml"),
                                         to: URL(fileURLWithPath: renamed))
        let other = directory.path("notes.xml")
        try Data("<?xml version=\"1.0\"?>\n<Notes><Note>not health</Note></Notes>\n".utf8).write(to: URL(fileURLWithPath: other))

        let imported = try await pace.run(["import", renamed])
        let refused = try await pace.run(["import", other])

        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.hasPrefix("Imported Apple Health export \(renamed): 2 samples, 1 workout"), "\(imported.standardOutput)")
        #expect(refused.status == 1)
        #expect(refused.standardOutput.contains("notes.xml: is not a GPX, TCX or FIT file"), "\(refused.standardOutput)")
    }

    @Test func activitySummariesOfAnExportAreListedByDay() async throws {
        defer { directory.remove() }
        let imported = try await pace.run(["import", Self.exportFolder.path])
        let table = try await pace.run(["summaries"])
        let json = try await pace.run(["summaries", "--from", "2016-11-16", "--json"])
        let badDay = try await pace.run(["summaries", "--from", "2016-11-31"])

        #expect(imported.standardOutput.contains("Stored 2 days of activity summaries"), "\(imported.standardOutput)")
        #expect(table.status == 0, "\(table.standardError)")
        #expect(table.standardOutput == """
            DAY         MOVE            EXERCISE MIN  STAND H
            2016-11-15  590 / 630 kcal  68 / 30       13 / 12
            2016-11-16  324 / 630 kcal  39 / 30       9 / 12
            2 days

            """, "\(table.standardOutput)")
        let days = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(days.count == 1)
        #expect(days.first?["day"] as? String == "2016-11-16")
        #expect(days.first?["activeEnergyBurnedKilocalories"] as? Double == 323.513)
        #expect(badDay.status != 0)
        #expect(badDay.standardError.contains("--from '2016-11-31' is not a day; write it as YYYY-MM-DD"), "\(badDay.standardError)")
    }

    @Test func aMoveTimeDayShowsItsMoveRingInMinutes() async throws {
        defer { directory.remove() }
        let export = directory.path("export.xml")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <ActivitySummary dateComponents="2025-07-01" appleMoveTime="48" appleMoveTimeGoal="60" appleExerciseTime="31" \
            appleExerciseTimeGoal="30" appleStandHours="10" appleStandHoursGoal="12"/>
            </HealthData>
            """.utf8).write(to: URL(fileURLWithPath: export))

        let imported = try await pace.run(["import", export])
        let table = try await pace.run(["summaries"])
        let json = try await pace.run(["summaries", "--json"])

        #expect(imported.status == 0, "\(imported.standardOutput)\(imported.standardError)")
        #expect(table.standardOutput.contains("2025-07-01  48 / 60 min  31 / 30       10 / 12"), "\(table.standardOutput)")
        let days = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(days.first?["moveMinutes"] as? Double == 48)
        #expect(days.first?["moveMinutesGoal"] as? Double == 60)
        #expect(days.first?["activeEnergyBurnedKilocalories"] == nil)
    }

    @Test func importsARezippedExportWithAnotherTopFolder() async throws {
        defer { directory.remove() }
        let path = try exportZip("rezipped.zip", folder: "Health Export 2024")

        let result = try await pace.run(["import", path])

        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("2 samples, 1 workout, 1 route"), "\(result.standardOutput)")
    }

    @Test func refusesAZipSlipArchiveWithoutImportingOrWritingAnything() async throws {
        defer { directory.remove() }
        let path = try zip("export.zip", [
            ("apple_health_export/export.xml", try Data(contentsOf: Self.exportFolder.appendingPathComponent("export.xml"))),
            ("apple_health_export/../../pwned.txt", Data("owned".utf8)),
        ])

        let result = try await pace.run(["import", path])

        #expect(result.status != 0)
        let output = result.standardOutput + result.standardError
        #expect(output.contains("entry 'apple_health_export/../../pwned.txt' in 'export.zip' has a '..' component"), "\(output)")
        #expect(!FileManager.default.fileExists(atPath: directory.url.deletingLastPathComponent().appendingPathComponent("pwned.txt").path))
        #expect(try await HealthStore(path: storePath).workouts().isEmpty)
    }

    @Test func refusesAZipWithoutExportXML() async throws {
        defer { directory.remove() }
        let path = try zip("photos.zip", [("IMG_0001.jpg", Data([0xFF, 0xD8, 0xFF]))])

        let result = try await pace.run(["import", path])

        #expect(result.status != 0)
        #expect((result.standardOutput + result.standardError).contains("'photos.zip' contains no export.xml"))
    }

    @Test func refusesAFileNamedZipThatIsNotOne() async throws {
        defer { directory.remove() }
        let path = directory.path("export.zip")
        try Data("this is not a zip archive".utf8).write(to: URL(fileURLWithPath: path))

        let result = try await pace.run(["import", path])

        #expect(result.status != 0)
        #expect((result.standardOutput + result.standardError).contains("'export.zip' is not a readable zip archive"))
    }
}
