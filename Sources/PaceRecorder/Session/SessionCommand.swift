public import PaceModel

/// Something that asks a session to change: a user's command or a system event.
///
/// Each is journaled with its time before it takes effect, so a recovered session replays the
/// same transitions. What each system event does is decided in docs/DECISIONS.md ("Session
/// system events") and enforced by ``SessionStateMachine``.
public enum SessionCommand: Hashable, Sendable {
    // User commands.
    /// Warm up the sensors before starting (Idle → Preparing).
    case prepare
    /// Start the timer (Idle or Preparing → Active).
    case start
    /// Hold the timer (Active or motion-paused → Paused by the user).
    case pause
    /// Restart the timer (Paused → Active).
    case resume
    /// End the current lap and start the next (Active or Paused).
    case lap
    /// Mark an instant, with an optional label (Active or Paused).
    case marker(String?)
    /// Stop and save (Active or Paused → Finishing).
    case finish
    /// Stop and throw away (any state before Finishing → Discarded).
    case discard

    // System events.
    /// Auto-pause saw the athlete stop (Active → Paused (motion)).
    case autoPause
    /// Auto-pause saw the athlete move again (Paused (motion) → Active).
    case autoResume
    /// No usable GPS fix for a while: time keeps running, the gap is marked and bridged.
    case gpsLost
    /// GPS fixes are back.
    case gpsRegained
    /// A sensor stream stopped (e.g. the chest strap disconnected).
    case sensorDisconnected(SensorStream)
    /// A sensor stream is back.
    case sensorReconnected(SensorStream)
    /// The battery is low: marked, recording continues.
    case batteryLow
    /// The battery is about to die: the session finishes and saves.
    case batteryCritical
    /// The process died and the session was recovered; `gap` is how long nothing was recorded, in seconds.
    case recovered(gap: Double)
    /// The session takes its time from the GPS: the machine's clock is `offset` seconds behind the
    /// receiver's (negative: ahead). Every time recorded so far moves by `offset`, and later commands
    /// are stamped with the corrected clock.
    case timeBase(offset: Double)

    /// The command's journal name, e.g. `"sensorDisconnected"`.
    public var name: String {
        switch self {
        case .prepare: "prepare"
        case .start: "start"
        case .pause: "pause"
        case .resume: "resume"
        case .lap: "lap"
        case .marker: "marker"
        case .finish: "finish"
        case .discard: "discard"
        case .autoPause: "autoPause"
        case .autoResume: "autoResume"
        case .gpsLost: "gpsLost"
        case .gpsRegained: "gpsRegained"
        case .sensorDisconnected: "sensorDisconnected"
        case .sensorReconnected: "sensorReconnected"
        case .batteryLow: "batteryLow"
        case .batteryCritical: "batteryCritical"
        case .recovered: "recovered"
        case .timeBase: "timeBase"
        }
    }
}
