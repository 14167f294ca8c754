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

    /// Creates a token value.
    public init(id: UUID, account: UUID, name: String, read: Set<HealthObjectType>, share: Set<HealthObjectType>,
                createdAt: Date, revokedAt: Date? = nil) {
        self.id = id
        self.account = account
        self.name = name
        self.read = read
        self.share = share
        self.createdAt = createdAt
        self.revokedAt = revokedAt
    }

    /// The client name the token acts as in its account's store: its permissions are recorded
    /// there, so the store's per-client rules apply to it unchanged.
    public var client: String { "org.pace.token." + id.uuidString.lowercased() }
}
