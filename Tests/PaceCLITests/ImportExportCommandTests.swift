import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// `pace import` and `pace export` against the real binary and real files.
@Suite struct ImportExportCommandTests {
    let directory: TemporaryDirectory
    let pace: CommandRunner
    let storePath: String

    init() throws {
        directory = try TemporaryDirectory()
        storePath = directory.path("health.sqlite")
        pace = try CommandRunner(environment: ["PACE_STORE": storePath, "TZ": "UTC"])
    }

    /// A fixture of the format tests, read in place.
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PaceFormatsTests/Fixtures/\(name)").path
    }

    @Test func importsFilesOnceAndSkipsDuplicates() async throws {
        defer { directory.remove() }
        let files = [Self.fixture("gpx/applewatch-run-3seg-hr-cad.gpx"), Self.fixture("tcx/fr220-run-4laps-hr-runcad.tcx")]

        let first = try await pace.run(["import"] + files)
        let second = try await pace.run(["import", "--json"] + files)

        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.hasPrefix("Imported 2 workouts from 2 files; 0 skipped as duplicate; 0 rejected.\n"))
        #expect(first.standardError.contains("[2/2] "))
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(second.standardOutput.utf8)) as? [String: Any])
        #expect(summary["skippedAsDuplicate"] as? Int == 2)
        #expect((summary["imported"] as? [Any])?.isEmpty == true)
        let store = try HealthStore(path: storePath)
        let workouts = try await store.workouts()
        #expect(workouts.count == 2)
        let tcx = try #require(workouts.first { $0.events.contains { $0.type == .lap } && $0.device?.name != "Apple Watch" })
        #expect(tcx.events.filter { $0.type == .lap }.count == 4)
        #expect(try await store.routes(forWorkout: tcx.id).first?.locations.isEmpty == false)
        // The TCX streams (one series sample of its 49 values); found as samples of the imported workout.
        let heartRates = try await store.quantitySamples(matching: .heartRate, predicate: .workout(tcx.id))
        #expect(heartRates.reduce(0) { $0 + $1.count } == 49, "one value per trackpoint")
    }

    @Test func compressedFilesInAFolderAreImportedAndRecognisedUncompressed() async throws {
        defer { directory.remove() }
        let folder = directory.path("strava-activities")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["gzip/fr220-run-4laps-hr-runcad.tcx.gz", "gpx/graphhopper-route-track.gpx.gz"] {
            try FileManager.default.copyItem(atPath: Self.fixture(name), toPath: folder + "/" + (name as NSString).lastPathComponent)
        }
        try Data("not an activity".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt.gz"))

        let first = try await pace.run(["import", folder])
        let again = try await pace.run(["import", "--json", Self.fixture("tcx/fr220-run-4laps-hr-runcad.tcx")])

        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.hasPrefix("Imported 2 workouts from 2 files; 0 skipped as duplicate; 0 rejected.\n"),
                "\(first.standardOutput)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(again.standardOutput.utf8)) as? [String: Any])
        #expect(summary["skippedAsDuplicate"] as? Int == 1, "the uncompressed file is the same activity")
        let workouts = try await HealthStore(path: storePath).workouts()
        #expect(workouts.count == 2)
        #expect(workouts.contains { $0.events.filter { $0.type == .lap }.count == 4 })
    }

    @Test func brokenFileIsRejectedWithItsReasonAndExitCodeOne() async throws {
        defer { directory.remove() }
        let result = try await pace.run(["import", Self.fixture("tcx/garbage-not-xml.tcx")])

        #expect(result.status == 1)
        #expect(result.standardOutput.hasPrefix("Imported 0 workouts from 1 file; 0 skipped as duplicate; 1 rejected.\nrejected: "))
        #expect(result.standardOutput.contains("garbage-not-xml.tcx"))
        #expect(try await HealthStore(path: storePath).workouts().isEmpty)

        // --json types the refusal: a stable code, the file, the reader's position, the message.
        let json = try await pace.run(["import", Self.fixture("tcx/garbage-not-xml.tcx"), "--json"])
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let rejected = try #require((summary["rejected"] as? [[String: Any]])?.first, "\(json.standardOutput)")
        #expect(rejected["code"] as? String == "invalidFile")
        #expect((rejected["file"] as? String)?.hasSuffix("garbage-not-xml.tcx") == true)
        #expect((rejected["position"] as? [String: Any])?["line"] as? Int == 1, "\(json.standardOutput)")
        #expect((rejected["message"] as? String)?.isEmpty == false)
    }

    @Test func aRecordingDamagedByACrashImportsUpToTheDamageAndSaysWhere() async throws {
        defer { directory.remove() }
        let path = Self.fixture("fit/strava-android-run-local-mesg-quirk.fit")

        let result = try await pace.run(["import", "--json", path])

        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let warnings = try #require(summary["warnings"] as? [String])
        #expect(warnings.contains { $0.hasPrefix("\(path): FIT warning at byte 7471: the data cannot be read past byte 7471") }, "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("\(path): ") && $0.contains("left out 1 record(s) timed 2085-12-21T16:46:58Z") },
                "\(warnings)")
        let workout = try #require(try await HealthStore(path: storePath).workouts().first)
        // The session message (written first by this app) gives the whole run; the end is not 2085.
        #expect(workout.endDate == ISO8601DateFormatter().date(from: "2021-09-27T15:12:28Z"))
        #expect(workout.totalDistance == Quantity(value: 11274.04, unit: .meter))
    }

    @Test func anActivityRefusedInsideAFileIsReportedWithTheFile() async throws {
        defer { directory.remove() }
        // A route: positions, no times.
        let path = directory.path("planned.gpx")
        try Data("""
            <?xml version="1.0"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
              <trk><name>Planned loop</name><trkseg><trkpt lat="45" lon="7"/><trkpt lat="45.001" lon="7"/></trkseg></trk>
            </gpx>
            """.utf8).write(to: URL(fileURLWithPath: path))

        let result = try await pace.run(["import", path])

        #expect(result.status == 1)
        #expect(result.standardOutput.contains("rejected: \(path): Planned loop: The activity has no timestamps"), "\(result.standardOutput)")
    }

    @Test func exportedGPXAndTCXReimportWithTheSameTrackAndHeartRate() async throws {
        defer { directory.remove() }
        _ = try await pace.run(["import", Self.fixture("tcx/fr220-run-4laps-hr-runcad.tcx")])
        let store = try HealthStore(path: storePath)
        let original = try #require(try await store.workouts().first)
        let originalRoute = try #require(try await store.routes(forWorkout: original.id).first)
        // Values, whether stored as ordinary samples or as series samples (DECISIONS 172).
        let originalHeartRate = try await store.quantitySeries(of: .heartRate, from: original.startDate, to: original.endDate)

        for format in ["gpx", "tcx", "fit"] {
            let file = directory.path("export.\(format)")
            let export = try await pace.run(["export", original.id.uuidString, "--format", format, "--output", file])
            #expect(export.status == 0, "\(export.standardError)")

            let other = directory.path("other-\(format).sqlite")
            let reimport = try await CommandRunner(environment: ["PACE_STORE": other]).run(["import", file])
            #expect(reimport.status == 0, "\(reimport.standardOutput)")
            let copyStore = try HealthStore(path: other)
            let copy = try #require(try await copyStore.workouts().first)
            let route = try #require(try await copyStore.routes(forWorkout: copy.id).first)
            #expect(route.locations.count == originalRoute.locations.count, "\(format)")
            #expect(abs(route.locations[10].latitude - originalRoute.locations[10].latitude) < 1e-7)
            let heartRate = try await copyStore.quantitySeries(of: .heartRate, from: copy.startDate, to: copy.endDate)
            #expect(!heartRate.isEmpty && heartRate.map(\.value) == originalHeartRate.map(\.value), "\(format)")
            if format != "gpx" {  // GPX has no laps and no totals
                #expect(copy.events.filter { $0.type == .lap }.count == original.events.filter { $0.type == .lap }.count, "\(format) laps")
                #expect(abs(copy.duration - original.duration) <= 1, "\(format) duration")
                let copyDistance = try #require(copy.totalDistance).doubleValue(for: .meter)
                let originalDistance = try #require(original.totalDistance).doubleValue(for: .meter)
                #expect(abs(copyDistance - originalDistance) < 0.5, "\(format) distance")
            }
        }
    }

    @Test func theSameRunInAnotherFormatIsSkippedUnlessDuplicatesAreAllowed() async throws {
        defer { directory.remove() }
        _ = try await pace.run(["import", Self.fixture("tcx/fr220-run-4laps-hr-runcad.tcx")])
        let original = try #require(try await HealthStore(path: storePath).workouts().first)
        let fit = directory.path("same-run.fit")
        let export = try await pace.run(["export", original.id.uuidString, "--format", "fit", "--output", fit])
        #expect(export.status == 0, "\(export.standardError)")

        let again = try await pace.run(["import", fit])
        #expect(again.status == 0, "\(again.standardOutput)")
        #expect(again.standardOutput.hasPrefix("Imported 0 workouts from 1 file; 1 skipped as duplicate; 0 rejected.\n"),
                "\(again.standardOutput)")
        #expect(again.standardOutput.contains("duplicate: ") && again.standardOutput.contains("the same recording as workout \(original.id)"),
                "\(again.standardOutput)")
        #expect(again.standardOutput.contains("pass --allow-duplicates to keep both"), "the command adds its own advice")
        #expect(try await HealthStore(path: storePath).workouts().count == 1)

        let kept = try await pace.run(["import", fit, "--allow-duplicates"])
        #expect(kept.standardOutput.hasPrefix("Imported 1 workout from 1 file; 0 skipped as duplicate; 0 rejected.\n"),
                "\(kept.standardOutput)")
        #expect(try await HealthStore(path: storePath).workouts().count == 2)
    }

    @Test func exportOfAnUnknownWorkoutFails() async throws {
        defer { directory.remove() }
        let result = try await pace.run(["export", UUID().uuidString, "--format", "gpx"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("No workout with UUID"))
    }
}
