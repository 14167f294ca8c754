import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PaceModel
import PaceTestSupport
import Testing

/// The history pages in a real browser: `pace serve`, a run of this week uploaded through the API,
/// then headless Chromium (Playwright over Debian's `chromium`, as in ``WebBrowserTests``) signs in
/// and opens the dashboard, the filtered list, the calendar, statistics, records, trends and the
/// heatmap (Tests/PaceCLITests/Browser/history_pages.py): no console error on any, the dashboard's
/// week distance as the library computes it and a record, the statistics chart and the heatmap's
/// lines drawn. No tiles are configured, so no request leaves the machine. The dashboard's
/// screenshot goes to `.build/screenshots/dashboard.png`.
@Suite(.serialized, .timeLimit(.minutes(5 * TestTime.scale))) struct WebHistoryBrowserTests {
    /// A GPX run of `points` one-second fixes heading north at about 3.3 m/s from `start`.
    static func gpx(start: Date, points: Int) -> Data {
        let formatter = ISO8601DateFormatter()
        var text = #"<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><type>running</type><trkseg>"#
        for index in 0..<points {
            let latitude = 47.37 + Double(index) * 0.00003
            text += #"<trkpt lat="\#(latitude)" lon="8.54"><ele>410</ele><time>\#(formatter.string(from: start.addingTimeInterval(Double(index))))</time></trkpt>"#
        }
        return Data((text + "</trkseg></trk></gpx>").utf8)
    }

    @Test func theHistoryPagesLoadAndDrawWithNoConsoleError() async throws {
        let runner = try CommandRunner()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try await PaceServeProcess(runner: runner, directory: directory, extraArguments: ["--tiles", ""])
        try await server.start()
        defer { server.stop() }
        let types = ["HKWorkoutTypeIdentifier", "HKWorkoutRouteTypeIdentifier", "HKQuantityTypeIdentifierHeartRate"]
        let token = try await server.token(read: types, share: types)

        // A 40-minute run inside this week (UTC, the pages' zone without ?tz=): ended three hours ago,
        // or just after the week began when that is later.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        utc.firstWeekday = 2
        utc.minimumDaysInFirstWeek = 4
        let weekStart = try #require(utc.dateInterval(of: .weekOfYear, for: Date())).start
        let start = max(weekStart.addingTimeInterval(60), Date().addingTimeInterval(-3 * 3600 - 2400))
        let (id, metres) = try await WebBrowserTests.upload(Self.gpx(start: start, points: 2400), to: server, token: token)
        let screenshots = try WebBrowserTests.screenshots()
        let result = try await WebBrowserTests.script("history_pages.py", [server.origin, PaceServeProcess.administrator, PaceServeProcess.password,
                                                                           id, String(format: "%.2f km", metres / 1000), screenshots.path])
        #expect(result.0 == 0, "\(result.1)")
        #expect(FileManager.default.fileExists(atPath: screenshots.appendingPathComponent("dashboard.png").path))
    }
}
