package import Foundation
import PaceModel

/// The recording journal's sessions, readings and events (``RecordingJournal``): every write one
/// durable transaction.
package protocol JournalBackend: Sendable {
    /// Records a new session; ``StoreError/Code/duplicateObject`` when its identifier is taken.
    func createSession(_ session: JournalSession) async throws(StoreError)

    /// Appends a batch to an open session.
    func append(_ batch: JournalBatch, toSession sessionID: UUID) async throws(StoreError)

    /// Writes the final batch, saves `objects` through the one insert path with the summary, and
    /// marks the session saved, in one transaction.
    func finishSession(_ sessionID: UUID, finalBatch: JournalBatch, objects: HealthObjectBatch, workoutID: UUID,
                       summary: Data, endedAt: Date) async throws(StoreError)

    /// Writes the final batch and ends the session without a workout, in one transaction.
    func closeSession(_ sessionID: UUID, status: JournalSession.Status, finalBatch: JournalBatch,
                      endedAt: Date) async throws(StoreError)

    /// The sessions, newest first; only open ones when `openOnly`.
    func sessions(openOnly: Bool) async throws(StoreError) -> [JournalSession]

    /// One session; ``StoreError/Code/sessionNotFound`` when unknown.
    func session(_ id: UUID) async throws(StoreError) -> JournalSession

    /// Everything journaled for a session, in sequence order, in one snapshot.
    func contents(ofSession id: UUID) async throws(StoreError) -> JournalContents

    /// The workout points of a session, by time.
    func points(ofSession id: UUID) async throws(StoreError) -> [WorkoutPoint]

    /// The stored summary of a workout recorded by Pace, or `nil`.
    func summary(ofWorkout workoutID: UUID) async throws(StoreError) -> Data?
}
