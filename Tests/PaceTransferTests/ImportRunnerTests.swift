import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing
@testable import PaceTransfer

/// What a path given to an import is (`ImportInput`), and the import of several inputs that every
/// front end shares (`ImportRunner`), without the command line.
@Suite struct ImportRunnerTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PaceFormatsTests/Fixtures")
    static let strava = fixtures.appendingPathComponent("gpx/strava-hr-cad-power-atemp.gpx")

    static func copy(_ source: URL, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source.path, toPath: path)
    }

    @Test func pathsAreClassifiedExportsFirstAndFoldersExpanded() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.path("rides")
        try Self.copy(Self.strava, to: folder + "/b/late.gpx")
        try Self.copy(Self.strava, to: folder + "/a/early.gpx")
        try Data("not an activity".utf8).write(to: URL(fileURLWithPath: folder + "/a/readme.txt"))
        let renamed = directory.path("health.xml")
        try Data("<?xml version=\"1.0\"?>\n<!DOCTYPE HealthData [\n]>\n<HealthData locale=\"en\"/>\n".utf8)
            .write(to: URL(fileURLWithPath: renamed))
        let otherXML = directory.path("other.xml")
        try Data("<gpx/>".utf8).write(to: URL(fileURLWithPath: otherXML))
        let missing = directory.path("missing.fit")

        let inputs = ImportInput.classify([folder, renamed, missing, otherXML])

        #expect(inputs == [.appleHealthExport(renamed), .activityFile(folder + "/a/early.gpx"),
                           .activityFile(folder + "/b/late.gpx"), .activityFile(missing), .activityFile(otherXML)],
                "exports first; a folder's supported files sorted; unknown paths left for the reader to reject")
    }

    @Test func filesAreImportedAndRejectedOneByOneWithProgress() async throws {
        let directory = try TemporaryDirectory()
        let good = directory.path("run.gpx"), bad = directory.path("broken.gpx")
        try Self.copy(Self.strava, to: good)
        try Data("<gpx><trk><trkseg><trkpt lat=".utf8).write(to: URL(fileURLWithPath: bad))
        let store = try HealthStore.inMemory()
        let recorded = Locked<[ImportProgress.FileProgress]>([])

        let outcome = await ImportRunner(store: store).run(ImportInput.classify([good, bad])) { event in
            if case .file(let file) = event { recorded.withLock { $0.append(file) } }
        }
        let events = recorded.withLock { $0 }

        #expect(outcome.imported.count == 1 && outcome.rejected.count == 1, "\(outcome.rejected)")
        let problem = try #require(outcome.rejected.first)
        #expect(problem.file == bad && problem.code == .invalidFile, "\(problem)")
        #expect(problem.position?.line == 1 && problem.position?.column != nil, "the reader's position: \(problem)")
        #expect(outcome.fileCount == 2 && outcome.hasRejections)
        #expect(events.map(\.done) == [1, 2] && events.allSatisfy { $0.total == 2 })
        #expect(events.first?.counts?.imported == 1 && events.last?.counts == nil)
        #expect(events.last?.totals.rejected == 1)
        let workout = try #require(try await store.workouts().first)
        #expect(outcome.imported == [workout.id])

        // The same file again is a duplicate, not a second workout.
        let again = await ImportRunner(store: store).run([.activityFile(good)])
        #expect(again.imported.isEmpty && again.skippedAsDuplicate == 1 && !again.hasRejections)
    }
}
