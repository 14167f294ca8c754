/// What ``AutoPauseDetector`` asks its owner to do after an update.
public enum AutoPauseAction: Hashable, Sendable {
    /// Nothing changed.
    case none
    /// The athlete stopped: pause the timer. `at` is when the slow spell began (Unix time, s),
    /// which is earlier than the update that detected it.
    case pause(at: Double)
    /// The athlete is moving again: resume the timer. `at` is when the fast spell began
    /// (Unix time, s), earlier than the update that detected it.
    case resume(at: Double)
}

/// Decides when a workout is paused because the athlete stopped, and keeps moving time.
///
/// A state machine in the style of Hummingbird's: each update is an event, the return value an
/// ``AutoPauseAction``. No clock is read; time comes from the updates. Every update is O(1) and
/// allocation-free.
///
/// - A *slow spell* begins when the speed drops below ``AutoPauseConfiguration/pauseBelowSpeed``
///   (or the filter reports the athlete stationary); the crossing time is interpolated linearly
///   between the two updates around it. If the spell lasts ``AutoPauseConfiguration/pauseAfter``
///   the detector pauses, dated back to the start of the spell.
/// - Resuming mirrors this above ``AutoPauseConfiguration/resumeAboveSpeed`` for
///   ``AutoPauseConfiguration/resumeAfter``. Speeds in between keep the current state.
/// - A step longer than ``AutoPauseConfiguration/gapDuration`` is judged by its average speed.
///
/// Time between a pause and the following resume is not moving time, even though the detector
/// only learns of the pause some seconds after it began.
///
/// ```swift
/// var detector = AutoPauseDetector(configuration: .forActivity(.running))
/// for point in points {
///     switch detector.update(time: point.time, speed: point.speed, isStationary: point.isStationary,
///                            distanceIncrement: point.distanceIncrement) {
///     case .none: break
///     case .pause(let start): timer.pause(since: start)
///     case .resume(let start): timer.resume(since: start)
///     }
/// }
/// _ = detector.finish()
/// let moving = detector.movingTime   // seconds
/// ```
public struct AutoPauseDetector: Sendable {
    private enum State: Hashable, Sendable {
        /// No update yet.
        case idle
        /// Moving; `slowSince` is the start of a slow spell not yet long enough to pause.
        case moving(slowSince: Double?)
        /// Paused; `fastSince` is the start of a fast spell not yet long enough to resume.
        case paused(fastSince: Double?)
    }

    /// The thresholds in use.
    public let configuration: AutoPauseConfiguration

    private var state = State.idle
    private var firstTime = 0.0
    private var lastTime = 0.0
    /// Effective speed (0 when stationary, NaN when unknown) at `lastTime`.
    private var lastSpeed = Double.nan
    /// Time up to which every second is attributed for good to moving or paused.
    private var settledUntil = 0.0
    /// Moving seconds up to `settledUntil`.
    private var settledMoving = 0.0

    /// Creates a detector in the moving state (the timer runs from the first update).
    public init(configuration: AutoPauseConfiguration) {
        self.configuration = configuration
    }

    /// Whether the timer is currently paused.
    public var isPaused: Bool {
        if case .paused = state { return true }
        return false
    }

    /// Seconds from the first to the latest update (0 before two updates).
    public var elapsedTime: Double {
        if case .idle = state { return 0 }
        return lastTime - firstTime
    }

    /// Moving seconds up to the latest update, the best estimate now.
    ///
    /// Seconds of a slow or fast spell still undecided are counted in the current state; when the
    /// spell later becomes a pause, this value goes down by the length of the spell (at most
    /// ``AutoPauseConfiguration/pauseAfter``). After ``finish()`` it is final. Use
    /// ``settledMovingTime`` where a value must never decrease, such as splits.
    public var movingTime: Double {
        if case .moving = state { return settledMoving + (lastTime - settledUntil) }
        return settledMoving
    }

    /// Moving seconds up to the start of any undecided spell: never decreases between updates.
    public var settledMovingTime: Double { settledMoving }

    /// Paused seconds up to the latest update: ``elapsedTime`` minus ``movingTime``.
    public var pausedTime: Double { max(0, elapsedTime - movingTime) }

    /// Feeds one filtered point.
    ///
    /// Updates with a non-finite time or a time before the previous update are ignored.
    ///
    /// - Parameters:
    ///   - time: Unix time in seconds.
    ///   - speed: Ground speed in m/s; NaN or negative when unknown (keeps the current state).
    ///   - isStationary: Whether the filter judged the athlete to be standing still (speed 0).
    ///   - distanceIncrement: Metres travelled since the previous update, used to judge steps
    ///     longer than ``AutoPauseConfiguration/gapDuration``; NaN when unknown.
    /// - Returns: What to do with the timer.
    public mutating func update(time: Double, speed: Double, isStationary: Bool,
                                distanceIncrement: Double = .nan) -> AutoPauseAction {
        guard time.isFinite else { return .none }
        let speed = isStationary ? 0 : (speed >= 0 && speed.isFinite ? speed : .nan)
        if case .idle = state {
            firstTime = time
            lastTime = time
            settledUntil = time
            state = .moving(slowSince: nil)
            let action = observe(speed: speed, at: time, spellStart: time, allowTransition: true)
            lastSpeed = speed
            return action
        }
        guard time >= lastTime else { return .none }
        var action = AutoPauseAction.none
        var pointSpellStart: Double?
        let step = time - lastTime
        if step > configuration.gapDuration {
            // A long step: its average speed says whether the athlete moved during it; a spell it
            // starts begins at the start of the step.
            let average = distanceIncrement >= 0 && distanceIncrement.isFinite ? distanceIncrement / step : 0
            action = observe(speed: average, at: time, spellStart: lastTime, allowTransition: true)
            pointSpellStart = time
        }
        // At most one transition per update; a spell the point starts after a transition is
        // confirmed by the next update or by `finish()`, dated correctly either way.
        let pointAction = observe(speed: speed, at: time, spellStart: pointSpellStart,
                                  allowTransition: action == .none)
        if action == .none { action = pointAction }
        lastTime = time
        lastSpeed = speed
        return action
    }

    /// Ends the workout: decides any spell still undecided, so ``movingTime`` is final.
    ///
    /// - Returns: A last transition when a spell already lasted long enough (possible only after
    ///   a gap), otherwise `.none`.
    public mutating func finish() -> AutoPauseAction {
        switch state {
        case .idle:
            return .none
        case .moving(let start?) where lastTime - start >= configuration.pauseAfter:
            state = .paused(fastSince: nil)
            settle(to: lastTime)
            return .pause(at: start)
        case .paused(let start?) where lastTime - start >= configuration.resumeAfter:
            state = .moving(slowSince: nil)
            settle(to: lastTime)
            return .resume(at: start)
        case .moving:
            state = .moving(slowSince: nil)
        case .paused:
            state = .paused(fastSince: nil)
        }
        settle(to: lastTime)
        return .none
    }

    /// Applies one speed observation at `time`.
    ///
    /// - Parameter spellStart: Start of a spell this observation begins; nil to interpolate the
    ///   threshold crossing from the previous update.
    private mutating func observe(speed: Double, at time: Double, spellStart: Double?,
                                  allowTransition: Bool) -> AutoPauseAction {
        switch state {
        case .idle:
            return .none
        case .moving(let slowSince):
            if speed.isNaN { break }
            guard speed < configuration.pauseBelowSpeed else {
                state = .moving(slowSince: nil)
                break
            }
            let start = slowSince ?? spellStart ?? crossing(of: configuration.pauseBelowSpeed, speed: speed, at: time)
            if slowSince == nil {
                settle(to: start)
                state = .moving(slowSince: start)
            }
            if allowTransition && time - start >= configuration.pauseAfter {
                state = .paused(fastSince: nil)
                settle(to: time)
                return .pause(at: start)
            }
            return .none
        case .paused(let fastSince):
            if speed.isNaN { break }
            guard speed > configuration.resumeAboveSpeed else {
                state = .paused(fastSince: nil)
                break
            }
            let start = fastSince ?? spellStart ?? crossing(of: configuration.resumeAboveSpeed, speed: speed, at: time)
            if fastSince == nil {
                settle(to: start)
                state = .paused(fastSince: start)
            }
            if allowTransition && time - start >= configuration.resumeAfter {
                state = .moving(slowSince: nil)
                settle(to: time)
                return .resume(at: start)
            }
            return .none
        }
        // No spell under way (or the speed is unknown): every second so far is decided.
        switch state {
        case .moving(nil), .paused(nil): settle(to: time)
        default: break
        }
        return .none
    }

    /// When the speed crossed `threshold` between the previous update and this one, by linear
    /// interpolation; the previous update's time when it was already past the threshold, this
    /// update's time when the previous speed is unknown.
    private func crossing(of threshold: Double, speed: Double, at time: Double) -> Double {
        let previous = lastSpeed
        guard previous.isFinite, time > lastTime else { return time }
        guard (previous < threshold) != (speed < threshold) else { return lastTime }
        let fraction = (previous - threshold) / (previous - speed)
        guard fraction.isFinite else { return time }
        return lastTime + min(1, max(0, fraction)) * (time - lastTime)
    }

    /// Attributes the seconds from `settledUntil` to `time` to the current state.
    private mutating func settle(to time: Double) {
        guard time > settledUntil else { return }
        if case .moving = state { settledMoving += time - settledUntil }
        settledUntil = time
    }
}
