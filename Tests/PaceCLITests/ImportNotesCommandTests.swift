import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// Issue 13, items 3 and 4, through the real `pace import`: a GPX logger's tracks of one outing are
/// one workout, an empty track is a note, and a file with nothing to import says what it holds.
@Suite struct ImportNotesCommandTests {
    let directory: TemporaryDirectory
    let pace: CommandRunner
    let storePath: String

    init() throws {
        directory = try TemporaryDirectory()
        storePath = directory.path("health.sqlite")
        pace = try CommandRunner(environment: ["PACE_STORE": storePath, "TZ": "UTC"])
    }

    @Test func aGarminActiveLogInSevenTracksIsOneWorkoutWithPausesAndExitsZero() async throws {
        defer { directory.remove() }
        let path = ImportExportCommandTests.fixture("gpx/garmin-active-log-8trk-first-empty.gpx")

        let result = try await pace.run(["import", path])
        let again = try await pace.run(["import", "--json", path])

        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(result.standardOutput.hasPrefix("Imported 1 workout from 1 file; 0 skipped as duplicate; 0 rejected.\n"),
                "\(result.standardOutput)")
        #expect(result.standardOutput.contains("note: \(path): track 'ACTIVE LOG' is empty (no points), so there is nothing in it to import"))
        #expect(result.standardOutput.contains("note: \(path): joined 7 tracks (track 'ACTIVE LOG #2' to track 'ACTIVE LOG #8') into one workout"))
        #expect(!result.standardOutput.contains("rejected:"))
        #expect(result.standardError.contains("[1/1] \(path): 1 imported, 0 duplicate, 0 rejected, 2 notes"), "\(result.standardError)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(again.standardOutput.utf8)) as? [String: Any])
        #expect(summary["skippedAsDuplicate"] as? Int == 1, "the joined workout is recognised on a second import")
        #expect((summary["notes"] as? [String])?.count == 2)
        let workouts = try await HealthStore(path: storePath).workouts()
        #expect(workouts.count == 1)
        #expect(workouts.first?.events.filter { $0.type == .pause }.count == 6)
        #expect(workouts.first?.events.filter { $0.type == .resume }.count == 6)
    }

    @Test func onlyARealRefusalMakesTheExitStatusNonZero() async throws {
        defer { directory.remove() }
        let empty = ImportExportCommandTests.fixture("gpx/empty-trk-no-points.gpx")
        let broken = ImportExportCommandTests.fixture("tcx/garbage-not-xml.tcx")

        let alone = try await pace.run(["import", empty])
        let withBroken = try await pace.run(["import", empty, broken])

        #expect(alone.status == 0, "\(alone.standardOutput)")
        #expect(alone.standardOutput == "Imported 0 workouts from 1 file; 0 skipped as duplicate; 0 rejected.\n"
            + "note: \(empty): track 1 is empty (no points), so there is nothing in it to import\n")
        #expect(withBroken.status == 1)
        #expect(withBroken.standardOutput.hasPrefix("Imported 0 workouts from 2 files; 0 skipped as duplicate; 1 rejected.\nrejected: \(broken)"),
                "\(withBroken.standardOutput)")
    }

    @Test func aRouteWithoutTimesSaysSoAndWhy() async throws {
        defer { directory.remove() }
        let path = ImportExportCommandTests.fixture("gpx/alltrails-route-139-rtept.gpx")

        let result = try await pace.run(["import", path])

        #expect(result.status == 0)
        #expect(result.standardOutput == "Imported 0 workouts from 1 file; 0 skipped as duplicate; 0 rejected.\n"
            + "note: \(path): holds a route without times ('Trail Planner Map on AllTrails', 139 points), not a recorded activity; "
            + "nothing to import\n")
        #expect(result.standardError.contains("[1/1] \(path): 0 imported, 0 duplicate, 0 rejected, 1 note"), "\(result.standardError)")
        #expect(try await HealthStore(path: storePath).workouts().isEmpty)
    }
}
