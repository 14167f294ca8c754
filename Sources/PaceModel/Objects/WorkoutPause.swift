public import Foundation

/// One hold of a workout's timer: a `pause` or `motionPaused` event to the next `resume` or
/// `motionResumed`, as HealthKit counts a workout's duration.
public struct WorkoutPause: Hashable, Sendable {
    /// When the timer stopped.
    public var start: Date
    /// When it ran again (the workout's end for a pause never resumed).
    public var end: Date
    /// Whether auto-pause stopped it (`motionPaused`) rather than the user (`pause`).
    public var isAutomatic: Bool

    /// Creates a pause.
    public init(start: Date, end: Date, isAutomatic: Bool) {
        self.start = start
        self.end = end
        self.isAutomatic = isAutomatic
    }

    /// Seconds paused.
    public var duration: Double { end.timeIntervalSince(start) }

    /// The timer's holds among `events`, in time order: each pause to the next resume (a second
    /// pause while held, and a resume while running, change nothing); a pause never resumed lasts
    /// to `end`; holds of no length are left out.
    /// - Parameters:
    ///   - events: A workout's events, in any order.
    ///   - end: The workout's end.
    public static func pauses(in events: [WorkoutEvent], until end: Date) -> [WorkoutPause] {
        var pauses: [WorkoutPause] = []
        var open: (start: Date, automatic: Bool)?
        for event in events.sorted(by: { $0.startDate < $1.startDate }) {
            switch event.type {
            case .pause, .motionPaused:
                if open == nil { open = (event.startDate, event.type == .motionPaused) }
            case .resume, .motionResumed:
                if let since = open, event.startDate > since.start {
                    pauses.append(WorkoutPause(start: since.start, end: event.startDate, isAutomatic: since.automatic))
                }
                open = nil
            default:
                break
            }
        }
        if let since = open, end > since.start {
            pauses.append(WorkoutPause(start: since.start, end: end, isAutomatic: since.automatic))
        }
        return pauses
    }
}
