import Foundation
import PaceFormats
import PaceModel
import PaceStore
import PaceTestSupport
import Testing
@testable import PaceTransfer

/// A GPX or TCX file of one time-ordered activity is imported reading it once
/// (`ActivityImporter.importInOneRead`, DECISIONS 180) and gives exactly what the whole-file import
/// gives; a file the one read cannot take is left, untouched, to the import in passes.
@Suite struct OneReadImportTests {
    static let origin = StreamedImportTests.origin

    /// The names of the devices of the stored heart-rate and cadence samples.
    static func sampleDevices(in store: HealthStore) async throws -> Set<String> {
        var names = Set<String>()
        for type in [QuantityTypeIdentifier.heartRate, .cyclingCadence] {
            for sample in try await store.quantitySamples(matching: type) { names.insert(sample.device?.name ?? "none") }
        }
        return names
    }

    static func oneRead(_ url: URL, into store: HealthStore, partSize: Int = ActivityImporter.streamedPart,
                        sameRecording: SameRecordingRule? = SameRecordingRule()) async -> ActivityImporter.OneReadOutcome? {
        var configured = ActivityImporter(store: store, sameRecording: sameRecording)
        configured.streamedPartSize = partSize
        let importer = configured
        return await ThreadBridge.run(label: "test") { () throws(Never) in importer.importInOneRead(url) }
    }

    @Test(arguments: ["gpx/strava-hr-cad-power-atemp.gpx", "gpx/applewatch-run-3seg-hr-cad.gpx", "gpx/opentracks-timezone-offsets.gpx",
                      "tcx/fr220-run-4laps-hr-runcad.tcx", "tcx/fr305-run-sample.tcx", "tcx/nul-char-invalid.tcx",
                      "tcx/undeclared-xsi-prefix.tcx", "gzip/fr220-run-4laps-hr-runcad.tcx.gz"], [ActivityImporter.streamedPart, 7])
    func anImportInOneReadSavesWhatTheWholeFileImportSaves(name: String, partSize: Int) async throws {
        let url = StreamedImportTests.fixture(name)
        let whole = try ActivityFileReader.read(url)
        let store = try HealthStore.inMemory(), wholeStore = try HealthStore.inMemory()
        let outcome = try #require(await Self.oneRead(url, into: store, partSize: partSize), "the file is read once")
        let wholeReport = await ActivityImporter(store: wholeStore).import(whole.activities, fileIdentifier: whole.contentIdentifier)
        #expect(outcome.report.imported.count == 1)
        #expect(outcome.report.rejected.isEmpty)
        #expect(outcome.report.notes == wholeReport.notes)
        #expect(outcome.warnings == whole.warnings)
        let imported = try #require(try await StreamedImportTests.imported(in: store))
        let expected = try #require(try await StreamedImportTests.imported(in: wholeStore))
        #expect(imported.workout == expected.workout)
        #expect(imported.locations == expected.locations)
        #expect(imported.samples == expected.samples)
        #expect(imported.associated == imported.samples.count, "every sample belongs to its workout")
        #expect(try await Self.sampleDevices(in: store) == (try await Self.sampleDevices(in: wholeStore)),
                "the samples carry the device the file names, even after its records")

        let again = try #require(await Self.oneRead(url, into: store))
        #expect(again.report.skippedAsDuplicate == 1 && again.report.imported.isEmpty, "the same file again is a duplicate")
        #expect(try await store.workouts().count == 1)
    }

    @Test func aTCXFileNamingItsDeviceAfterItsRecordsGivesTheSamplesThatDevice() async throws {
        let url = StreamedImportTests.fixture("tcx/fr220-run-4laps-hr-runcad.tcx")
        let store = try HealthStore.inMemory()
        _ = try #require(await Self.oneRead(url, into: store, partSize: 7))
        #expect(try await Self.sampleDevices(in: store) == ["Garmin Forerunner 220"])
        #expect(try await store.workouts().first?.device?.name == "Garmin Forerunner 220")
    }

    /// Files the one read must give up on: each comes back `nil` with nothing written, and the
    /// runner imports it in passes as before.
    @Test(arguments: [
        ("records out of time order", gpx(times: [0, 1, 2, 10, 5, 6, 7])),
        ("a gap that leaves records stray", gpx(times: [0, 1, 2, 3, 4, 5, 10 * 86_400])),
        ("the type after the points", gpx(times: Array(0..<30).map(Double.init), typeAfterPoints: true)),
        ("two tracks", gpx(times: Array(0..<30).map(Double.init), tracks: 2)),
        ("no timed points", gpx(times: [])),
    ])
    func aFileTheOneReadCannotTakeIsLeftToTheImportInPasses(case: String, text: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = URL(fileURLWithPath: directory.path("run.gpx"))
        try Data(text.utf8).write(to: url)
        let store = try HealthStore.inMemory()
        #expect(await Self.oneRead(url, into: store, partSize: 2) == nil, "\(`case`)")
        #expect(try await store.workouts().isEmpty)
        #expect(try await store.quantitySamples(matching: .heartRate).isEmpty, "the rolled-back save left no sample")

        let outcome = await ImportRunner(store: store).run(ImportInput.classify([url.path]))
        if `case` == "no timed points" {
            #expect(outcome.imported.isEmpty)
        } else {
            #expect(!outcome.imported.isEmpty, "the import in passes takes it: \(`case`)")
        }
    }

    @Test func aStoredWorkoutStartingCloseByLeavesTheFileToTheImportInPasses() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = URL(fileURLWithPath: directory.path("run.gpx"))
        try Data(Self.gpx(times: Array(0..<30).map(Double.init)).utf8).write(to: url)
        let store = try HealthStore.inMemory()
        let stored = Workout(activityType: .running, start: Self.origin.addingTimeInterval(20), end: Self.origin.addingTimeInterval(31),
                             source: Source(name: "Watch", bundleIdentifier: "org.example.watch"))
        try await store.save([.workout(stored)])
        #expect(await Self.oneRead(url, into: store) == nil, "the same-recording rule needs the whole span")
        #expect(await Self.oneRead(url, into: store, sameRecording: nil) != nil, "without the rule the file is read once")
    }

    @Test func aFITFileIsNotReadOnce() async throws {
        let store = try HealthStore.inMemory()
        #expect(await Self.oneRead(StreamedImportTests.fixture("fit/fr220-run-4laps.fit"), into: store) == nil)
    }

    static func gpx(times: [Double], typeAfterPoints: Bool = false, tracks: Int = 1) -> String {
        let points = times.enumerated().map { index, offset in
            "<trkpt lat=\"\(48.85 + Double(index) * 0.000_03)\" lon=\"2.35\"><time>\(origin.addingTimeInterval(offset).formatted(.iso8601))</time>"
                + "<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>\(130 + index % 20)</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>"
        }.joined(separator: "\n")
        let track = typeAfterPoints
            ? "<trk><name>Run</name><trkseg>\(points)</trkseg><type>cycling</type></trk>"
            : "<trk><name>Run</name><type>running</type><trkseg>\(points)</trkseg></trk>"
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="tests" xmlns="http://www.topografix.com/GPX/1/1"
                 xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
            \(String(repeating: track, count: tracks))
            </gpx>
            """
    }
}
