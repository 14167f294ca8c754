/// Which stored objects a read may reveal.
package enum ReadScope: Hashable, Sendable {
    /// Every object (the owner, or a client with read permission on the type).
    case everything
    /// Only objects whose source bundle identifier is the client's; deletions are not revealed.
    case ownObjects(of: String)

    /// The bundle identifier objects must have, or `nil` for any.
    package var requiredSource: String? {
        if case .ownObjects(let client) = self { return client }
        return nil
    }
}
