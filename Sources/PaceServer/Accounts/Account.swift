public import Foundation

/// A person with data on the server: their own health store, their tokens, their sign-ins.
public struct Account: Hashable, Sendable, Codable {
    /// The account's identifier, which names its store's folder.
    public var id: UUID
    /// The name used to sign in (unique, compared without case).
    public var name: String
    /// Whether the account administers the server (invites, other accounts).
    public var isAdmin: Bool
    /// When it was created.
    public var createdAt: Date

    /// Creates an account value.
    public init(id: UUID, name: String, isAdmin: Bool, createdAt: Date) {
        self.id = id
        self.name = name
        self.isAdmin = isAdmin
        self.createdAt = createdAt
    }
}
