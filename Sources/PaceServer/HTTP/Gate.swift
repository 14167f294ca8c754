import Foundation
import HTTPTypes
import Hummingbird
import PaceModel
import PaceStore

/// The one authorisation function every route goes through: who is calling, and what they may do.
///
/// API routes take a bearer token: its account's store, seen as the token's client (so the
/// store's per-client rules apply), and its scopes, checked before any read or write — a type
/// outside them is refused with `scope.read` / `scope.share`. Token management takes the account's
/// name and password (HTTP Basic), rate-limited per address and per name.
struct Gate: Sendable {
    let directory: AccountDirectory
    let stores: AccountStores
    let limiter: SignInLimiter

    /// The token's caller.
    struct TokenCaller: Sendable {
        let token: AccessToken
        /// The account's store as the token's client.
        let store: AuthorizedStore

        /// Refuses a type the token may not read.
        func requireRead(_ type: HealthObjectType) throws {
            guard token.read.contains(type) else {
                throw ServerError(.forbidden, code: "scope.read",
                                  message: "This token may not read \(type.identifier); make a token whose read scope has it.")
            }
        }

        /// Refuses a type the token may not write.
        func requireShare(_ type: HealthObjectType) throws {
            guard token.share.contains(type) else {
                throw ServerError(.forbidden, code: "scope.share",
                                  message: "This token may not write \(type.identifier); make a token whose share scope has it.")
            }
        }
    }

    /// The caller of an API route, from `Authorization: Bearer pace_…` or a browser's session
    /// cookie (whose writes must carry its CSRF token).
    func caller(_ request: Request, _ context: ServerRequestContext) async throws -> TokenCaller {
        if request.headers[.authorization] == nil, let secret = request.cookies[Self.sessionCookie]?.value {
            let session = try await session(request, secret: secret)
            let store = try await stores.store(for: session.account)
            return TokenCaller(token: session, store: store.authorization(for: session.client))
        }
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") else {
            throw ServerError(.unauthorized, code: "auth.token", message: "Send a token: Authorization: Bearer pace_….",
                              headers: [.wwwAuthenticate: "Bearer realm=\"pace\""])
        }
        let secret = String(header.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
        guard let token = try await directory.token(secret: secret) else {
            throw ServerError(.unauthorized, code: "auth.token", message: "The token is not known or was revoked; make a new one.",
                              headers: [.wwwAuthenticate: "Bearer realm=\"pace\", error=\"invalid_token\""])
        }
        try await directory.noteUse(of: token, from: context.address)
        let store = try await stores.store(for: token.account)
        return TokenCaller(token: token, store: store.authorization(for: token.client))
    }

    /// The account signing in with HTTP Basic (name and password), or a browser's session.
    func account(_ request: Request, _ context: ServerRequestContext) async throws -> Account {
        if request.headers[.authorization] == nil, let secret = request.cookies[Self.sessionCookie]?.value {
            let session = try await session(request, secret: secret)
            guard let account = try await directory.account(id: session.account) else { throw Self.sessionEnded }
            return account
        }
        let challenge: HTTPFields = [.wwwAuthenticate: "Basic realm=\"pace\", charset=\"UTF-8\""]
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("basic "),
              let decoded = Data(base64Encoded: String(header.dropFirst("basic ".count)).trimmingCharacters(in: .whitespaces)),
              let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":") else {
            throw ServerError(.unauthorized, code: "auth.password", message: "Sign in with the account's name and password (HTTP Basic).",
                              headers: challenge)
        }
        let name = String(text[..<colon]), password = String(text[text.index(after: colon)...])
        return try await signIn(name: name, password: password, context, challenge: challenge)
    }

    /// The account with this name and password, rate-limited per address and per name (HTTP Basic
    /// and the browser's sign-in share the limits).
    func signIn(name: String, password: String, _ context: ServerRequestContext, challenge: HTTPFields = [:]) async throws -> Account {
        let keys = ["address:" + context.address, "name:" + name.lowercased()]
        try await checkLimit(keys, what: "sign-ins")
        guard let account = try await directory.signIn(name: name, password: password, from: context.address) else {
            await limiter.fail(keys)
            throw ServerError(.unauthorized, code: "auth.password", message: "The name or the password is wrong.", headers: challenge)
        }
        return account
    }

    /// Refuses with `429 auth.rateLimited` (and `Retry-After`, in seconds) while any of `keys` has
    /// failed too often; `what` names the attempts in the message ("sign-ins").
    func checkLimit(_ keys: [String], what: String) async throws {
        if let wait = await limiter.wait(for: keys) {
            let seconds = Int(wait.rounded(.up))
            throw ServerError(.tooManyRequests, code: "auth.rateLimited",
                              message: "Too many failed \(what); try again in \(seconds) s.",
                              headers: [.retryAfter: String(seconds)])
        }
    }

    /// The name of the cookie that holds a browser's session secret.
    static let sessionCookie = "pace_session"
    /// The header a browser's writes carry the session's CSRF token in.
    static let csrfHeader = HTTPField.Name("X-CSRF-Token")!

    /// The live session whose secret the cookie holds; for a write (any method but GET and HEAD),
    /// only with the session's CSRF token in `X-CSRF-Token`.
    func session(_ request: Request, secret: String) async throws -> AccessToken {
        guard let (session, csrf) = try await directory.session(secret: secret) else { throw Self.sessionEnded }
        if request.method != .get && request.method != .head {
            guard let sent = request.headers[Self.csrfHeader], Self.equalInConstantTime(sent, csrf) else {
                throw ServerError(.forbidden, code: "auth.csrf",
                                  message: "A write from a browser session must carry the session's CSRF token in X-CSRF-Token (GET /api/v1/session gives it).")
            }
        }
        return session
    }

    /// Whether two secrets are equal, in a time that does not depend on where they differ.
    static func equalInConstantTime(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The error of a session cookie that names no live session.
    static var sessionEnded: ServerError {
        ServerError(.unauthorized, code: "auth.session", message: "The session has ended or expired; sign in again.")
    }
}
