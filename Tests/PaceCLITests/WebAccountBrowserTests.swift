import Foundation
import PaceModel
import PaceTestSupport
import Testing

/// The account's pages in a real browser: `pace serve`, then headless Chromium (Debian's
/// `chromium`, driven by Playwright from PyPI) signs in, imports a GPX fixture through the upload
/// page, makes and revokes a token, switches to imperial units, and watches a live recording whose
/// batches the script publishes through the live API while the page is open
/// (Tests/PaceCLITests/Browser/account_pages.py). No tiles are configured, so nothing leaves the
/// machine. Screenshots, live.png among them, go to `.build/screenshots/`.
@Suite(.serialized, .timeLimit(.minutes(5 * TestTime.scale))) struct WebAccountBrowserTests {
    @Test func theAccountPagesWorkInABrowserWithNoConsoleError() async throws {
        let runner = try CommandRunner()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try await PaceServeProcess(runner: runner, directory: directory, extraArguments: ["--tiles", ""])
        try await server.start()
        defer { server.stop() }
        let types = ["HKWorkoutTypeIdentifier", "HKWorkoutRouteTypeIdentifier", "HKQuantityTypeIdentifierHeartRate"]
        let publisher = try await server.token(name: "recorder", read: types, share: types)

        let root = WebBrowserTests.root
        let gpx = root.appendingPathComponent("Tests/PaceFormatsTests/Fixtures/gpx/applewatch-run-3seg-hr-cad.gpx").path
        let screenshots = try WebBrowserTests.screenshots()
        let result = try await WebBrowserTests.script("account_pages.py", [server.origin, PaceServeProcess.administrator, PaceServeProcess.password,
                                                                           gpx, publisher, screenshots.path])
        #expect(result.0 == 0, "\(result.1)")
        #expect(FileManager.default.fileExists(atPath: screenshots.appendingPathComponent("live.png").path))

        // What the page imported is in the store: one workout, listed by the API.
        let (status, page) = try await server.request("GET", "/workouts", token: publisher)
        #expect(status == 200 && (page["workouts"] as? [[String: Any]])?.count == 1, "\(page)")
    }
}
