import Foundation
import PaceFormats
import PaceModel
import PaceStore
import PaceTestSupport
import Testing
@testable import PaceTransfer

/// An activity file imported in passes (`ActivityFileReader.outline`, `ActivityImporter.importBlocking`)
/// gives exactly what the whole-file import gives, and holds nothing of the file's records.
@Suite struct StreamedImportTests {
    static func fixture(_ name: String) -> URL { ImportRunnerTests.fixtures.appendingPathComponent(name) }

    /// The workout with what the store gives each import on its own (UUIDs) set aside.
    struct Imported: Equatable {
        var workout: Workout
        var locations: [RouteLocation]
        var samples: [String]
        var associated: Int
    }

    static func imported(in store: HealthStore) async throws -> Imported? {
        guard var workout = try await store.workouts().first else { return nil }
        let id = workout.id
        workout.id = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
        let locations = try await store.routes(forWorkout: id).flatMap(\.locations)
        var samples: [String] = []
        var associated = 0
        // Values, not objects: a streamed import stores a part's values as one series sample
        // (DECISIONS 172), the whole-file import one sample each.
        for type in [QuantityTypeIdentifier.heartRate, .cyclingCadence, .cyclingPower, .runningPower] {
            for sample in try await store.quantitySamples(matching: type) {
                for value in try await store.seriesValues(of: sample.id) ?? [] {
                    let quantity = Quantity(value: value.value, unit: type.canonicalUnit)
                    samples.append("\(type.rawValue) \(value.start.timeIntervalSince1970) \(quantity)")
                }
            }
            for sample in try await store.quantitySamples(matching: type, predicate: .workout(id)) { associated += sample.count }
        }
        return Imported(workout: workout, locations: locations, samples: samples.sorted(), associated: associated)
    }

    static func streamed(_ file: ActivityFile, into store: HealthStore, partSize: Int = ActivityImporter.streamedPart) async -> ImportReport? {
        guard let stream = file.stream else { return nil }
        var configured = ActivityImporter(store: store)
        configured.streamedPartSize = partSize
        let importer = configured
        let identifier = file.contentIdentifier
        return await ThreadBridge.run(label: "test") { () throws(Never) in importer.importBlocking(stream, fileIdentifier: identifier) }
    }

    @Test(arguments: ["gpx/strava-hr-cad-power-atemp.gpx", "gpx/applewatch-run-3seg-hr-cad.gpx", "gpx/opentracks-timezone-offsets.gpx",
                      "fit/garmin-fenix5-ride.fit", "fit/fr220-run-4laps.fit", "fit/garmin-edge820-ride-hrv.fit",
                      "gzip/fr220-run-4laps.fit.gz", "tcx/fr220-run-4laps-hr-runcad.tcx", "tcx/fr305-run-sample.tcx",
                      "tcx/nul-char-invalid.tcx", "tcx/undeclared-xsi-prefix.tcx",
                      "gzip/fr220-run-4laps-hr-runcad.tcx.gz"], [ActivityImporter.streamedPart, 7])
    func aStreamedImportSavesWhatTheWholeFileImportSaves(name: String, partSize: Int) async throws {
        let url = Self.fixture(name)
        let outline = try ActivityFileReader.outline(url)
        #expect(outline.activities.isEmpty)
        let whole = try ActivityFileReader.read(url)
        #expect(whole.activities.count == 1)
        #expect(outline.contentIdentifier == whole.contentIdentifier)
        #expect(outline.warnings == whole.warnings)

        let streamedStore = try HealthStore.inMemory(), wholeStore = try HealthStore.inMemory()
        let streamedReport = try #require(await Self.streamed(outline, into: streamedStore, partSize: partSize))
        let wholeReport = await ActivityImporter(store: wholeStore).import(whole.activities, fileIdentifier: whole.contentIdentifier)
        #expect(streamedReport.imported.count == 1)
        #expect(streamedReport.notes == wholeReport.notes)
        #expect(streamedReport.rejected.isEmpty)
        let streamed = try #require(try await Self.imported(in: streamedStore))
        let expected = try #require(try await Self.imported(in: wholeStore))
        #expect(streamed.workout == expected.workout)
        #expect(streamed.locations == expected.locations)
        #expect(streamed.samples == expected.samples)
        #expect(streamed.associated == streamed.samples.count, "every sample belongs to its workout")
        #expect(!streamed.locations.isEmpty || !streamed.samples.isEmpty, "the import holds what the file holds")
    }

    @Test func aStreamedImportOfManyPartsSavesWhatTheWholeFileImportSaves() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = URL(fileURLWithPath: directory.path("run.gpx"))
        try Data(Self.gpx(times: (0..<600).map(Double.init), power: true).utf8).write(to: url)
        let store = try HealthStore.inMemory(), wholeStore = try HealthStore.inMemory()
        let report = try #require(await Self.streamed(try ActivityFileReader.outline(url), into: store, partSize: 64))
        let whole = try ActivityFileReader.read(url)
        let wholeReport = await ActivityImporter(store: wholeStore).import(whole.activities, fileIdentifier: whole.contentIdentifier)
        #expect(report.imported.count == 1 && report.notes == wholeReport.notes)
        let streamed = try #require(try await Self.imported(in: store))
        #expect(streamed == (try await Self.imported(in: wholeStore)))
        #expect(streamed.samples.filter { $0.hasPrefix(QuantityTypeIdentifier.runningPower.rawValue) }.count == 300)
        #expect(streamed.associated == 900, "every heart rate and power sample belongs to the workout")
    }

    @Test func theReadPassGivesTheRecordsOfTheWholeFileInPartsAndStopsWhenCancelled() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = URL(fileURLWithPath: directory.path("run.gpx"))
        try Data(Self.gpx(times: (0..<500).map(Double.init), power: true).utf8).write(to: url)
        let stream = try #require(try ActivityFileReader.outline(url).stream)
        let whole = try #require(try ActivityFileReader.read(url).activities.first)
        let records = ActivityConverter.withoutStrayTimes(ActivityConverter.timedRecords(of: whole)).kept
        let type = SportMapping.activityType(for: whole.sport)
        let source = ActivityConverter().source
        let pass = StreamedReadPass(stream: stream, type: type, source: source, device: nil, partSize: 50, depth: 2)
        var locations: [RouteLocation] = []
        var samples: [String] = []
        var parts = 0
        let key = { (sample: QuantitySample) in
            "\(sample.type.rawValue) \(sample.startDate.timeIntervalSinceReferenceDate) \(sample.endDate.timeIntervalSinceReferenceDate) "
                + "\(sample.quantity) \(sample.source == source) \(sample.device == nil) \(sample.metadata.isEmpty)"
        }
        while let part = try pass.nextPart() {
            parts += 1
            #expect(part.locations.count <= 50 && part.series.reduce(0) { $0 + $1.count } <= 50 + 1, "a record has two samples")
            locations += part.locations
            samples += part.series.flatMap { series in (0..<series.count).map { key(series.sample(at: $0)) } }
        }
        #expect(parts > 10)
        #expect(locations == records.compactMap(ActivityConverter.location))
        let expected = records.flatMap { ActivityConverter.samples(of: $0, type: type, source: source, device: nil) }.map(key)
        #expect(!expected.isEmpty)
        #expect(samples.sorted() == expected.sorted(), "the same samples, their UUIDs set aside")
        var totals = try pass.result()
        #expect(totals.recordCount == records.count)

        // The totals gathered on their own thread, from many batches, are those of the records in order.
        let batched = StreamedReadPass(stream: stream, type: type, source: source, device: nil, partSize: 50, depth: 2, batchSize: 7)
        while try batched.nextPart() != nil {}
        var batchedTotals = try batched.result()
        var direct = ActivityRecordTotals(activityType: type)
        for record in records { direct.add(record) }
        #expect(batchedTotals.recordCount == records.count && batchedTotals.locationCount == direct.locationCount)
        #expect(batchedTotals.heartRateSum == direct.heartRateSum && batchedTotals.lastLocationTime == direct.lastLocationTime)
        let track = direct.trackTotals()
        #expect(track != nil)
        #expect(batchedTotals.trackTotals() == track)
        #expect(totals.trackTotals() == track)

        // A writer that fails after its first part stops the reading, which waits for it no more.
        let stopped = StreamedReadPass(stream: stream, type: type, source: source, device: nil, partSize: 5, depth: 1)
        _ = try stopped.nextPart()
        stopped.cancel()
        #expect(throws: (any Error).self) { try stopped.result() }
    }

    @Test func filesThatAreNotOneTimeOrderedActivityAreReadWhole() throws {
        let multiTrack = try ActivityFileReader.outline(Self.fixture("gpx/mapsource-3trk.gpx"))
        #expect(multiTrack.stream == nil)
        #expect(multiTrack.activities == (try ActivityFileReader.read(Self.fixture("gpx/mapsource-3trk.gpx"))).activities)
        let course = try ActivityFileReader.outline(Self.fixture("tcx/course-30pt.tcx"))
        #expect(course.stream == nil && course.activities.isEmpty, "a TCX of courses holds no activity to stream")
        let wholeCourse = try ActivityFileReader.read(Self.fixture("tcx/course-30pt.tcx"))
        #expect(course.notes == wholeCourse.notes && course.contentIdentifier == wholeCourse.contentIdentifier)
        #expect(course.notes.first?.hasPrefix("holds a course") == true, "\(course.notes)")
        #expect(course.notes.first?.hasSuffix("a planned route, not a recorded activity; nothing to import") == true)
        // Two laps of the same two points: their times go back, so the file is sorted in memory.
        let repeated = try ActivityFileReader.outline(Self.fixture("tcx/invalid-coords-undefined.tcx"))
        #expect(repeated.stream == nil && repeated.activities.first?.records.count == 4)

        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let shuffled = directory.path("shuffled.gpx")
        try Data(Self.gpx(times: [0, 2, 1, 3]).utf8).write(to: URL(fileURLWithPath: shuffled))
        let file = try ActivityFileReader.outline(URL(fileURLWithPath: shuffled))
        #expect(file.stream == nil, "records out of time order are sorted in memory")
        #expect(file.activities.first?.records.count == 4)

        let multisport = directory.path("multisport.tcx")
        try Data("""
            <?xml version="1.0"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
             <Activities><MultiSportSession><Id>2024-05-01T08:00:00Z</Id>
              <FirstSport><Activity Sport="Running"><Id>2024-05-01T08:00:00Z</Id><Lap StartTime="2024-05-01T08:00:00Z">
               <Track><Trackpoint><Time>2024-05-01T08:00:00Z</Time></Trackpoint></Track></Lap></Activity></FirstSport>
              <NextSport><Activity Sport="Biking"><Id>2024-05-01T08:05:00Z</Id><Lap StartTime="2024-05-01T08:05:00Z">
               <Track><Trackpoint><Time>2024-05-01T08:05:00Z</Time></Trackpoint></Track></Lap></Activity></NextSport>
             </MultiSportSession></Activities>
            </TrainingCenterDatabase>
            """.utf8).write(to: URL(fileURLWithPath: multisport))
        let sports = try ActivityFileReader.outline(URL(fileURLWithPath: multisport))
        #expect(sports.stream == nil, "a TCX of several activities is read whole")
        #expect(sports.activities.map(\.sport) == ["Running", "Biking"])
    }

    @Test func strayTimesAreLeftOutAsInTheWholeFileImport() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("stray.gpx")
        // One point a year before the rest: a device clock error.
        try Data(Self.gpx(times: [-365 * 86_400] + (0..<120).map(Double.init)).utf8).write(to: URL(fileURLWithPath: path))
        let url = URL(fileURLWithPath: path)
        let store = try HealthStore.inMemory(), wholeStore = try HealthStore.inMemory()
        let report = try #require(await Self.streamed(try ActivityFileReader.outline(url), into: store))
        let whole = try ActivityFileReader.read(url)
        let wholeReport = await ActivityImporter(store: wholeStore).import(whole.activities, fileIdentifier: whole.contentIdentifier)
        #expect(report.notes.contains { $0.contains("left out 1 record(s)") }, "\(report.notes)")
        #expect(report.notes == wholeReport.notes)
        let streamed = try #require(try await Self.imported(in: store))
        #expect(streamed == (try await Self.imported(in: wholeStore)))
        #expect(streamed.locations.count == 120)
        #expect(streamed.workout.startDate == Self.origin)
    }

    @Test func aFileChangedBetweenPassesIsRefusedAndNothingIsSaved() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = URL(fileURLWithPath: directory.path("run.gpx"))
        try Data(Self.gpx(times: (0..<60).map(Double.init)).utf8).write(to: url)
        let outline = try ActivityFileReader.outline(url)
        try Data(Self.gpx(times: (0..<50).map(Double.init)).utf8).write(to: url)
        let store = try HealthStore.inMemory()
        let report = try #require(await Self.streamed(outline, into: store))
        #expect(report.imported.isEmpty)
        #expect(report.rejected.first?.code == .unreadableFile)
        #expect(report.rejected.first?.message.contains("changed while it was imported") == true, "\(report.rejected)")
        #expect(try await store.workouts().isEmpty)
    }

    @Test func importingTheSameLargeFileAgainIsADuplicate() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("run.gpx")
        try Data(Self.gpx(times: (0..<300).map(Double.init)).utf8).write(to: URL(fileURLWithPath: path))
        let store = try HealthStore.inMemory()
        let first = await ImportRunner(store: store).run([.activityFile(path)])
        let second = await ImportRunner(store: store).run([.activityFile(path)])
        #expect(first.imported.count == 1)
        #expect(second.imported.isEmpty && second.skippedAsDuplicate == 1)
        #expect(try await store.workouts().count == 1)
        #expect(try await store.quantitySamples(matching: .heartRate).map(\.count) == [300], "one series sample of 300 values")
    }

    static let origin = Date(timeIntervalSince1970: 1_795_158_000)

    /// A one-track GPX running north at about 3 m/s with heart rate (and power, every other point, when
    /// `power`), one point at each offset (seconds from ``origin``).
    static func gpx(times: [Double], power: Bool = false) -> String {
        let points = times.enumerated().map { index, offset in
            let time = origin.addingTimeInterval(offset).formatted(.iso8601)
            let watts = power && index % 2 == 0 ? "<power>\(200 + index % 50)</power>" : ""
            return "<trkpt lat=\"\(48.85 + Double(index) * 0.000_03)\" lon=\"2.35\"><ele>\(35 + index % 7)</ele><time>\(time)</time>"
                + "<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>\(130 + index % 20)</gpxtpx:hr></gpxtpx:TrackPointExtension>"
                + "\(watts)</extensions></trkpt>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="tests" xmlns="http://www.topografix.com/GPX/1/1"
                 xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
            <trk><name>Run</name><type>running</type><trkseg>
            \(points.joined(separator: "\n"))
            </trkseg></trk></gpx>
            """
    }
}
