import Foundation

/// An account as one client sees it: whose kept answers (digests, workout revisions) these are.
/// What the client may read shapes the answers, so two clients of one account keep theirs apart.
struct AccountClient: Hashable, Sendable {
    /// The account.
    var account: UUID
    /// The reading client's bundle identifier.
    var client: String
}
