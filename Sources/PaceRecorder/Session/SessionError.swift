public import PaceStore

/// Why a session refused a command or could not record.
public struct SessionError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure.
    public enum Code: String, Hashable, Sendable {
        /// The command is not allowed in the session's state.
        case illegalTransition
        /// A reading arrived while the session does not accept readings.
        case notRecording
        /// The journal could not be written or read.
        case journal
        /// The journal holds something the recorder cannot replay.
        case unreadableJournal
        /// The finished workout could not be built.
        case cannotBuildWorkout
        /// The session's client (``WorkoutSessionConfiguration/client``) may not share what the
        /// workout holds; the session stays as it was and can finish once the owner allows it.
        case notAuthorized
        /// What a client attached (``WorkoutSession/attach(_:)``) is not a valid object.
        case invalidAttachment
    }

    /// What kind of failure.
    public var code: Code
    /// What was wrong and what to do.
    public var message: String
    /// The store error underneath, if any.
    public var cause: StoreError?

    /// Creates an error.
    public init(code: Code, message: String, cause: StoreError? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }

    /// The message.
    public var description: String { message }

    static func illegal(_ command: SessionCommand, in state: WorkoutSessionState) -> SessionError {
        SessionError(code: .illegalTransition,
                     message: "Cannot \(command.name) a session that is \(state); "
                         + SessionStateMachine.allowedCommands(in: state).hint)
    }
}

extension [String] {
    var hint: String {
        isEmpty ? "it has ended." : "allowed now: \(joined(separator: ", "))."
    }
}
