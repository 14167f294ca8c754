import PaceRecorder
import PaceStore

extension InterruptedSessions {
    /// The line telling the user a session is waiting.
    static func waitingNote(_ session: JournalSession) -> String {
        "Note: session \(session.id) was interrupted and is waiting; `pace recover` finishes or discards it."
    }
}
