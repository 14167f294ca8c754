import Foundation

/// Why `pace sync` stopped: what went wrong, and what to do. Whatever the kind, everything saved
/// before stays saved and the anchors point just after it, so the next run continues from there.
public struct SyncError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public enum Kind: Sendable, Equatable {
        /// The server can no longer serve the saved pull anchor (`410 sync.resync`): its store was
        /// replaced. Run again with ``SyncEngine/Options/startOver`` (`pace sync --resync`).
        case resync
        /// An object collides with another of the same UUID or sync identifier (`409 sync.conflict`
        /// on a push, or the same rule in the local store on a pull); the message names it.
        case conflict
        /// The server refused a request, or could not be reached after every retry.
        case server
        /// The local store failed.
        case store
        /// The sync state file could not be read or written.
        case state
    }

    /// The kind of failure.
    public let kind: Kind
    /// What happened and what to do.
    public let message: String
    /// The server's error, when it was one.
    public let cause: ClientError?
    /// What the run did before it stopped.
    public var report: SyncReport

    /// Creates an error.
    public init(_ kind: Kind, _ message: String, cause: ClientError? = nil, report: SyncReport = SyncReport()) {
        self.kind = kind
        self.message = message
        self.cause = cause
        self.report = report
    }

    /// The message, as the error prints.
    public var description: String { message }
}
