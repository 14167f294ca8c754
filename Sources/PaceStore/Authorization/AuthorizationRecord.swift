public import Foundation
public import PaceModel

/// What one client asked for on one type and what the user decided: the owner's view of the
/// permissions (`pace apps`), never shown to the client.
public struct AuthorizationRecord: Hashable, Sendable {
    /// The client's bundle identifier.
    public var client: String
    /// The type.
    public var type: HealthObjectType
    /// Whether the client asked to write the type.
    public var shareRequested: Bool
    /// Whether the client asked to read the type.
    public var readRequested: Bool
    /// Whether the client may write it.
    public var shareStatus: AuthorizationStatus
    /// Whether the client may read other sources' objects of it.
    public var readStatus: ReadAuthorizationStatus
    /// When the client last asked, when known.
    public var requestedAt: Date?
    /// When the record last changed.
    public var changedAt: Date

    /// A record.
    public init(client: String, type: HealthObjectType, shareRequested: Bool, readRequested: Bool,
                shareStatus: AuthorizationStatus, readStatus: ReadAuthorizationStatus, requestedAt: Date?, changedAt: Date) {
        self.client = client
        self.type = type
        self.shareRequested = shareRequested
        self.readRequested = readRequested
        self.shareStatus = shareStatus
        self.readStatus = readStatus
        self.requestedAt = requestedAt
        self.changedAt = changedAt
    }

    /// Whether a requested access is still undecided.
    public var isPending: Bool {
        (shareRequested && shareStatus == .notDetermined) || (readRequested && readStatus == .notDetermined)
    }
}
