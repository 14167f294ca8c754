/// The engine shared by ``SplitCalculator`` and ``LapCalculator``: cuts a stream of cumulative
/// (time, distance, moving time) updates into intervals of equal length along one of the three,
/// interpolating each boundary linearly between the updates around it.
struct IntervalBoundaries: Hashable, Sendable {
    /// Which quantity the intervals are measured along.
    enum Axis: Hashable, Sendable {
        /// Distance in metres.
        case distance
        /// Elapsed time in seconds.
        case elapsedTime
        /// Moving time in seconds.
        case movingTime
    }

    /// One sample of the three cumulative quantities.
    struct Mark: Hashable, Sendable {
        /// Unix time in seconds.
        var time: Double
        /// Cumulative distance in metres.
        var distance: Double
        /// Cumulative moving time in seconds.
        var movingTime: Double

        func value(along axis: Axis) -> Double {
            switch axis {
            case .distance: distance
            case .elapsedTime: time
            case .movingTime: movingTime
            }
        }

        /// The mark a `fraction` of the way from `self` to `other`.
        func interpolated(to other: Mark, fraction: Double) -> Mark {
            Mark(time: time + fraction * (other.time - time),
                 distance: distance + fraction * (other.distance - distance),
                 movingTime: movingTime + fraction * (other.movingTime - movingTime))
        }
    }

    /// One interval, from `start` to `end`.
    struct Interval: Hashable, Sendable {
        var index: Int
        var start: Mark
        var end: Mark
        var isPartial: Bool
    }

    /// Crossings a single update may complete; beyond this (absurd inputs, such as a year-long gap
    /// with one-second laps) the rest are skipped and counting restarts from the update.
    static let maximumIntervalsPerUpdate = 100_000

    let axis: Axis
    /// Interval length along `axis` (m or s), positive.
    let length: Double

    private(set) var isStarted = false
    private(set) var isFinished = false
    /// Where the current interval began.
    private(set) var start = Mark(time: 0, distance: 0, movingTime: 0)
    /// The latest update.
    private(set) var last = Mark(time: 0, distance: 0, movingTime: 0)
    /// Index of the current interval (0 for the first).
    private(set) var index = 0
    /// Axis value from which boundaries are counted, and intervals completed since then.
    private var base = 0.0
    private var completedSinceBase = 0

    init(axis: Axis, length: Double) {
        self.axis = axis
        self.length = length
    }

    /// Feeds one update; returns the intervals it completed, oldest first (usually none, and
    /// then without allocating).
    ///
    /// Non-finite times and times before the previous update are ignored; a distance or moving time
    /// that is not finite or goes backwards is held at its previous value.
    mutating func update(time: Double, distance: Double, movingTime: Double) -> [Interval] {
        guard !isFinished, time.isFinite else { return [] }
        guard isStarted else {
            let mark = Mark(time: time, distance: distance.isFinite ? distance : 0,
                            movingTime: movingTime.isFinite ? movingTime : 0)
            isStarted = true
            start = mark
            last = mark
            base = mark.value(along: axis)
            return []
        }
        guard time >= last.time else { return [] }
        let current = Mark(time: time,
                           distance: distance.isFinite ? max(distance, last.distance) : last.distance,
                           movingTime: movingTime.isFinite ? max(movingTime, last.movingTime) : last.movingTime)
        let from = last.value(along: axis), to = current.value(along: axis)
        var completed: [Interval] = []
        var boundary = nextBoundary
        if to >= boundary && to > from {
            while to >= boundary {
                if completed.count == Self.maximumIntervalsPerUpdate {
                    base = to
                    completedSinceBase = 0
                    start = current
                    break
                }
                let fraction = (boundary - from) / (to - from)
                let end = fraction >= 1 ? current : last.interpolated(to: current, fraction: max(0, fraction))
                completed.append(Interval(index: index, start: start, end: end, isPartial: false))
                start = end
                index += 1
                completedSinceBase += 1
                boundary = nextBoundary
            }
        }
        last = current
        return completed
    }

    /// Ends the stream: the interval under way, if its progress along the axis reaches
    /// `minimumPartial`; nothing more is accepted afterwards.
    mutating func finish(minimumPartial: Double) -> Interval? {
        guard isStarted, !isFinished else { return nil }
        isFinished = true
        let progress = last.value(along: axis) - start.value(along: axis)
        guard progress > 0, progress >= minimumPartial else { return nil }
        return Interval(index: index, start: start, end: last, isPartial: true)
    }

    /// Ends the interval under way at the latest update (a manual lap); nil before the first update
    /// or when no time has passed in it. Boundaries are counted afresh from there.
    mutating func cut() -> Interval? {
        guard isStarted, !isFinished, last.time > start.time else { return nil }
        let interval = Interval(index: index, start: start, end: last, isPartial: true)
        start = last
        index += 1
        base = last.value(along: axis)
        completedSinceBase = 0
        return interval
    }

    /// The axis value at which the current interval ends.
    private var nextBoundary: Double { base + Double(completedSinceBase + 1) * length }
}
