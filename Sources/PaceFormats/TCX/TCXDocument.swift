/// What ``TCXReader`` found in a Training Center Database (TCX v2) file.
///
/// Activities come from `Activities/Activity` and from every `Activity` of a
/// `MultiSportSession` (in file order); courses come from `Courses/Course`. Both are
/// ``RecordedActivity`` values, so the import flow handles them like GPX and FIT.
///
/// ```swift
/// let document = try TCXReader().read(contentsOf: url)
/// for activity in document.activities { print(activity.recorded.laps.count) }
/// ```
public struct TCXDocument: Hashable, Sendable {
    /// The activities, in file order (a multisport session yields one per sport).
    public var activities: [TCXActivity]
    /// The courses (planned routes), in file order.
    public var courses: [TCXActivity]
    /// Values the reader skipped (unparseable numbers, out-of-range coordinates), in file order.
    public var warnings: [TCXWarning]

    /// Creates a document.
    public init(activities: [TCXActivity] = [], courses: [TCXActivity] = [], warnings: [TCXWarning] = []) {
        self.activities = activities
        self.courses = courses
        self.warnings = warnings
    }

    /// The document with every lap's records taken out: what ``TCXReader/read(source:fileName:records:)``
    /// returns for the file this document was read from.
    package func withoutRecords() -> TCXDocument {
        var result = self
        for index in result.activities.indices { result.activities[index].recorded.laps.removeRecords() }
        for index in result.courses.indices { result.courses[index].recorded.laps.removeRecords() }
        return result
    }
}

extension [ActivityLap] {
    fileprivate mutating func removeRecords() {
        for index in indices { self[index].records = [] }
    }
}

/// One TCX `Activity` or `Course`: the shared model plus the lap values TCX has and the model lacks.
public struct TCXActivity: Hashable, Sendable {
    /// The activity in the shared model.
    public var recorded: RecordedActivity
    /// TCX-only lap values, one per lap of ``recorded``, in the same order.
    public var lapSummaries: [TCXLapSummary]

    /// Creates an activity; `lapSummaries` should have one element per lap.
    public init(recorded: RecordedActivity, lapSummaries: [TCXLapSummary] = []) {
        self.recorded = recorded
        self.lapSummaries = lapSummaries
    }
}

/// The lap values of a TCX `Lap` and its ActivityExtension v2 `LX` that ``ActivityLap`` does not model.
public struct TCXLapSummary: Hashable, Sendable {
    /// `MaximumSpeed`, metres per second.
    public var maximumSpeed: Double?
    /// `Cadence` of the lap (average bike cadence), revolutions per minute.
    public var cadence: Double?
    /// `LX/AvgSpeed`, metres per second.
    public var averageSpeed: Double?
    /// `LX/MaxBikeCadence`, revolutions per minute.
    public var maximumBikeCadence: Double?
    /// `LX/AvgRunCadence`, strides (one foot) per minute.
    public var averageRunCadence: Double?
    /// `LX/MaxRunCadence`, strides (one foot) per minute.
    public var maximumRunCadence: Double?
    /// `LX/Steps`, count.
    public var steps: Double?
    /// `LX/AvgWatts`, watts.
    public var averageWatts: Double?
    /// `LX/MaxWatts`, watts.
    public var maximumWatts: Double?

    /// Creates a summary with every value absent unless given.
    public init(maximumSpeed: Double? = nil, cadence: Double? = nil, averageSpeed: Double? = nil,
                maximumBikeCadence: Double? = nil, averageRunCadence: Double? = nil,
                maximumRunCadence: Double? = nil, steps: Double? = nil, averageWatts: Double? = nil,
                maximumWatts: Double? = nil) {
        self.maximumSpeed = maximumSpeed
        self.cadence = cadence
        self.averageSpeed = averageSpeed
        self.maximumBikeCadence = maximumBikeCadence
        self.averageRunCadence = averageRunCadence
        self.maximumRunCadence = maximumRunCadence
        self.steps = steps
        self.averageWatts = averageWatts
        self.maximumWatts = maximumWatts
    }
}
