import Foundation
import PaceTestSupport
import PaceTransfer
import Testing

/// Issue 13, item 4: a GPX file that holds no recorded track says what it holds and why it is no
/// workout (DECISIONS 92).
@Suite("What a GPX file without a recorded track holds")
struct GPXContentNoteTests {
    @Test("a planned route without times is named as such")
    func routeWithoutTimes() throws {
        let file = try ActivityFileReader.read(ActivityFileReaderTests.fixture("gpx/alltrails-route-139-rtept.gpx"))
        #expect(file.activities.isEmpty)
        #expect(file.notes == ["holds a route without times ('Trail Planner Map on AllTrails', 139 points), not a recorded activity; "
            + "nothing to import"])
    }

    @Test("routes with named points, waypoints only, and nothing at all", arguments: [
        ("<rte><name>Loop</name><rtept lat=\"45\" lon=\"7\"><name>Start</name></rtept><rtept lat=\"45.1\" lon=\"7\"><name>Hut</name></rtept></rte>"
            + "<rte><rtept lat=\"46\" lon=\"7\"/></rte>",
         "holds 2 routes without times ('Loop', 3 points), not recorded activities; nothing to import"),
        ("<wpt lat=\"45\" lon=\"7\"><name>Hut</name></wpt><wpt lat=\"45.1\" lon=\"7\"/>",
         "holds 2 waypoints and no track, not a recorded activity; nothing to import"),
        ("<rte><name>Race</name><rtept lat=\"45\" lon=\"7\"><time>2025-06-14T10:00:00Z</time></rtept></rte><wpt lat=\"45\" lon=\"7\"/>",
         "holds a route ('Race', 1 point) and 1 waypoint: planned points, not a recorded activity; nothing to import"),
        ("", "holds no track, route or waypoint; nothing to import"),
    ])
    func contents(body: String, note: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = URL(fileURLWithPath: directory.path("file.gpx"))
        try Data("<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\">\(body)</gpx>".utf8)
            .write(to: url)
        let file = try ActivityFileReader.read(url)
        #expect(file.activities.isEmpty)
        #expect(file.notes == [note])
    }

    @Test("a file with a recorded track says nothing of its route")
    func trackAndRoute() throws {
        let file = try ActivityFileReader.read(ActivityFileReaderTests.fixture("gpx/graphhopper-route-track.gpx.gz"))
        #expect(file.activities.count == 1)
        #expect(file.notes.isEmpty, "\(file.notes)")
    }
}
