import Foundation
import Hummingbird

/// `GET /api/v1/sync/scope`: the calling token itself — its identifier and its read and share
/// scopes (never its secret) — so a sync client knows which types to push and can key the state it
/// keeps per server and token.
struct SyncScopeRoutes: Sendable {
    let gate: Gate

    /// The routes, added to ``ServerRoutes/routes``.
    var routes: [ServerRoutes.Route] {
        [ServerRoutes.Route(method: .get, path: "/api/v1/sync/scope") { try await scope($0, context: $1).response(from: $0, context: $1) }]
    }

    @Sendable func scope(_ request: Request, context: ServerRequestContext) async throws -> TokenJSON {
        let caller = try await gate.caller(request, context)
        return TokenJSON(caller.token)
    }
}
