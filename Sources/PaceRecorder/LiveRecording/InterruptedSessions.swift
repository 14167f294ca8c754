import Foundation
public import PaceStore

/// The sessions a crash or a stop left open, seen from a new recording: the one to resume — the
/// first recorded from the same source (same ``WorkoutSessionConfiguration/origin``), when resuming
/// is wanted — and the others, which stay waiting to be recovered.
///
/// ```swift
/// let sessions = try await InterruptedSessions(journal: journal, origin: "live:gps=gpsd", resume: true)
/// if let interrupted = sessions.resumable { … WorkoutSession.recover(interrupted.id, journal: journal) … }
/// ```
public struct InterruptedSessions: Sendable {
    /// The session to resume, if any.
    public var resumable: JournalSession?
    /// Open sessions that are not resumed.
    public var waiting: [JournalSession]

    /// Sorts the journal's open sessions for a recording from `origin`.
    /// - Parameters:
    ///   - journal: The store's recording journal.
    ///   - origin: The new recording's source (a replayed file, or the canonical sensor description).
    ///   - resume: Whether to resume one (`false` to always begin a new session).
    /// - Throws: ``StoreError`` when the journal cannot be read.
    public init(journal: RecordingJournal, origin: String, resume: Bool) async throws(StoreError) {
        let open = try await journal.sessions(openOnly: true)
        let sameOrigin = open.filter { candidate in
            (try? JSONDecoder().decode(WorkoutSessionConfiguration.self, from: candidate.configuration))?.origin == origin
        }
        let resumable = resume ? sameOrigin.first : nil
        self.resumable = resumable
        waiting = open.filter { $0.id != resumable?.id }
    }
}
