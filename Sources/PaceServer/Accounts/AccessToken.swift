public import Foundation
public import PaceModel

/// A token a device or app uses instead of a password, scoped per data type as HealthKit's
/// permissions are: it reads only the types in ``read`` and writes only those in ``share``.
///
/// Only a SHA-256 hash of its secret is stored; the secret is shown once, when it is made.
public struct AccessToken: Hashable, Sendable {
    /// The token's identifier (not secret), used to list and revoke it.
    public var id: UUID
    /// Its account.
    public var account: UUID
    /// What the owner called it, e.g. `"watch"`.
    public var name: String
    /// The types it may read.
    public var read: Set<HealthObjectType>
    /// The types it may write.
    public var share: Set<HealthObjectType>
    /// When it was made.
    public var createdAt: Date
    /// When it was revoked, if it was.
    public var revokedAt: Date?
    /// A device's or app's token, or a browser's session.
    public var kind: Kind
    /// When it stops working (browser sessions; device tokens do not expire).
    public var expiresAt: Date?
    /// When it was last used (noted at most once a minute), if ever.
    public var lastUsedAt: Date?

    /// Who holds a token.
    public enum Kind: String, Sendable {
        /// A device or app: sent as `Authorization: Bearer`, scoped as it was made.
        case device
        /// A signed-in browser: sent as the `pace_session` cookie, with the account's every type,
        /// writes checked against its CSRF token.
        case browser
    }

    /// Creates a token value.
    public init(id: UUID, account: UUID, name: String, read: Set<HealthObjectType>, share: Set<HealthObjectType>,
                createdAt: Date, revokedAt: Date? = nil, kind: Kind = .device, expiresAt: Date? = nil, lastUsedAt: Date? = nil) {
        self.id = id
        self.account = account
        self.name = name
        self.read = read
        self.share = share
        self.createdAt = createdAt
        self.revokedAt = revokedAt
        self.kind = kind
        self.expiresAt = expiresAt
        self.lastUsedAt = lastUsedAt
    }

    /// The client name the token acts as in its account's store: its permissions are recorded
    /// there, so the store's per-client rules apply to it unchanged. Every browser session of an
    /// account is the one web client, ``webClient``.
    public var client: String {
        switch kind {
        case .device: "org.pace.token." + id.uuidString.lowercased()
        case .browser: Self.webClient
        }
    }

    /// The client a signed-in browser acts as: the web app, allowed every type by its owner.
    public static let webClient = "org.pace.web"
}
