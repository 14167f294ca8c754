import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import PaceModel
@testable import PaceServer
import PaceStore
import PaceTestSupport
import Testing

/// Every route in the server's route table, walked from the table itself (a route added later is
/// covered, or this test says what it lacks): refused to an anonymous caller, and as another
/// account never reading, changing or confirming the existence of the first account's objects.
@Suite(.timeLimit(.minutes(3 * TestTime.scale))) struct RouteIsolationTests {
    /// Routes anyone may call: the health check, signing in and signing up (which check what they are sent).
    /// Also the sign-in page and the pages' scripts, style sheets and images, which hold no account's data.
    static let public_: Set<String> = ["GET /api/v1/health", "POST /api/v1/session", "POST /api/v1/accounts", "GET /sign-in",
                                       "GET /static/:file", "GET /assets/leaflet/:file", "GET /assets/leaflet/images/:file",
                                       "GET /assets/chart.js/:file"]
    /// Pages, read with the browser session's cookie: without one they send the reader to the sign-in page.
    static let pages: Set<String> = ["GET /", "GET /workouts", "GET /workouts/:id", "GET /workouts/calendar", "GET /dashboard",
                                     "GET /statistics", "GET /records", "GET /trends", "GET /heatmap", "GET /upload", "GET /tokens",
                                     "GET /settings", "POST /settings", "GET /live", "GET /live/:id"]

    @Test(arguments: ServerFixture.Backend.allCases) func everyRouteKeepsAccountsApart(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice"), bob = try await fixture.account("bob")
        let run = TestObjects.run()
        let route = TestObjects.route(for: run, count: 10)
        let heartRate = TestObjects.heartRate()
        let aliceStore = try await fixture.store(of: alice)
        try await aliceStore.save([.workout(run), .workoutRoute(route), .quantitySample(heartRate)])
        let (router, table) = try await PaceServer.assemble(fixture.configuration)
        let everything: [HealthObjectType] = [.workout, .workoutRoute, .quantity(.heartRate)]

        try await Application(router: router).test(.router) { client in
            let alices = try await ServerFixture.token(client, for: alice, read: everything, share: everything)
            let bobs = try await ServerFixture.token(client, for: bob, read: everything, share: everything)
            let aliceToken = try #require(try await fixture.accounts.tokens(of: alice).first)
            let upload = try await client.execute(uri: "/api/v1/uploads?format=gpx", method: .post, headers: ServerFixture.bearer(alices),
                                                  body: ByteBuffer(string: UploadTests.gpx())) { try ServerFixture.json($0)["id"] as? String }
            let aliceUpload = try #require(upload)
            _ = try await UploadTests.finished(client, alices, "/api/v1/uploads/\(aliceUpload)")
            let aliceLive = UUID()
            let published = try await LiveRoutesTests.post(client, alices, aliceLive, LiveRoutesTests.batch(1))
            #expect(published.status == .created || published.status == .ok, "\(published.json)")
            let before = try await aliceStore.anchoredObjects(AnchoredObjectQuery(type: .workout)).added.count

            /// The value of a path parameter: one of Alice's objects (`isObject`), or a type.
            func value(after literal: String, name: String) -> (alice: String, isObject: Bool)? {
                switch (literal, name) {
                case ("workouts", "id"): (run.id.uuidString, true)
                case ("routes", "route"): (route.id.uuidString, true)
                case ("tokens", "id"): (aliceToken.id.uuidString, true)
                case ("uploads", "id"): (aliceUpload, true)
                case ("samples", "type"), ("statistics", "type"): (QuantityTypeIdentifier.heartRate.rawValue, false)
                case ("samples", "id"): (heartRate.id.uuidString, true)
                case ("live", "session"), ("live", "id"): (aliceLive.uuidString, true)
                case ("static", "file"): ("pace.js", false)
                case ("leaflet", "file"): ("leaflet.js", false)
                case ("images", "file"): ("layers.png", false)
                case ("chart.js", "file"): ("chart.min.js", false)
                default: nil
                }
            }

            let signIn = try JSONSerialization.data(withJSONObject: ["name": "bob", "password": ServerFixture.password("bob")])
            let bobsCookie = try await client.execute(uri: "/api/v1/session", method: .post, body: ByteBuffer(bytes: signIn)) { response in
                (response.headers[.setCookie] ?? "").split(separator: ";").first.map(String.init) ?? ""
            }
            var walked = 0
            for (method, pattern) in table.routes {
                let key = "\(method.rawValue) \(pattern)"
                var aliceURI: [String] = [], strangerURI: [String] = []
                var hasObject = false, literal = ""
                for segment in pattern.split(separator: "/") {
                    guard segment.hasPrefix(":") else {
                        literal = String(segment)
                        aliceURI.append(literal)
                        strangerURI.append(literal)
                        continue
                    }
                    let filled = try #require(value(after: literal, name: String(segment.dropFirst())),
                                              "\(key): give RouteIsolationTests a value of Alice's for '\(segment)' after '\(literal)'")
                    aliceURI.append(filled.alice)
                    strangerURI.append(filled.isObject ? UUID().uuidString : filled.alice)
                    hasObject = hasObject || filled.isObject
                }
                let uri = "/" + aliceURI.joined(separator: "/"), stranger = "/" + strangerURI.joined(separator: "/")
                let body = method == .post || method == .put ? ByteBuffer(string: "{}") : nil
                walked += 1

                // Anonymous: refused before anything is read.
                if Self.pages.contains(key) {
                    try await client.execute(uri: uri, method: method) { response in
                        #expect(response.status == .seeOther && response.headers[.location] == "/sign-in", "\(key) anonymous: \(response.status)")
                    }
                } else if !Self.public_.contains(key) {
                    try await client.execute(uri: uri, method: method, body: body) { response in
                        #expect(response.status == .unauthorized, "\(key) anonymous: \(response.status)")
                        let code = try ServerFixture.errorCode(response)
                        #expect(code?.hasPrefix("auth.") == true, "\(key) anonymous: \(code ?? "no code")")
                    }
                } else {
                    try await client.execute(uri: uri, method: method, body: body) { response in
                        #expect(response.status.code < 500 && response.status != .created, "\(key) anonymous with an empty body: \(response.status)")
                    }
                }

                // Bob, fully scoped in his own account: Alice's objects are as if they did not exist.
                let credentials: HTTPFields = if pattern.hasPrefix("/api/v1/tokens") {
                    ServerFixture.basic(bob)
                } else if pattern.hasPrefix("/api/") {
                    ServerFixture.bearer(bobs)
                } else {
                    [.cookie: bobsCookie]
                }
                let answer = try await client.execute(uri: uri, method: method, headers: credentials, body: body) {
                    ($0.status, String(buffer: $0.body))
                }
                #expect(answer.0.code < 500, "\(key) as Bob: \(answer.0)")
                for secret in [run.id.uuidString, route.id.uuidString, heartRate.id.uuidString, aliceToken.id.uuidString, aliceUpload,
                               aliceLive.uuidString] {
                    #expect(!answer.1.localizedCaseInsensitiveContains(secret), "\(key) as Bob shows Alice's \(secret)")
                }
                if hasObject {
                    #expect(answer.0 == .notFound || answer.0 == .badRequest, "\(key) as Bob: \(answer.0) \(answer.1)")
                    let unknown = try await client.execute(uri: stranger, method: method, headers: credentials, body: body) {
                        ($0.status, String(buffer: $0.body))
                    }
                    #expect(answer == unknown, "\(key): Alice's object and no object must answer alike")
                }
            }
            #expect(walked == table.routes.count && walked >= 12)

            // Nothing of Alice's changed.
            let after = try await aliceStore.anchoredObjects(AnchoredObjectQuery(type: .workout)).added.count
            #expect(after == before)
            let stored = try await aliceStore.object(id: heartRate.id)
            #expect(stored != nil)
            let aliceTokenAfter = try await fixture.accounts.tokens(of: alice).first
            #expect(aliceTokenAfter?.revokedAt == nil)
        }
    }
}
