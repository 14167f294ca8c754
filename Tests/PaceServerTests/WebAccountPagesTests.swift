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

/// The account's pages: upload, tokens, settings and live recordings — each only for a signed-in
/// reader, settings stored and validated, figures in the reader's units, and nothing of another
/// account's shown (its objects are "not found").
@Suite(.timeLimit(.minutes(2 * TestTime.scale))) struct WebAccountPagesTests {
    /// The session's CSRF token, as the pages' scripts read it.
    static func csrf(_ client: any TestClientProtocol, _ cookie: HTTPFields) async throws -> String {
        try await client.execute(uri: "/api/v1/session", method: .get, headers: cookie) { response in
            try #require(try ServerFixture.json(response)["csrfToken"] as? String)
        }
    }

    /// Posts the settings form as a browser does.
    static func postSettings(_ client: any TestClientProtocol, _ cookie: HTTPFields, _ fields: [String: String])
        async throws -> (status: HTTPResponse.Status, location: String?, page: String) {
        var headers = cookie
        headers[.contentType] = "application/x-www-form-urlencoded"
        let body = fields.sorted { $0.key < $1.key }
            .map { $0.key + "=" + ($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") }
            .joined(separator: "&")
        return try await client.execute(uri: "/settings", method: .post, headers: headers, body: ByteBuffer(string: body)) {
            ($0.status, $0.headers[.location], String(buffer: $0.body))
        }
    }

    @Test func everyAccountPageSendsAReaderWithoutASessionToSignIn() async throws {
        let fixture = try await ServerFixture(.sqlite)
        defer { fixture.directory.remove() }
        try await fixture.test { client in
            for path in ["/upload", "/tokens", "/settings", "/live", "/live/\(UUID().uuidString)"] {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .seeOther && response.headers[.location] == "/sign-in", "\(path): \(response.status)")
                }
            }
            let posted = try await Self.postSettings(client, [:], ["units": "imperial", "timeZone": "UTC"])
            #expect(posted.status == .seeOther && posted.location == "/sign-in")
        }
    }

    @Test func settingsAreStoredValidatedAndShownBack() async throws {
        let fixture = try await ServerFixture(.sqlite)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        try await fixture.test { client in
            let cookie = try await WebPagesTests.signIn(client, "alice")
            let csrf = try await Self.csrf(client, cookie)
            try await client.execute(uri: "/settings", method: .get, headers: cookie) { response in
                let page = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(page.contains(#"<input type="hidden" name="csrf" value="\#(csrf)">"#))
                #expect(page.contains(#"value="metric" checked"#), "metric until the account chooses")
                #expect(page.contains(#"value="server" checked"#), "the server's tiles until the account chooses")
                #expect(response.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
            }

            // A form without the session's CSRF token changes nothing.
            let forged = try await Self.postSettings(client, cookie, ["csrf": "forged", "units": "imperial", "timeZone": "UTC"])
            #expect(forged.status == .forbidden)

            // Problems are shown beside their fields, and nothing is stored.
            let wrong = try await Self.postSettings(client, cookie, [
                "csrf": csrf, "units": "imperial", "timeZone": "Mars/Olympus_Mons", "maximumHeartRate": "fast", "restingHeartRate": "300",
                "mapTiles": "satellite",
            ])
            #expect(wrong.status == .badRequest)
            #expect(wrong.page.contains(#"id="time-zone-problem""#) && wrong.page.contains("Mars/Olympus_Mons"))
            #expect(wrong.page.contains(#"id="maximum-heart-rate-problem""#))
            #expect(wrong.page.contains(#"id="resting-heart-rate-problem""#))
            #expect(wrong.page.contains(#"id="map-tiles-problem""#))
            #expect(try await fixture.accounts.settings(of: alice.id) == .standard)
            let restingAboveMaximum = try await Self.postSettings(client, cookie, [
                "csrf": csrf, "units": "metric", "timeZone": "UTC", "maximumHeartRate": "110", "restingHeartRate": "115", "mapTiles": "server",
            ])
            #expect(restingAboveMaximum.status == .badRequest)

            let saved = try await Self.postSettings(client, cookie, [
                "csrf": csrf, "units": "imperial", "timeZone": "America/New_York", "maximumHeartRate": "185", "restingHeartRate": "50",
                "mapTiles": "none",
            ])
            #expect(saved.status == .seeOther && saved.location == "/settings?saved=1")
            let stored = try await fixture.accounts.settings(of: alice.id)
            #expect(stored == AccountSettings(units: .imperial, timeZone: "America/New_York", maximumHeartRate: 185, restingHeartRate: 50,
                                              mapTiles: .none))
            try await client.execute(uri: "/settings?saved=1", method: .get, headers: cookie) { response in
                let page = String(buffer: response.body)
                #expect(page.contains(#"id="settings-saved""#))
                #expect(page.contains(#"value="imperial" checked"#) && page.contains(#"value="America/New_York""#))
                #expect(page.contains(#"value="185""#) && page.contains(#"value="50""#))
                #expect(page.contains(#"value="none" checked"#) && !page.contains(#"value="server" checked"#))
            }
        }
    }

    @Test func aKnownWorkoutIsShownInImperialUnitsAndTheAccountsZone() async throws {
        let fixture = try await ServerFixture(.sqlite)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let run = TestObjects.run()
        let route = TestObjects.route(for: run, count: 60)
        let store = try await fixture.store(of: alice)
        try await store.save([.workout(run), .workoutRoute(route)])
        let analysis = WorkoutAnalysis(workout: run, routes: [route], series: try await WorkoutSeries(store: store, workout: run))
        let moving = analysis.movingTime ?? analysis.duration
        let zone = try #require(TimeZone(identifier: "Asia/Tokyo"))
        try await fixture.accounts.saveSettings(AccountSettings(units: .imperial, timeZone: "Asia/Tokyo"), of: alice.id)

        try await fixture.test { client in
            let cookie = try await WebPagesTests.signIn(client, "alice")
            let metres = try run.totalDistance?.doubleValue(for: .meter)
            try await client.execute(uri: "/workouts", method: .get, headers: cookie) { response in
                let page = String(buffer: response.body)
                #expect(page.contains("<td>\(WebFormat.distance(metres, units: .imperial))</td>"), "\(page)")
                #expect(page.contains(" mi</td>") && !page.contains(" km</td>"))
                #expect(page.contains(WebFormat.date(run.startDate, in: zone)))
            }
            try await client.execute(uri: "/workouts/\(run.id.uuidString)", method: .get, headers: cookie) { response in
                let page = String(buffer: response.body)
                #expect(page.contains(#"<dd id="figure-distance">\#(WebFormat.distance(analysis.distance, units: .imperial))</dd>"#), "\(page)")
                #expect(page.contains(#"<dd id="figure-pace">\#(WebFormat.pace(seconds: moving, metres: analysis.distance, units: .imperial))</dd>"#))
                #expect(page.contains("/mi</dd>"))
                for split in analysis.mileSplits {
                    #expect(page.contains("<td>\(split.index + 1)</td><td>\(WebFormat.distance(split.distance, units: .imperial))</td>"))
                }
            }
        }
    }

    @Test func theUnitFormatsAreTheOnesThePagesPromise() throws {
        #expect(WebFormat.distance(1_609.344, units: .imperial) == "1.00 mi")
        #expect(WebFormat.distance(5_023, units: .metric) == WebFormat.distance(5_023))
        #expect(WebFormat.pace(seconds: 480, metres: 1_609.344, units: .imperial) == "8:00 /mi")
        #expect(WebFormat.pace(seconds: 1_500, metres: 5_000, units: .metric) == "5:00 /km")
        #expect(WebFormat.pace(seconds: 480, metres: 0, units: .imperial) == "—")
        #expect(WebFormat.elevation(100, units: .imperial) == "328 ft")
        #expect(WebFormat.elevation(100, units: .metric) == "100 m")
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        #expect(WebFormat.date(Date(timeIntervalSince1970: 0), in: newYork).hasPrefix("1969-12-31 19:00"))
        #expect(AccountSettings(timeZone: "Europe/Paris").problems().isEmpty)
        #expect(AccountSettings(timeZone: "Nowhere/Atlantis").problems()["timeZone"] != nil)
        #expect(AccountSettings(maximumHeartRate: 300).problems()["maximumHeartRate"] != nil)
    }

    @Test func theTokensUploadAndLivePagesShowTheAccountsOwnObjectsOnly() async throws {
        let fixture = try await ServerFixture(.sqlite)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        _ = try await fixture.account("bob")
        let session = UUID()
        try await fixture.test { client in
            let publisher = try await ServerFixture.token(client, for: alice, read: [.workout, .workoutRoute], share: [.workout])
            let tokenID = try #require(try await fixture.accounts.tokens(of: alice).first?.id)
            #expect(try await LiveRoutesTests.post(client, publisher, session, LiveRoutesTests.batch(1)).status == .created)

            let cookie = try await WebPagesTests.signIn(client, "alice")
            try await client.execute(uri: "/tokens", method: .get, headers: cookie) { response in
                let page = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(page.contains(#"<tr data-token="\#(tokenID.uuidString)">"#))
                #expect(page.contains("<summary>2 types</summary>") && page.contains("<summary>1 type</summary>"), "read and write scopes")
                #expect(page.contains(#"<script src="/static/tokens.js"></script>"#))
                #expect(page.contains(#"name="read" value="\#(HealthObjectType.workout.identifier)""#))
            }
            try await client.execute(uri: "/upload", method: .get, headers: cookie) { response in
                let page = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(page.contains(#"<form id="upload""#) && page.contains(#"<script src="/static/upload.js"></script>"#))
            }
            try await client.execute(uri: "/live", method: .get, headers: cookie) { response in
                #expect(String(buffer: response.body).contains(#"<a href="/live/\#(session.uuidString)">"#))
            }
            try await client.execute(uri: "/live/\(session.uuidString)", method: .get, headers: cookie) { response in
                let page = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(page.contains(#"data-events="/api/v1/live/\#(session.uuidString)/events""#))
                #expect(page.contains(#"data-ended="false""#) && page.contains("/assets/leaflet/leaflet.js"))
            }
            for script in ["account.js", "tokens.js", "upload.js", "live.js"] {
                try await client.execute(uri: "/static/\(script)", method: .get) { response in
                    #expect(response.status == .ok, "\(script)")
                }
            }

            // Bob sees none of it: Alice's session answers as one that never was, her token is not his to revoke.
            let bobs = try await WebPagesTests.signIn(client, "bob")
            let hers = try await client.execute(uri: "/live/\(session.uuidString)", method: .get, headers: bobs) { ($0.status, String(buffer: $0.body)) }
            let nobodys = try await client.execute(uri: "/live/\(UUID().uuidString)", method: .get, headers: bobs) { ($0.status, String(buffer: $0.body)) }
            #expect(hers.0 == .notFound && hers == nobodys)
            try await client.execute(uri: "/live", method: .get, headers: bobs) { response in
                #expect(!String(buffer: response.body).contains(session.uuidString))
            }
            try await client.execute(uri: "/tokens", method: .get, headers: bobs) { response in
                #expect(!String(buffer: response.body).contains(tokenID.uuidString))
            }
            var revoke = bobs
            revoke[Gate.csrfHeader] = try await Self.csrf(client, bobs)
            try await client.execute(uri: "/api/v1/tokens/\(tokenID.uuidString)", method: .delete, headers: revoke) { response in
                #expect(response.status == .notFound)
            }
            #expect(try await fixture.accounts.tokens(of: alice).first?.revokedAt == nil)

            // The end is shown as such.
            #expect(try await LiveRoutesTests.post(client, publisher, session, LiveRoutesTests.batch(2, first: 2, end: true)).status == .created)
            try await client.execute(uri: "/live/\(session.uuidString)", method: .get, headers: cookie) { response in
                #expect(String(buffer: response.body).contains(#"data-ended="true""#))
            }
        }
    }
}
