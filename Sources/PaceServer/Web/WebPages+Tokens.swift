import Foundation
import HTTPTypes
import Hummingbird
import PaceModel

/// `/tokens`: the account's tokens — each one is an app or device, and its scopes are that app's
/// permissions (its client in the store) — with a form to make one and a button to revoke one.
/// The page's script (`/static/tokens.js`) makes and revokes them through the token API
/// (`POST /api/v1/tokens`, `DELETE /api/v1/tokens/{id}`) with the session's CSRF token.
extension WebPages {
    /// One token in the list.
    struct TokenRow {
        var id: String
        var name: String
        var client: String
        var read: String
        var share: String
        /// `1 type`, `12 types`.
        var readCount: String
        var shareCount: String
        var created: String
        var createdText: String
        var lastUsed: String
        var revoked: Bool
    }

    /// One type in the form: may a new token read it, write it.
    struct TypeRow {
        var identifier: String
        var readOnly: Bool
    }

    /// The tokens page's content.
    struct TokensPage {
        var tokens: [TokenRow]
        var hasTokens: Bool
        var types: [TypeRow]
    }

    @Sendable func tokens(_ request: Request, context: ServerRequestContext) async throws -> Response {
        guard let (account, _) = try await signedIn(request, context) else { return Self.redirect(to: "/sign-in") }
        let zone = try await gate.directory.settings(of: account.id).zone
        let rows = try await gate.directory.tokens(of: account).map { token in
            TokenRow(id: token.id.uuidString, name: token.name, client: token.client,
                     read: token.read.map(\.identifier).sorted().joined(separator: ", "),
                     share: token.share.map(\.identifier).sorted().joined(separator: ", "),
                     readCount: Self.types(token.read.count), shareCount: Self.types(token.share.count),
                     created: WebFormat.instant(token.createdAt), createdText: WebFormat.date(token.createdAt, in: zone),
                     lastUsed: token.lastUsedAt.map { WebFormat.date($0, in: zone) } ?? "never", revoked: token.revokedAt != nil)
        }
        let types = HealthObjectType.allTypes.map { TypeRow(identifier: $0.identifier, readOnly: $0.isReadOnly) }
            .sorted { $0.identifier < $1.identifier }
        let page = AccountPage(title: "Tokens", account: account.name, script: "tokens.js",
                               content: TokensPage(tokens: rows, hasTokens: !rows.isEmpty, types: types))
        return try render("tokens", page)
    }

    /// `1 type`, `12 types`.
    static func types(_ count: Int) -> String {
        count == 1 ? "1 type" : "\(count) types"
    }
}
