/// Where a recording session is in its life: Idle → Preparing → Active ⇄ Paused → Finishing →
/// Saved, or Discarded / Failed.
public enum WorkoutSessionState: Hashable, Sendable, CustomStringConvertible {
    /// Created; nothing is recorded yet.
    case idle
    /// Sensors are warming up (GPS searching); readings are journaled and shown but the timer has
    /// not started.
    case preparing
    /// Recording; the timer runs.
    case active
    /// The timer is held, by the user or by auto-pause.
    case paused(PauseReason)
    /// Building and saving the workout.
    case finishing
    /// Saved as a workout; the session has ended.
    case saved
    /// Thrown away by the user; the journal keeps the readings, no workout was made.
    case discarded
    /// Ended by an error that left no workout (the journal keeps everything).
    case failed

    /// Why the timer is held.
    public enum PauseReason: String, Hashable, Sendable, Codable {
        /// The user paused; only the user resumes.
        case user
        /// Auto-pause saw the athlete stop; moving again resumes, and so does the user.
        case motion
    }

    /// Whether the session has ended (saved, discarded or failed).
    public var isEnded: Bool {
        switch self {
        case .saved, .discarded, .failed: true
        default: false
        }
    }

    /// Whether the session accepts readings (from Preparing until Finishing).
    public var acceptsReadings: Bool {
        switch self {
        case .preparing, .active, .paused: true
        default: false
        }
    }

    /// The state's name, e.g. `"paused (motion)"`.
    public var description: String {
        switch self {
        case .idle: "idle"
        case .preparing: "preparing"
        case .active: "active"
        case .paused(let reason): "paused (\(reason.rawValue))"
        case .finishing: "finishing"
        case .saved: "saved"
        case .discarded: "discarded"
        case .failed: "failed"
        }
    }
}
