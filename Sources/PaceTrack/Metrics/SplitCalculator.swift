/// One kilometre or mile of a workout.
public struct Split: Hashable, Sendable {
    /// Position in the workout, 0 for the first split.
    public var index: Int
    /// The unit the split is a whole one of.
    public var unit: SplitUnit
    /// Distance covered in metres: the unit's length, or less for the final partial split.
    public var distance: Double
    /// When the split began, Unix time in seconds.
    public var startTime: Double
    /// When the split ended, Unix time in seconds (interpolated at the boundary crossing).
    public var endTime: Double
    /// Seconds from start to end, pauses included.
    public var elapsedDuration: Double
    /// Moving seconds from start to end, pauses excluded.
    public var movingDuration: Double
    /// Whether this is the final, shorter split.
    public var isPartial: Bool

    /// Creates a split.
    public init(index: Int, unit: SplitUnit, distance: Double, startTime: Double, endTime: Double,
                elapsedDuration: Double, movingDuration: Double, isPartial: Bool) {
        self.index = index
        self.unit = unit
        self.distance = distance
        self.startTime = startTime
        self.endTime = endTime
        self.elapsedDuration = elapsedDuration
        self.movingDuration = movingDuration
        self.isPartial = isPartial
    }

    /// Pace in seconds per ``unit`` over moving time (a partial split's pace is scaled to a whole
    /// unit); nil when no distance was covered or no moving time passed.
    public var pace: Double? {
        guard distance > 0, movingDuration > 0 else { return nil }
        let pace = movingDuration * unit.meters / distance
        return pace.isFinite ? pace : nil
    }

    /// Average moving speed in m/s; nil when no moving time passed.
    public var averageSpeed: Double? {
        SpeedStatistics.averageSpeed(distance: distance, movingTime: movingDuration)
    }
}

/// What ``SplitCalculator`` reports after an update.
public enum SplitAction: Hashable, Sendable {
    /// No split completed.
    case none
    /// Splits completed by this update, oldest first: one as a rule, several only when one update
    /// covers more than a unit (after a gap).
    case completed([Split])
}

/// Cuts a workout into kilometre or mile splits.
///
/// Fed cumulative distance and moving time, it emits a ``Split`` whenever a whole unit is crossed,
/// dating the crossing by linear interpolation between the updates around it, and a final partial
/// split on ``finish()``. Units are counted from the distance at the first update (normally 0).
/// Updates are O(1) and allocate only when a split is emitted.
///
/// ```swift
/// var splits = SplitCalculator(unit: .kilometer)
/// if case .completed(let done) = splits.update(time: t, distance: metres, movingTime: moving) {
///     for split in done { show(split) }
/// }
/// ```
public struct SplitCalculator: Hashable, Sendable {
    /// Default ``minimumPartialDistance``: 1 m.
    public static let defaultMinimumPartialDistance = 1.0

    /// The unit of the splits.
    public let unit: SplitUnit
    /// A final partial split shorter than this, in metres, is dropped.
    public let minimumPartialDistance: Double
    private var boundaries: IntervalBoundaries

    /// Creates a calculator.
    ///
    /// - Parameters:
    ///   - unit: Kilometre or mile splits.
    ///   - minimumPartialDistance: Metres the final partial split must reach to be emitted.
    public init(unit: SplitUnit, minimumPartialDistance: Double = SplitCalculator.defaultMinimumPartialDistance) {
        self.unit = unit
        self.minimumPartialDistance = minimumPartialDistance > 0 ? minimumPartialDistance : 0
        boundaries = IntervalBoundaries(axis: .distance, length: unit.meters)
    }

    /// Index of the split under way (0 for the first); equals the number of splits emitted.
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
    /// - Returns: The splits this update completed.
    public mutating func update(time: Double, distance: Double, movingTime: Double) -> SplitAction {
        let intervals = boundaries.update(time: time, distance: distance, movingTime: movingTime)
        return intervals.isEmpty ? .none : .completed(intervals.map(split))
    }

    /// Ends the workout: the final partial split, if at least ``minimumPartialDistance`` long.
    /// Later updates are ignored.
    public mutating func finish() -> SplitAction {
        guard let interval = boundaries.finish(minimumPartial: minimumPartialDistance) else { return .none }
        return .completed([split(interval)])
    }

    private func split(_ interval: IntervalBoundaries.Interval) -> Split {
        Split(index: interval.index, unit: unit,
              distance: interval.isPartial ? interval.end.distance - interval.start.distance : unit.meters,
              startTime: interval.start.time, endTime: interval.end.time,
              elapsedDuration: interval.end.time - interval.start.time,
              movingDuration: min(interval.end.time - interval.start.time,
                                  max(0, interval.end.movingTime - interval.start.movingTime)),
              isPartial: interval.isPartial)
    }
}
