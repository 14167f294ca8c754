import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// `pace import` on an Apple Health export folder, against the real binary.
@Suite struct AppleHealthImportCommandTests {
    let directory: TemporaryDirectory
    let pace: CommandRunner
    let storePath: String

    init() throws {
        directory = try TemporaryDirectory()
        storePath = directory.path("health.sqlite")
        pace = try CommandRunner(environment: ["PACE_STORE": storePath, "TZ": "UTC"])
    }

    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PaceFormatsTests/Fixtures/applehealth/apple_health_export").path

    @Test func importsTheExportFolderOnceThenSkipsItAsDuplicate() async throws {
        defer { directory.remove() }
        let first = try await pace.run(["import", Self.fixture])
        let second = try await pace.run(["import", "--json", Self.fixture])

        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.hasPrefix("Imported Apple Health export \(Self.fixture): 2 samples, 1 workout, 1 route; "
            + "0 skipped as duplicate; 0 rejected."), "\(first.standardOutput)")
        #expect(first.standardError.contains("items read, done"))
        #expect(second.status == 0, "\(second.standardError)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(second.standardOutput.utf8)) as? [String: Any])
        let exports = try #require(summary["appleHealth"] as? [[String: Any]])
        let report = try #require(exports.first?["report"] as? [String: Any])
        #expect(report["duplicatesSkipped"] as? Int == 4)
        #expect(report["quantitySamplesImported"] as? Int == 0)
        let store = try HealthStore(path: storePath)
        let workout = try #require(try await store.workouts().first)
        #expect(try await store.routes(forWorkout: workout.id).count == 1)
        #expect(try await store.quantitySamples(of: .heartRate).count == 1)
    }
}
