import Foundation
import PaceRecorder
import PaceStore

/// The sessions a crash or a stop left open, seen from a new `pace record`: the one to resume — the
/// first recorded from the same source (same ``WorkoutSessionConfiguration/origin``), when resuming
/// is wanted — and the others, which stay waiting for `pace recover`.
struct InterruptedSessions {
    /// The session to resume, if any.
    var resumable: JournalSession?
    /// Open sessions that are not resumed.
    var waiting: [JournalSession]

    /// Sorts the journal's open sessions for a recording from `origin`.
    /// - Parameters:
    ///   - journal: The store's recording journal.
    ///   - origin: The new recording's source (a replayed file, or the canonical sensor options).
    ///   - resume: Whether to resume one (`false` with `--new`).
    init(journal: RecordingJournal, origin: String, resume: Bool) async throws {
        let open = try await journal.sessions(openOnly: true)
        let sameOrigin = open.filter { candidate in
            (try? JSONDecoder().decode(WorkoutSessionConfiguration.self, from: candidate.configuration))?.origin == origin
        }
        let resumable = resume ? sameOrigin.first : nil
        self.resumable = resumable
        waiting = open.filter { $0.id != resumable?.id }
    }

    /// The line telling the user a session is waiting.
    static func waitingNote(_ session: JournalSession) -> String {
        "Note: session \(session.id) was interrupted and is waiting; `pace recover` finishes or discards it."
    }
}
