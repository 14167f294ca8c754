import Foundation
import PaceFormats
import Testing

@Suite struct GPXStreamTests {
    private struct Collected {
        var points: [(record: ActivityRecord, track: Int, segment: Int)] = []
        var tracks: [GPXTrackInfo] = []
        var routes: [GPXRoute] = []
        var waypoints: [GPXWaypoint] = []
        var warnings: [GPXWarning] = []
    }

    private func stream(_ url: URL) throws -> (Collected, GPXStreamSummary) {
        var collected = Collected()
        let summary = try GPXReader().stream(contentsOf: url) { event in
            switch event {
            case .trackPoint(let record, let track, let segment): collected.points.append((record, track, segment))
            case .trackEnd(let info): collected.tracks.append(info)
            case .route(let route): collected.routes.append(route)
            case .waypoint(let waypoint): collected.waypoints.append(waypoint)
            case .warning(let warning): collected.warnings.append(warning)
            }
        }
        return (collected, summary)
    }

    @Test(arguments: [
        "applewatch-run-3seg-hr-cad.gpx", "strava-hr-cad-power-atemp.gpx", "mapsource-with-without-ele.gpx",
        "gpx10-iso8859-1-waypoints.gpx", "out-of-range-coords.gpx", "opentracks-timezone-offsets.gpx",
    ])
    func streamDeliversTheSamePointsAsRead(name: String) throws {
        // Given a fixture read whole and streamed from its file
        let url = GPXFixtures.directory.appendingPathComponent("gpx/\(name)")
        let document = try GPXReader().read(contentsOf: url)
        let (collected, summary) = try stream(url)

        // Then the points, in order, grouped by track and segment, are the document's laps
        #expect(collected.points.map(\.record) == document.tracks.flatMap { $0.laps.flatMap(\.records) })
        for (index, track) in document.tracks.enumerated() {
            let segments = Dictionary(grouping: collected.points.filter { $0.track == index }, by: \.segment)
            #expect(segments.keys.sorted().map { segments[$0]!.map(\.record) } == track.laps.map(\.records))
        }
        #expect(collected.tracks.map(\.index) == Array(document.tracks.indices))
        #expect(collected.tracks.map(\.pointCount) == document.tracks.map { $0.laps.reduce(0) { $0 + $1.records.count } })
        #expect(collected.routes == document.routes)
        #expect(collected.waypoints == document.waypoints)
        #expect(collected.warnings == document.warnings)
        #expect(summary.trackPointCount == collected.points.count)
        #expect(summary.name == document.name && summary.time == document.time && summary.creator == document.creator)
    }

    @Test func segmentIndicesCountEverySegmentOfATrack() throws {
        let text = """
            <gpx version="1.1" creator="t"><trk><name>A</name>
            <trkseg><trkpt lat="1" lon="1"/><trkpt lat="1" lon="2"/></trkseg><trkseg/><trkseg><trkpt lat="2" lon="2"/></trkseg>
            </trk><trk><trkseg><trkpt lat="3" lon="3"/></trkseg></trk></gpx>
            """
        var points: [String] = []
        var tracks: [GPXTrackInfo] = []
        let summary = try GPXReader().stream(source: DataByteSource(Data(text.utf8))) { event in
            if case .trackPoint(let record, let track, let segment) = event { points.append("\(track).\(segment):\(record.longitude!)") }
            if case .trackEnd(let info) = event { tracks.append(info) }
        }
        #expect(points == ["0.0:1.0", "0.0:2.0", "0.2:2.0", "1.0:3.0"])
        #expect(tracks == [GPXTrackInfo(index: 0, name: "A", type: nil, segmentCount: 3, pointCount: 3),
                           GPXTrackInfo(index: 1, name: nil, type: nil, segmentCount: 1, pointCount: 1)])
        #expect(summary.trackCount == 2)
        #expect(summary.creator == "t")
    }

    @Test func aThrowingHandlerStopsTheStream() throws {
        struct Stop: Error {}
        let url = GPXFixtures.directory.appendingPathComponent("gpx/applewatch-run-3seg-hr-cad.gpx")
        var seen = 0
        let error = #expect(throws: GPXError.self) {
            _ = try GPXReader().stream(contentsOf: url) { event in
                guard case .trackPoint = event else { return }
                seen += 1
                if seen == 3 { throw Stop() }
            }
        }
        #expect(error?.code == .handlerFailed)
        #expect(error?.cause is Stop)
        #expect(error?.line != nil)
        #expect(seen == 3)
    }

    @Test func readsFromAnyByteSourceInChunks() throws {
        let data = try GPXFixtures.data("applewatch-run-3seg-hr-cad.gpx")
        #expect(try GPXReader().read(source: DataByteSource(data), file: "a.gpx") == GPXReader().read(data: data, file: "a.gpx"))
    }

    @Test func everyFixtureReadsTheSameOneByteAtATime() throws {
        let folder = GPXFixtures.directory.appendingPathComponent("gpx")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".gpx") }.sorted()
        #expect(names.count >= 9)
        for name in names {
            let data = try GPXFixtures.data(name)
            let whole = try GPXReader().read(data: data, file: name)
            let bytewise = try GPXReader().read(source: OneByteSource(data), file: name)
            #expect(bytewise == whole, "\(name)")
        }
    }

    @Test func eachTracksHeadComesOnceBeforeItsFirstPointWithWhatPrecedesIt() throws {
        let xml = """
            <gpx version="1.1" creator="Watch 7" xmlns="http://www.topografix.com/GPX/1/1">
             <metadata><name>Morning</name></metadata>
             <trk><name>Ride</name><type>cycling</type><trkseg>
              <trkpt lat="48.1" lon="2.1"><time>2024-05-01T08:00:00Z</time></trkpt>
              <trkpt lat="48.2" lon="2.2"><time>2024-05-01T08:00:01Z</time></trkpt></trkseg></trk>
             <trk><trkseg><trkpt lat="48.3" lon="2.3"><time>2024-05-01T09:00:00Z</time></trkpt></trkseg><type>running</type></trk>
            </gpx>
            """
        var events: [String] = []
        var heads: [RecordedActivity] = []
        let document = try GPXReader().read(source: DataByteSource(Data(xml.utf8)), file: "two.gpx", head: { activity, index in
            heads.append(activity)
            events.append("head \(index)")
        }, points: { _, index in events.append("point \(index)") })
        #expect(events == ["head 0", "point 0", "point 0", "head 1", "point 1"])
        #expect(heads.map(\.sport) == ["cycling", nil], "a type after the points is not in the head")
        #expect(heads.map(\.name) == ["Ride", "Morning"], "an unnamed track takes the file's name")
        #expect(heads.map(\.deviceName) == ["Watch 7", "Watch 7"])
        #expect(document.tracks.map(\.sport) == ["cycling", "running"], "the document at the end has it")
    }
}
