import Foundation
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

    /// The caller of an API route, from `Authorization: Bearer pace_…`.
    func caller(_ request: Request, _ context: ServerRequestContext) async throws -> TokenCaller {
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

    /// The account signing in with HTTP Basic (name and password).
    func account(_ request: Request, _ context: ServerRequestContext) async throws -> Account {
        let challenge: HTTPFields = [.wwwAuthenticate: "Basic realm=\"pace\", charset=\"UTF-8\""]
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("basic "),
              let decoded = Data(base64Encoded: String(header.dropFirst("basic ".count)).trimmingCharacters(in: .whitespaces)),
              let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":") else {
            throw ServerError(.unauthorized, code: "auth.password", message: "Sign in with the account's name and password (HTTP Basic).",
                              headers: challenge)
        }
        let name = String(text[..<colon]), password = String(text[text.index(after: colon)...])
        let keys = ["address:" + context.address, "name:" + name.lowercased()]
        if let wait = await limiter.wait(for: keys) {
            throw ServerError(.tooManyRequests, code: "auth.rateLimited",
                              message: "Too many failed sign-ins; try again in \(Int(wait.rounded(.up))) s.",
                              headers: [.retryAfter: String(Int(wait.rounded(.up)))])
        }
        guard let account = try await directory.signIn(name: name, password: password, from: context.address) else {
            await limiter.fail(keys)
            throw ServerError(.unauthorized, code: "auth.password", message: "The name or the password is wrong.", headers: challenge)
        }
        return account
    }
}
