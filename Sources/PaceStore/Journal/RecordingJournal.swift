public import Foundation
import PaceModel

/// The crash-safe journal of recording sessions, in the health store's SQLite file.
///
/// A session appends ``JournalBatch``es; each is one transaction, so a batch is either wholly
/// there or not at all. The store runs SQLite in WAL mode with `synchronous = FULL`: a batch whose
/// ``append(_:to:)`` returned is in the WAL file and fsynced, so neither a killed process nor a
/// power cut loses it. How often to append — and so how much unacknowledged data a power cut can
/// take — is the recorder's policy.
///
/// ```swift
/// let journal = RecordingJournal(store: store)
/// for session in try await journal.sessions(openOnly: true) { print(session.id) }
/// ```
///
/// Every call is `async`: the commit runs on the store's writer, never on a cooperative thread.
/// Writing (``create(_:)``, ``append(_:to:)``, ``close(_:status:finalBatch:endedAt:)`` and the
/// finish) is the recorder's business and `package` (docs/DECISIONS.md, 116).
public struct RecordingJournal: Sendable {
    /// The store whose file holds the journal.
    public let store: HealthStore

    /// Creates a journal over a store.
    public init(store: HealthStore) {
        self.store = store
    }

    /// Records a new, open session.
    /// - Throws: ``StoreError`` with ``StoreError/Code/duplicateObject`` when the identifier is taken.
    package func create(_ session: JournalSession) async throws(StoreError) {
        try await store.backend.createSession(session)
    }

    /// Appends a batch to an open session in one durable transaction.
    /// - Throws: ``StoreError`` with ``StoreError/Code/sessionNotFound`` or
    ///   ``StoreError/Code/sessionEnded``, or a database error; nothing is written then.
    package func append(_ batch: JournalBatch, to sessionID: UUID) async throws(StoreError) {
        guard !batch.isEmpty else { return }
        try await store.backend.append(batch, toSession: sessionID)
    }

    /// Ends a session: writes its final batch, saves the workout objects and the summary, and marks
    /// the session saved — all in one transaction, so a crash leaves either an open session that
    /// recovery can finish, or a saved workout, never half of one.
    /// - Parameters:
    ///   - sessionID: The session.
    ///   - finalBatch: The last readings and events (e.g. the `finish` event).
    ///   - objects: The workout, its route and its samples, with the samples associated with the
    ///     workout; written by the store's one insert path.
    ///   - workoutID: The saved workout's identifier.
    ///   - summary: The workout summary, encoded by the recorder, stored beside the workout.
    ///   - endedAt: When the session ended.
    /// - Throws: ``StoreError``; nothing is written then.
    package func finish(_ sessionID: UUID, finalBatch: JournalBatch, objects: HealthObjectBatch, workoutID: UUID,
                       summary: Data, endedAt: Date) async throws(StoreError) {
        try await store.backend.finishSession(sessionID, finalBatch: finalBatch, objects: objects, workoutID: workoutID,
                                            summary: summary, endedAt: endedAt)
    }

    /// Ends a session without a workout (discarded by the user, or failed).
    /// - Parameters:
    ///   - sessionID: The session.
    ///   - status: ``JournalSession/Status/discarded`` or ``JournalSession/Status/failed``.
    ///   - finalBatch: The last readings and events.
    ///   - endedAt: When it ended.
    package func close(_ sessionID: UUID, status: JournalSession.Status, finalBatch: JournalBatch, endedAt: Date) async throws(StoreError) {
        precondition(status == .discarded || status == .failed, "close(_:status:) ends a session without a workout")
        try await store.backend.closeSession(sessionID, status: status, finalBatch: finalBatch, endedAt: endedAt)
    }

    /// The sessions, newest first; only open ones when `openOnly`.
    public func sessions(openOnly: Bool = false) async throws(StoreError) -> [JournalSession] {
        try await store.backend.sessions(openOnly: openOnly)
    }

    /// One session's record.
    /// - Throws: ``StoreError`` with ``StoreError/Code/sessionNotFound``.
    public func session(_ id: UUID) async throws(StoreError) -> JournalSession {
        try await store.backend.session(id)
    }

    /// Everything journaled for a session, merged in sequence order.
    /// - Throws: ``StoreError`` with ``StoreError/Code/sessionNotFound``, or
    ///   ``StoreError/Code/corrupt`` when a chunk cannot be decoded.
    public func contents(of id: UUID) async throws(StoreError) -> JournalContents {
        try await store.backend.contents(ofSession: id)
    }

    /// The workout points of a session, by time.
    public func points(of id: UUID) async throws(StoreError) -> [WorkoutPoint] {
        try await store.backend.points(ofSession: id)
    }

    /// The stored summary of a workout recorded by Pace, as the recorder encoded it, or `nil`.
    public func summary(ofWorkout workoutID: UUID) async throws(StoreError) -> Data? {
        try await store.backend.summary(ofWorkout: workoutID)
    }
}
