/// When ``LapCalculator`` starts a new lap.
public enum LapTrigger: Hashable, Sendable {
    /// Every so many metres.
    case distance(Double)
    /// Every so many seconds of elapsed (wall-clock) time, pauses included.
    case elapsedTime(Double)
    /// Every so many seconds of moving time, pauses excluded (a watch's timer with auto-pause on).
    case movingTime(Double)

    /// Shortest lap a trigger may ask for: 1 m or 1 s; shorter lengths are raised to it.
    public static let minimumLength = 1.0

    /// The lap length in metres or seconds.
    public var length: Double {
        switch self {
        case .distance(let length), .elapsedTime(let length), .movingTime(let length): length
        }
    }
}

/// One lap of a workout.
public struct Lap: Hashable, Sendable {
    /// Position in the workout, 0 for the first lap.
    public var index: Int
    /// When the lap began, Unix time in seconds.
    public var startTime: Double
    /// When the lap ended, Unix time in seconds (interpolated at the trigger's boundary).
    public var endTime: Double
    /// Distance covered in metres.
    public var distance: Double
    /// Seconds from start to end, pauses included.
    public var elapsedDuration: Double
    /// Moving seconds from start to end, pauses excluded.
    public var movingDuration: Double
    /// Whether the lap ended before reaching the trigger's length: the final lap, or a manual one.
    public var isPartial: Bool

    /// Creates a lap.
    public init(index: Int, startTime: Double, endTime: Double, distance: Double, elapsedDuration: Double,
                movingDuration: Double, isPartial: Bool) {
        self.index = index
        self.startTime = startTime
        self.endTime = endTime
        self.distance = distance
        self.elapsedDuration = elapsedDuration
        self.movingDuration = movingDuration
        self.isPartial = isPartial
    }

    /// Average moving speed in m/s; nil when no moving time passed.
    public var averageSpeed: Double? {
        SpeedStatistics.averageSpeed(distance: distance, movingTime: movingDuration)
    }

    /// Pace in seconds per `unit` over moving time; nil when no distance or no moving time.
    public func pace(per unit: SplitUnit) -> Double? {
        averageSpeed.flatMap { Pace.seconds(per: unit, speed: $0) }
    }
}

/// What ``LapCalculator`` reports after an update.
public enum LapAction: Hashable, Sendable {
    /// No lap completed.
    case none
    /// Laps completed by this update, oldest first: one as a rule, several only when one update
    /// covers more than a lap (after a gap).
    case completed([Lap])
}

/// Cuts a workout into laps by distance or by time (auto-lap), plus manual laps.
///
/// Fed cumulative distance and moving time, it emits a ``Lap`` each time the trigger's length is
/// crossed, interpolating the crossing linearly between updates, and a final partial lap on
/// ``finish()``. Updates are O(1) and allocate only when a lap is emitted.
///
/// ```swift
/// var laps = LapCalculator(trigger: .movingTime(300))   // a lap every 5 moving minutes
/// _ = laps.update(time: t, distance: metres, movingTime: moving)
/// _ = laps.markLap()                                     // the lap button
/// ```
public struct LapCalculator: Hashable, Sendable {
    /// The trigger, its length raised to at least ``LapTrigger/minimumLength``.
    public let trigger: LapTrigger
    private var boundaries: IntervalBoundaries

    /// Creates a calculator; a trigger length under ``LapTrigger/minimumLength`` (or NaN) is raised
    /// to it.
    public init(trigger: LapTrigger) {
        let length = trigger.length >= LapTrigger.minimumLength ? trigger.length : LapTrigger.minimumLength
        switch trigger {
        case .distance:
            self.trigger = .distance(length)
            boundaries = IntervalBoundaries(axis: .distance, length: length)
        case .elapsedTime:
            self.trigger = .elapsedTime(length)
            boundaries = IntervalBoundaries(axis: .elapsedTime, length: length)
        case .movingTime:
            self.trigger = .movingTime(length)
            boundaries = IntervalBoundaries(axis: .movingTime, length: length)
        }
    }

    /// Index of the lap under way (0 for the first); equals the number of laps emitted.
    public var currentIndex: Int { boundaries.index }

    /// Feeds one update.
    ///
    /// Non-finite times and times before the previous update are ignored; a distance or moving time
    /// that is not finite or decreases is held at its previous value.
    ///
    /// - Parameters:
    ///   - time: Unix time in seconds.
    ///   - distance: Cumulative distance in metres.
    ///   - movingTime: Cumulative moving time in seconds (``AutoPauseDetector/settledMovingTime``).
    /// - Returns: The laps this update completed.
    public mutating func update(time: Double, distance: Double, movingTime: Double) -> LapAction {
        let intervals = boundaries.update(time: time, distance: distance, movingTime: movingTime)
        return intervals.isEmpty ? .none : .completed(intervals.map(lap))
    }

    /// Ends the lap under way at the latest update (the lap button); automatic laps then count
    /// afresh from there. Returns `.none` before the first update or when no time has passed.
    public mutating func markLap() -> LapAction {
        guard let interval = boundaries.cut() else { return .none }
        return .completed([lap(interval)])
    }

    /// Ends the workout: the final partial lap, if it is at least ``LapTrigger/minimumLength``
    /// (1 m or 1 s) along the trigger's quantity. Later updates are ignored.
    public mutating func finish() -> LapAction {
        guard let interval = boundaries.finish(minimumPartial: LapTrigger.minimumLength) else { return .none }
        return .completed([lap(interval)])
    }

    private func lap(_ interval: IntervalBoundaries.Interval) -> Lap {
        let elapsed = interval.end.time - interval.start.time
        return Lap(index: interval.index, startTime: interval.start.time, endTime: interval.end.time,
                   distance: max(0, interval.end.distance - interval.start.distance),
                   elapsedDuration: elapsed,
                   movingDuration: min(elapsed, max(0, interval.end.movingTime - interval.start.movingTime)),
                   isPartial: interval.isPartial)
    }
}
