import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import PaceModel
@testable import PaceServer
import PaceStore
import PaceTestSupport
import Testing

/// Browser sessions (a cookie no script can read or other site send, writes checked against a CSRF
/// token) and sign-up (closed unless opened, invitations from administrators, each usable once).
@Suite(.timeLimit(.minutes(2 * TestTime.scale))) struct SessionTests {
    static func json(_ object: [String: Any]) throws -> ByteBuffer {
        ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: object))
    }

    @Test(arguments: [ServerFixture.Backend.sqlite]) func aBrowserSessionReadsAndItsWritesNeedTheCSRFToken(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let run = TestObjects.run()
        try await fixture.store(of: alice).save([.workout(run)])
        try await fixture.test { client in
            let wrong = try Self.json(["name": "alice", "password": "not her password"])
            try await client.execute(uri: "/api/v1/session", method: .post, body: wrong) { response in
                #expect(response.status == .unauthorized)
                let code = try ServerFixture.errorCode(response)
                #expect(code == "auth.password")
                #expect(response.headers[.setCookie] == nil)
            }
            let right = try Self.json(["name": "alice", "password": ServerFixture.password("alice")])
            let (cookieHeader, csrf) = try await client.execute(uri: "/api/v1/session", method: .post, body: right) { response in
                #expect(response.status == .created)
                return (response.headers[.setCookie] ?? "", try ServerFixture.json(response)["csrfToken"] as? String ?? "")
            }
            for attribute in ["HttpOnly", "Secure", "SameSite=Strict", "Path=/", "Max-Age=2592000"] {
                #expect(cookieHeader.contains(attribute), "the cookie has \(attribute): \(cookieHeader)")
            }
            let secret = try #require(cookieHeader.split(separator: ";").first?.split(separator: "=", maxSplits: 1).last.map(String.init))
            #expect(secret.count > 40 && !csrf.isEmpty)
            let cookie: HTTPFields = [.cookie: "pace_session=\(secret)"]

            // Reads as the owner: every type.
            try await client.execute(uri: "/api/v1/workouts", method: .get, headers: cookie) { response in
                #expect(response.status == .ok)
                let listed = (try ServerFixture.json(response)["workouts"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
                #expect(listed == [run.id.uuidString])
            }
            try await client.execute(uri: "/api/v1/session", method: .get, headers: cookie) { response in
                let session = try ServerFixture.json(response)
                #expect(session["csrfToken"] as? String == csrf, "a reloaded page gets its CSRF token back")
                #expect((session["account"] as? [String: Any])?["name"] as? String == "alice")
            }

            // A write without the CSRF token (a forged form) is refused; with it, done.
            let tokenRequest = try Self.json(["name": "phone", "read": ["HKWorkoutTypeIdentifier"], "share": []])
            try await client.execute(uri: "/api/v1/tokens", method: .post, headers: cookie, body: tokenRequest) { response in
                #expect(response.status == .forbidden)
                let code = try ServerFixture.errorCode(response)
                #expect(code == "auth.csrf")
            }
            var withCSRF = cookie
            // One character changed (the token is random: it may itself begin with "x").
            withCSRF[Gate.csrfHeader] = (csrf.first == "x" ? "y" : "x") + csrf.dropFirst()
            try await client.execute(uri: "/api/v1/tokens", method: .post, headers: withCSRF, body: tokenRequest) { response in
                #expect(response.status == .forbidden, "a wrong CSRF token is no CSRF token")
            }
            withCSRF[Gate.csrfHeader] = csrf
            try await client.execute(uri: "/api/v1/tokens", method: .post, headers: withCSRF, body: tokenRequest) { response in
                #expect(response.status == .created)
            }
            let tokens = try await fixture.accounts.tokens(of: alice)
            #expect(tokens.map(\.name) == ["phone"], "sessions are not listed as tokens")

            // Signing out ends the session for good.
            try await client.execute(uri: "/api/v1/session", method: .delete, headers: cookie) { response in
                #expect(response.status == .forbidden)
            }
            try await client.execute(uri: "/api/v1/session", method: .delete, headers: withCSRF) { response in
                #expect(response.status == .noContent)
                #expect(response.headers[.setCookie]?.contains("Max-Age=0") == true)
            }
            try await client.execute(uri: "/api/v1/workouts", method: .get, headers: cookie) { response in
                #expect(response.status == .unauthorized)
                let code = try ServerFixture.errorCode(response)
                #expect(code == "auth.session")
            }
            // A session secret is no bearer token.
            try await client.execute(uri: "/api/v1/workouts", method: .get, headers: ServerFixture.bearer(secret)) { response in
                #expect(response.status == .unauthorized)
            }
        }
    }

    @Test func signUpIsClosedButAnInvitationOpensItOnce() async throws {
        let fixture = try await ServerFixture()
        defer { fixture.directory.remove() }
        let admin = try await fixture.accounts.createAccount(name: "admin", password: ServerFixture.password("admin"), isAdmin: true)
        let bob = try await fixture.account("bob")
        try await fixture.test { client in
            let plain = try Self.json(["name": "carol", "password": "a long enough password"])
            try await client.execute(uri: "/api/v1/accounts", method: .post, body: plain) { response in
                #expect(response.status == .forbidden)
                let code = try ServerFixture.errorCode(response)
                #expect(code == "signup.closed")
            }
            try await client.execute(uri: "/api/v1/invitations", method: .post, headers: ServerFixture.basic(bob)) { response in
                #expect(response.status == .forbidden)
                let code = try ServerFixture.errorCode(response)
                #expect(code == "account.notAdmin")
            }
            let code = try await client.execute(uri: "/api/v1/invitations", method: .post, headers: ServerFixture.basic(admin)) { response in
                #expect(response.status == .created)
                return try ServerFixture.json(response)["code"] as? String ?? ""
            }
            let invited = try Self.json(["name": "carol", "password": "a long enough password", "invitation": code])
            try await client.execute(uri: "/api/v1/accounts", method: .post, body: invited) { response in
                #expect(response.status == .created)
                let made = try ServerFixture.json(response)
                #expect(made["isAdmin"] as? Bool == false)
            }
            let again = try Self.json(["name": "dave", "password": "a long enough password", "invitation": code])
            try await client.execute(uri: "/api/v1/accounts", method: .post, body: again) { response in
                #expect(response.status == .forbidden)
                let code = try ServerFixture.errorCode(response)
                #expect(code == "invitation.invalid")
            }
            let made = try await fixture.accounts.signIn(name: "carol", password: "a long enough password", from: "test")
            #expect(made != nil)
            let notMade = try await fixture.accounts.signIn(name: "dave", password: "a long enough password", from: "test")
            #expect(notMade == nil, "a used invitation makes no account")
        }
    }

    @Test func anOpenServerLetsAnyoneSignUp() async throws {
        let fixture = try await ServerFixture(openSignUp: true)
        defer { fixture.directory.remove() }
        try await fixture.test { client in
            try await client.execute(uri: "/api/v1/accounts", method: .post,
                                     body: try Self.json(["name": "erin", "password": "a long enough password"])) { response in
                #expect(response.status == .created)
            }
            try await client.execute(uri: "/api/v1/accounts", method: .post,
                                     body: try Self.json(["name": "frank", "password": "short"])) { response in
                #expect(response.status == .badRequest)
                let code = try ServerFixture.errorCode(response)
                #expect(code == "account.password")
            }
        }
    }
}
