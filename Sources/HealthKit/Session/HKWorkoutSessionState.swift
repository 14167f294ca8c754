public import Foundation

/// Where a workout session is in its life (Apple's `HKWorkoutSessionState`), with Apple's raw values.
public enum HKWorkoutSessionState: Int, Sendable {
    /// Created; nothing runs yet.
    case notStarted = 1
    /// Collecting: the timer runs.
    case running = 2
    /// Over: nothing more is collected.
    case ended = 3
    /// The timer is held (by the app, or by auto-pause when the athlete stops).
    case paused = 4
    /// Sensors warm up; the timer waits.
    case prepared = 5
    /// The activity stopped; the session waits to be ended.
    case stopped = 6
}

/// What a workout session tells its delegate (Apple's `HKWorkoutSessionDelegate`). Every call
/// arrives on HealthKit's serial background queue.
public protocol HKWorkoutSessionDelegate: NSObjectProtocol {
    /// The session moved from `fromState` to `toState` at `date`.
    func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
                        from fromState: HKWorkoutSessionState, date: Date)
    /// The session failed (the journal could not be written, a sensor could not be set up, a
    /// command was not allowed in its state).
    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error)
    /// The session generated an event: a pause or resume, or a motion pause or resume (optional).
    func workoutSession(_ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent)
}

extension HKWorkoutSessionDelegate {
    /// Ignores generated events (the method is optional in Apple's protocol).
    public func workoutSession(_ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent) {}
}

/// What a live workout builder tells its delegate (Apple's `HKLiveWorkoutBuilderDelegate`), on
/// HealthKit's serial background queue.
public protocol HKLiveWorkoutBuilderDelegate: NSObjectProtocol {
    /// New data of `collectedTypes` was collected: ``HKWorkoutBuilder/statistics(for:)`` has it.
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>)
    /// A new event was added to the builder (``HKWorkoutBuilder/workoutEvents``).
    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder)
}
