import Foundation

/// What one sync run did: counts of objects, never their contents.
public struct SyncReport: Codable, Sendable, Equatable {
    /// Pulled objects saved in the local store (new, or replacing an older sync version).
    public var pulled = 0
    /// Pulled objects the local store held already, identical (a page pulled again after a kill).
    public var pulledAlreadyStored = 0
    /// Pulled deletions that deleted a local object.
    public var pulledDeleted = 0
    /// Pulled objects left out because this device deleted them, or holds a newer or equal sync
    /// version of them: the device's change wins and is pushed.
    public var keptLocal = 0
    /// Pages pulled.
    public var pages = 0
    /// Pushed objects the server saved.
    public var pushed = 0
    /// Pushed objects the server held already (a batch pushed again after a kill).
    public var pushedAlreadyStored = 0
    /// Pushed deletions that deleted an object on the server.
    public var pushedDeleted = 0
    /// Local changes left out of the push because this run pulled them from the server.
    public var echoesSkipped = 0
    /// Batches pushed.
    public var batches = 0
    /// Requests sent again after a retryable failure.
    public var retries = 0

    /// An empty report.
    public init() {}
}
