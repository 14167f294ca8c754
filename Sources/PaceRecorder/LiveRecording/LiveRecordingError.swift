public import Foundation

/// Why a live recording could not start, go on, or end as asked.
///
/// Whatever the code, the readings recorded so far stay in the session's journal: a session that is
/// still open can be recovered (``WorkoutSession/recover(_:journal:clock:)``) and finished again.
public struct LiveRecordingError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure.
    public enum Code: String, Hashable, Sendable {
        /// The journal could not be read, or the session could not be begun or resumed.
        case cannotStart
        /// A reading or an event could not be journaled while recording; the recording stopped.
        case journal
        /// The workout could not be built or saved at the finish; the session stays open.
        case cannotFinish
        /// The session failed by itself (its own save, at a critical battery, did not succeed).
        case sessionFailed
        /// The session saved its workout by itself, but the workout cannot be read back from the store.
        case savedWorkoutUnreadable
    }

    /// What kind of failure.
    public var code: Code
    /// What was wrong, in words a user can act on; it names no command or option.
    public var message: String
    /// The session concerned, once there is one.
    public var sessionID: UUID?
    /// The session's error underneath, if any (its own ``SessionError/cause`` holds the store's error).
    public var cause: SessionError?

    /// Creates an error.
    /// - Parameters:
    ///   - code: What kind of failure.
    ///   - message: What was wrong.
    ///   - sessionID: The session concerned.
    ///   - cause: The session's error underneath.
    public init(code: Code, message: String, sessionID: UUID? = nil, cause: SessionError? = nil) {
        self.code = code
        self.message = message
        self.sessionID = sessionID
        self.cause = cause
    }

    /// The message.
    public var description: String { message }
}
