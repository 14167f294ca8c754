import Foundation
import HTTPTypes
import Hummingbird
import PaceModel
import PaceStore

/// Signing in from a browser, signing out, inviting and signing up.
///
/// A browser signs in with its name and password as JSON and gets the session in a cookie
/// (`pace_session`: HttpOnly, Secure, SameSite=Strict, 30 days) and a CSRF token to send with
/// every write. Sign-up is closed unless the server was started with it open; an administrator's
/// invitation opens it for one account.
struct SessionRoutes: Sendable {
    let gate: Gate
    /// Whether anyone may create an account without an invitation.
    let openSignUp: Bool

    /// The routes, for ``ServerRoutes/routes``.
    var routes: [ServerRoutes.Route] {
        [
            ServerRoutes.Route(method: .post, path: "/api/v1/session") { try await signIn($0, context: $1) },
            ServerRoutes.Route(method: .get, path: "/api/v1/session") { try await current($0, context: $1).response(from: $0, context: $1) },
            ServerRoutes.Route(method: .delete, path: "/api/v1/session") { try await signOut($0, context: $1) },
            ServerRoutes.Route(method: .post, path: "/api/v1/invitations") { try await invite($0, context: $1).response(from: $0, context: $1) },
            ServerRoutes.Route(method: .post, path: "/api/v1/accounts") { try await signUp($0, context: $1).response(from: $0, context: $1) },
        ]
    }

    struct SignInJSON: Decodable, Sendable {
        var name: String
        var password: String
    }

    struct SessionJSON: ResponseEncodable, Codable, Sendable {
        var account: AccountJSON
        /// The token to send in `X-CSRF-Token` with every write.
        var csrfToken: String
        var expiresAt: Date
    }

    struct AccountJSON: ResponseEncodable, Codable, Sendable {
        var id: UUID
        var name: String
        var isAdmin: Bool
        var createdAt: Date

        init(_ account: Account) {
            id = account.id
            name = account.name
            isAdmin = account.isAdmin
            createdAt = account.createdAt
        }
    }

    struct InvitationJSON: ResponseEncodable, Codable, Sendable {
        /// The code, shown once.
        var code: String
        var expiresAt: Date
    }

    struct SignUpJSON: Decodable, Sendable {
        var name: String
        var password: String
        var invitation: String?
    }

    @Sendable func signIn(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let asked = try await request.decodeJSON(SignInJSON.self, upTo: context.maxUploadSize, advice: "send only a name and a password.",
                                                 decoder: context.requestDecoder,
                                                 invalid: ServerError(.badRequest, code: "request.body", message: "Send {\"name\": …, \"password\": …} as JSON."))
        let account = try await gate.signIn(name: asked.name, password: asked.password, context)
        let (session, secret, csrf) = try await gate.directory.createSession(for: account, from: context.address)
        try await gate.stores.store(for: account.id).allowWebClient()
        let body = SessionJSON(account: AccountJSON(account), csrfToken: csrf, expiresAt: session.expiresAt ?? Date())
        var response = try EditedResponse(status: .created, response: body).response(from: request, context: context)
        response.setCookie(Self.cookie(secret, maxAge: Int(AccountDirectory.sessionLifetime)))
        return response
    }

    @Sendable func current(_ request: Request, context: ServerRequestContext) async throws -> SessionJSON {
        guard let secret = request.cookies[Gate.sessionCookie]?.value,
              let (session, csrf) = try await gate.directory.session(secret: secret),
              let account = try await gate.directory.account(id: session.account) else { throw Gate.sessionEnded }
        return SessionJSON(account: AccountJSON(account), csrfToken: csrf, expiresAt: session.expiresAt ?? Date())
    }

    @Sendable func signOut(_ request: Request, context: ServerRequestContext) async throws -> Response {
        guard let secret = request.cookies[Gate.sessionCookie]?.value else { throw Gate.sessionEnded }
        let session = try await gate.session(request, secret: secret)
        try await gate.directory.endSession(session)
        var response = Response(status: .noContent)
        response.setCookie(Self.cookie("", maxAge: 0))
        return response
    }

    @Sendable func invite(_ request: Request, context: ServerRequestContext) async throws -> EditedResponse<InvitationJSON> {
        let account = try await gate.account(request, context)
        let (code, expiresAt) = try await gate.directory.createInvitation(by: account)
        return EditedResponse(status: .created, response: InvitationJSON(code: code, expiresAt: expiresAt))
    }

    @Sendable func signUp(_ request: Request, context: ServerRequestContext) async throws -> EditedResponse<AccountJSON> {
        let asked = try await request.decodeJSON(SignUpJSON.self, upTo: context.maxUploadSize, advice: "send only a name, a password and an invitation.",
                                                 decoder: context.requestDecoder,
                                                 invalid: ServerError(.badRequest, code: "request.body", message: "Send {\"name\": …, \"password\": …, \"invitation\": …} as JSON."))
        let account: Account
        if let invitation = asked.invitation {
            // Guessing codes is sign-in guessing: the same limits per address.
            let keys = ["address:" + context.address]
            try await gate.checkLimit(keys, what: "attempts")
            do {
                account = try await gate.directory.createAccount(name: asked.name, password: asked.password, invitation: invitation)
            } catch let error as ServerError where error.code == "invitation.invalid" {
                await gate.limiter.fail(keys)
                throw error
            }
        } else {
            guard openSignUp else {
                throw ServerError(.forbidden, code: "signup.closed",
                                  message: "Sign-up is closed on this server; ask an administrator for an invitation.")
            }
            account = try await gate.directory.createAccount(name: asked.name, password: asked.password, isAdmin: false)
        }
        return EditedResponse(status: .created, response: AccountJSON(account))
    }

    /// The session cookie: HttpOnly (no script reads it), Secure, SameSite=Strict (no other site's
    /// page sends it), for the whole server.
    static func cookie(_ secret: String, maxAge: Int) -> Cookie {
        Cookie(name: Gate.sessionCookie, value: secret, maxAge: maxAge, path: "/", secure: true, httpOnly: true, sameSite: .strict)
    }
}
