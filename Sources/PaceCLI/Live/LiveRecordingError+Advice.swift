import PaceRecorder

extension LiveRecordingError {
    /// The error with the command line's advice added: what to run next.
    var advised: CommandError {
        let session = sessionID.map { " \($0)" } ?? ""
        return switch code {
        case .cannotStart, .journal:
            CommandError(message)
        case .cannotFinish, .sessionFailed:
            CommandError(message + " Run `pace recover --finish\(session)` to try again.")
        case .savedWorkoutUnreadable:
            CommandError(message + " `pace list` shows the workouts the store holds.")
        }
    }
}
