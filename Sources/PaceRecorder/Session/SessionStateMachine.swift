public import Foundation
public import PaceModel

/// The session's rules as a value: which command is legal in which state, what it changes, and
/// which HealthKit workout events it leaves behind.
///
/// User commands that are illegal in the current state throw ``SessionError/Code/illegalTransition``.
/// System events never throw: one that does not apply (auto-resume while the user holds a pause,
/// GPS lost before the start) is a no-op, because the system cannot be told "no".
///
/// ```swift
/// var machine = SessionStateMachine()
/// try machine.apply(.start, at: t0)
/// try machine.apply(.pause, at: t1)   // state: paused (user); events: [pause]
/// ```
public struct SessionStateMachine: Hashable, Sendable {
    /// What a command asks of the session beyond the state change.
    public enum Effect: Hashable, Sendable {
        /// Nothing more.
        case none
        /// Finish and save now (the battery is critical).
        case finishNow
    }

    /// The current state.
    public private(set) var state: WorkoutSessionState = .idle
    /// The workout events so far, in time order, with HealthKit's types.
    public private(set) var events: [WorkoutEvent] = []
    /// When the timer first started, once it has.
    public private(set) var startDate: Date?
    /// When the session ended (finish or discard), once it has.
    public private(set) var endDate: Date?
    /// Seconds the timer was held so far, user and motion pauses together, not counting a pause
    /// still in progress.
    public private(set) var pausedDuration: Double = 0
    /// When the current pause began, while paused.
    public private(set) var pauseStart: Date?
    /// When the current lap began.
    public private(set) var lapStart: Date?
    /// The number of laps ended so far.
    public private(set) var lapCount = 0
    /// Seconds added to the machine's clock to get the session's time: non-zero once the session
    /// took its time base from the GPS (``SessionCommand/timeBase(offset:)``).
    public private(set) var timeOffset: Double = 0
    /// The latest time a command was applied at since the start (shifted with the time base): an
    /// earlier time is taken as this one.
    private var latestTime: Date?
    private var gpsLostAt: Date?
    private var disconnectedAt: [SensorStream: Date] = [:]

    /// Metadata key naming what a `segment` or `marker` event stands for (`gpsGap`, `recordingGap`,
    /// `sensorGap.heartRate`, `batteryLow`, `batteryCritical`, or a user's marker label).
    public static let eventKindKey: MetadataKey = "org.pace.eventKind"

    /// Creates a machine in the Idle state.
    public init() {}

    /// The timer's running time at `now` in seconds: from the start, minus every pause (HealthKit's
    /// workout duration).
    public func activeDuration(at now: Date) -> Double {
        guard let startDate else { return 0 }
        let end = endDate ?? now
        let current = pauseStart.map { max(0, end.timeIntervalSince($0)) } ?? 0
        return max(0, end.timeIntervalSince(startDate) - pausedDuration - current)
    }

    /// Applies a command at a time.
    /// - Parameters:
    ///   - command: The command or system event.
    ///   - time: When it happened; times before the previous command's are treated as equal to it.
    /// - Returns: What the session must do next.
    /// - Throws: ``SessionError/Code/illegalTransition`` for a user command the state does not allow.
    @discardableResult
    public mutating func apply(_ command: SessionCommand, at time: Date) throws(SessionError) -> Effect {
        // A reading stamped before the start or before the last command (a receiver's buffered
        // fixes, a clock behind the sensors) counts from then, so every event lies inside the
        // workout, in order. The start itself may be earlier than its preparation.
        var time = time
        switch command {
        case .prepare, .start: break
        default: if let latestTime, time < latestTime { time = latestTime }
        }
        let effect = try applyInOrder(command, at: time)
        switch command {
        case .prepare: break
        case .timeBase: latestTime = latestTime.map { max($0, time) }
        default: latestTime = max(latestTime ?? time, time)
        }
        return effect
    }

    private mutating func applyInOrder(_ command: SessionCommand, at time: Date) throws(SessionError) -> Effect {
        switch (command, state) {
        case (.prepare, .idle):
            state = .preparing
        case (.start, .idle), (.start, .preparing):
            state = .active
            startDate = time
            lapStart = time
        case (.pause, .active):
            state = .paused(.user)
            pauseStart = time
            events.append(WorkoutEvent(type: .pause, start: time))
        case (.pause, .paused(.motion)):
            // The hold continues; only its owner changes, so the user's resume is needed.
            state = .paused(.user)
            events.append(WorkoutEvent(type: .pause, start: time))
        case (.resume, .paused(let reason)):
            endPause(at: time)
            events.append(WorkoutEvent(type: reason == .user ? .resume : .motionResumed, start: time))
        case (.autoPause, .active):
            state = .paused(.motion)
            pauseStart = time
            events.append(WorkoutEvent(type: .motionPaused, start: time))
        case (.autoResume, .paused(.motion)):
            endPause(at: time)
            events.append(WorkoutEvent(type: .motionResumed, start: time))
        case (.autoPause, _), (.autoResume, _):
            break
        case (.lap, .active), (.lap, .paused):
            let start = lapStart ?? startDate ?? time
            events.append(WorkoutEvent(type: .lap, start: start, duration: max(0, time.timeIntervalSince(start))))
            lapStart = time
            lapCount += 1
        case (.marker(let label), .active), (.marker(let label), .paused):
            events.append(WorkoutEvent(type: .marker, start: time, metadata: label.map { [Self.eventKindKey: .string($0)] } ?? Metadata()))
        case (.finish, .active), (.finish, .paused):
            closeOpenIntervals(at: time)
            state = .finishing
            endDate = time
        case (.discard, .idle), (.discard, .preparing), (.discard, .active), (.discard, .paused):
            state = .discarded
            endDate = time
        case (.gpsLost, _) where state.acceptsReadings:
            if gpsLostAt == nil { gpsLostAt = time }
        case (.gpsRegained, _) where state.acceptsReadings:
            if let lost = gpsLostAt { addGap("gpsGap", from: lost, to: time) }
            gpsLostAt = nil
        case (.sensorDisconnected(let stream), _) where state.acceptsReadings:
            if disconnectedAt[stream] == nil { disconnectedAt[stream] = time }
        case (.sensorReconnected(let stream), _) where state.acceptsReadings:
            if let lost = disconnectedAt.removeValue(forKey: stream) { addGap("sensorGap.\(stream.rawValue)", from: lost, to: time) }
        case (.batteryLow, _) where state.acceptsReadings:
            if startDate != nil { events.append(WorkoutEvent(type: .marker, start: time, metadata: [Self.eventKindKey: .string("batteryLow")])) }
        case (.batteryCritical, .active), (.batteryCritical, .paused):
            events.append(WorkoutEvent(type: .marker, start: time, metadata: [Self.eventKindKey: .string("batteryCritical")]))
            return .finishNow
        case (.recovered(let gap), _) where state.acceptsReadings:
            if startDate != nil, gap > 0 { addGap("recordingGap", from: time.addingTimeInterval(-gap), to: time) }
        case (.timeBase(let offset), _) where !state.isEnded && state != .finishing:
            shift(by: offset)
        case (.gpsLost, _), (.gpsRegained, _), (.sensorDisconnected, _), (.sensorReconnected, _), (.batteryLow, _),
             (.batteryCritical, _), (.recovered, _), (.timeBase, _):
            break
        default:
            throw SessionError.illegal(command, in: state)
        }
        return .none
    }

    /// Marks the session saved (from Finishing) or failed (from any state that has not ended).
    public mutating func end(saved: Bool) {
        if saved {
            precondition(state == .finishing, "only a finishing session can be saved")
            state = .saved
        } else if !state.isEnded {
            state = .failed
        }
    }

    /// The user commands the state allows, by name.
    public static func allowedCommands(in state: WorkoutSessionState) -> [String] {
        switch state {
        case .idle: ["prepare", "start", "discard"]
        case .preparing: ["start", "discard"]
        case .active: ["pause", "lap", "marker", "finish", "discard"]
        case .paused: ["pause", "resume", "lap", "marker", "finish", "discard"].filter { $0 != "pause" || state == .paused(.motion) }
        case .finishing, .saved, .discarded, .failed: []
        }
    }

    private mutating func endPause(at time: Date) {
        if let pauseStart { pausedDuration += max(0, time.timeIntervalSince(pauseStart)) }
        pauseStart = nil
        state = .active
    }

    /// Moves every recorded time by `offset` seconds: the session's times were read off a machine
    /// clock that was `offset` seconds off.
    private mutating func shift(by offset: Double) {
        guard offset.isFinite, offset != 0 else { return }
        timeOffset += offset
        latestTime = latestTime?.addingTimeInterval(offset)
        startDate = startDate?.addingTimeInterval(offset)
        pauseStart = pauseStart?.addingTimeInterval(offset)
        lapStart = lapStart?.addingTimeInterval(offset)
        gpsLostAt = gpsLostAt?.addingTimeInterval(offset)
        disconnectedAt = disconnectedAt.mapValues { $0.addingTimeInterval(offset) }
        for index in events.indices { events[index].startDate.addTimeInterval(offset) }
    }

    private mutating func addGap(_ kind: String, from start: Date, to end: Date) {
        events.append(WorkoutEvent(type: .segment, start: start, duration: max(0, end.timeIntervalSince(start)),
                                   metadata: [Self.eventKindKey: .string(kind)]))
    }

    private mutating func closeOpenIntervals(at time: Date) {
        if let lost = gpsLostAt { addGap("gpsGap", from: lost, to: time) }
        gpsLostAt = nil
        for (stream, lost) in disconnectedAt.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            addGap("sensorGap.\(stream.rawValue)", from: lost, to: time)
        }
        disconnectedAt = [:]
        if let pauseStart {
            pausedDuration += max(0, time.timeIntervalSince(pauseStart))
            self.pauseStart = nil
        }
        if lapCount > 0, let lapStart, time > lapStart {
            events.append(WorkoutEvent(type: .lap, start: lapStart, duration: time.timeIntervalSince(lapStart)))
            lapCount += 1
        }
        events.sort { $0.startDate < $1.startDate }
    }
}
