import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import PaceModel
@testable import PaceServer
import PaceStore
import PaceTestSupport
import PaceTrack
import PaceAnalysis
import PaceTransfer
import Testing

/// The web pages as HTML: what a signed-in reader sees, the figures the analysis computes, the
/// policy that lets the page load only its own scripts, and the files the pages load.
@Suite(.timeLimit(.minutes(2 * TestTime.scale))) struct WebPagesTests {
    /// Signs `name` in through the API; returns the `Cookie` header of the session.
    static func signIn(_ client: any TestClientProtocol, _ name: String) async throws -> HTTPFields {
        let body = try JSONSerialization.data(withJSONObject: ["name": name, "password": ServerFixture.password(name)])
        let cookie = try await client.execute(uri: "/api/v1/session", method: .post, body: ByteBuffer(bytes: body)) { response in
            (response.headers[.setCookie] ?? "").split(separator: ";").first.map(String.init) ?? ""
        }
        #expect(cookie.hasPrefix("pace_session="))
        return [.cookie: cookie]
    }

    @Test func theWorkoutPagesShowTheAnalysisFiguresToTheirOwnerOnly() async throws {
        let fixture = try await ServerFixture(.sqlite)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        _ = try await fixture.account("bob")
        let run = TestObjects.run()
        let route = TestObjects.route(for: run, count: 60)
        let store = try await fixture.store(of: alice)
        try await store.save([.workout(run), .workoutRoute(route)])
        let analysis = WorkoutAnalysis(workout: run, routes: [route], series: try await WorkoutSeries(store: store, workout: run))
        let moving = analysis.movingTime ?? analysis.duration

        try await fixture.test { client in
            // Without a session every page leads to the sign-in page, which needs none.
            for path in ["/", "/workouts", "/workouts/\(run.id.uuidString)"] {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .seeOther && response.headers[.location] == "/sign-in", "\(path): \(response.status)")
                }
            }
            try await client.execute(uri: "/sign-in", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                let policy = response.headers[.contentSecurityPolicy] ?? ""
                #expect(policy.contains("script-src 'self'") && policy.contains("img-src 'self' data: https://tile.openstreetmap.org"), "\(policy)")
                #expect(String(buffer: response.body).contains(#"<form id="sign-in""#))
            }

            let cookie = try await Self.signIn(client, "alice")
            try await client.execute(uri: "/", method: .get, headers: cookie) { response in
                #expect(response.status == .seeOther && response.headers[.location] == "/dashboard")
            }
            try await client.execute(uri: "/workouts", method: .get, headers: cookie) { response in
                let page = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(page.contains("/workouts/\(run.id.uuidString)"), "the list links the workout")
                #expect(page.contains("<span class=\"who\">alice</span>"))
            }
            try await client.execute(uri: "/workouts/\(run.id.uuidString)", method: .get, headers: cookie) { response in
                let page = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(page.contains(#"<dd id="figure-distance">\#(WebFormat.distance(analysis.distance))</dd>"#), "\(page)")
                #expect(page.contains(#"<dd id="figure-moving">\#(WebFormat.duration(moving))</dd>"#))
                #expect(page.contains(#"<dd id="figure-pace">\#(WebFormat.pace(seconds: moving, metres: analysis.distance))</dd>"#))
                #expect(page.contains("/api/v1/workouts/\(run.id.uuidString)/routes/\(route.id.uuidString)/polyline"), "the map's route")
                #expect(page.contains("/api/v1/workouts/\(run.id.uuidString)/series?points=500"), "the chart's series")
                for split in analysis.kilometerSplits {
                    #expect(page.contains("<td>\(split.index + 1)</td><td>\(WebFormat.distance(split.distance))</td>"))
                }
            }

            // Bob sees no trace of Alice's workout: the page answers as for a workout that never was.
            let bobs = try await Self.signIn(client, "bob")
            let hers = try await client.execute(uri: "/workouts/\(run.id.uuidString)", method: .get, headers: bobs) {
                ($0.status, String(buffer: $0.body))
            }
            let nobodys = try await client.execute(uri: "/workouts/\(UUID().uuidString)", method: .get, headers: bobs) {
                ($0.status, String(buffer: $0.body))
            }
            #expect(hers.0 == .notFound && hers == nobodys)
            try await client.execute(uri: "/workouts", method: .get, headers: bobs) { response in
                #expect(!String(buffer: response.body).contains(run.id.uuidString))
            }
        }
    }

    @Test func theFormatsAreTheOnesThePagesPromise() {
        #expect(WebFormat.distance(5_023) == "5.02 km")
        #expect(WebFormat.distance(nil) == "—")
        #expect(WebFormat.duration(3_723) == "1:02:03")
        #expect(WebFormat.duration(754.4) == "12:34")
        #expect(WebFormat.pace(seconds: 1_500, metres: 5_000) == "5:00 /km")
        #expect(WebFormat.pace(seconds: 1_500, metres: 0) == "—")
        #expect(WebConfiguration(tileURL: "https://{s}.tile.example.org/{z}/{x}/{y}.png").tileOrigin == "https://*.tile.example.org")
        #expect(WebConfiguration(tileURL: "").tileOrigin == nil)
    }

    @Test func thePagesFilesAreServedAndNoNameLeavesItsFolder() async throws {
        let fixture = try await ServerFixture(.sqlite)
        defer { fixture.directory.remove() }
        try await fixture.test { client in
            try await client.execute(uri: "/static/pace.js", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
                #expect(String(buffer: response.body).contains("DOMContentLoaded"))
            }
            try await client.execute(uri: "/assets/leaflet/leaflet.js", method: .get) { response in
                #expect(response.status == .ok, "Leaflet is served from Debian's libjs-leaflet (Scripts/setup.sh installs it)")
            }
            try await client.execute(uri: "/assets/chart.js/chart.min.js", method: .get) { response in
                #expect(response.status == .ok, "Chart.js is served from Debian's libjs-chart.js (Scripts/setup.sh installs it)")
            }
            for path in ["/static/..%2Fpace.js", "/static/.hidden.js", "/static/pace.sh", "/assets/leaflet/..", "/static/nothing.js"] {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .notFound, "\(path): \(response.status)")
                }
            }
        }
    }
}
