import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// `pace import` on a zip of activity files, as Strava's bulk export is (`activities/*.fit.gz`,
/// `*.gpx`, `*.tcx.gz` beside `activities.csv`): every activity streamed out of the archive, bad
/// entries rejected one by one, hostile archives refused whole.
@Suite struct ActivityArchiveImportTests {
    let directory: TemporaryDirectory
    let pace: CommandRunner
    let storePath: String

    init() throws {
        directory = try TemporaryDirectory()
        storePath = directory.path("health.sqlite")
        pace = try CommandRunner(environment: ["PACE_STORE": storePath, "TZ": "UTC"])
    }

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PaceFormatsTests/Fixtures/\(name)"))
    }

    /// Writes a zip of `entries` (path → bytes, deflated) named `name` in the temporary directory.
    private func zip(_ name: String, _ entries: [(String, Data)]) throws -> String {
        try TestZip.write(entries.map { TestZip.Entry(path: $0.0, data: $0.1) }, to: directory.url.appendingPathComponent(name)).path
    }

    @Test func importsEveryActivityOfAStravaStyleExportAndRejectsOnlyTheBadOne() async throws {
        defer { directory.remove() }
        let fit = try Self.fixture("gzip/fr220-run-4laps.fit.gz")
        let path = try zip("export_12345.zip", [
            ("activities.csv", Data("Activity ID,Activity Date\n1,2016\n".utf8)),
            ("activities/1.fit.gz", fit),
            ("activities/2.gpx", try Self.fixture("gpx/applewatch-run-3seg-hr-cad.gpx")),
            ("activities/3.tcx.gz", try Self.fixture("gzip/fr220-run-4laps-hr-runcad.tcx.gz")),
            ("activities/4.fit.gz", fit.prefix(fit.count / 2)),
            ("__MACOSX/activities/._2.gpx", Data([0, 5, 22, 7])),
            ("media/photo.jpg", Data([0xFF, 0xD8, 0xFF])),
        ])

        let first = try await pace.run(["import", path])
        let again = try await pace.run(["import", "--json", path])

        #expect(first.status == 1, "one entry is damaged")
        // 3.tcx.gz is the same run as 1.fit.gz (the TCX Garmin Connect makes of it): skipped as the same recording.
        #expect(first.standardOutput.hasPrefix("Imported 2 workouts from 4 files; 1 skipped as duplicate; 1 rejected.\n"),
                "\(first.standardOutput)")
        #expect(first.standardOutput.contains("rejected: \(path)/activities/4.fit.gz: gzip, byte"), "\(first.standardOutput)")
        #expect(first.standardError.contains("[3/4] \(path)/activities/3.tcx.gz: 0 imported, 1 duplicate"), "\(first.standardError)")
        #expect(first.standardOutput.contains("duplicate: "), "\(first.standardOutput)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(again.standardOutput.utf8)) as? [String: Any])
        #expect(summary["skippedAsDuplicate"] as? Int == 3)
        let workouts = try await HealthStore(path: storePath).workouts()
        #expect(workouts.count == 2)
        #expect(workouts.filter { $0.events.filter { $0.type == .lap }.count == 4 }.count == 1, "the FIT keeps its 4 laps")
        // Nothing was extracted next to the archive.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
            .filter { !$0.hasPrefix("health.sqlite") } == ["export_12345.zip"])
    }

    @Test func refusesAZipSlipArchiveOfActivitiesWhole() async throws {
        defer { directory.remove() }
        let path = try zip("rides.zip", [
            ("rides/1.gpx", try Self.fixture("gpx/applewatch-run-3seg-hr-cad.gpx")),
            ("../../escape.gpx", try Self.fixture("gpx/applewatch-run-3seg-hr-cad.gpx")),
        ])

        let result = try await pace.run(["import", path])

        #expect(result.status == 1)
        #expect(result.standardOutput.contains("entry '../../escape.gpx' in 'rides.zip' has a '..' component"), "\(result.standardOutput)")
        #expect(try await HealthStore(path: storePath).workouts().isEmpty, "no entry is read from a refused archive")
    }
}
