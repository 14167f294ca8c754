public import Foundation

/// What a workout event marks, with HealthKit's raw values (`HKWorkoutEventType`).
public enum WorkoutEventType: Int, Hashable, Sendable, Codable, CaseIterable {
    /// The person paused the workout; time until the next resume does not count.
    case pause = 1
    /// The person resumed a paused workout.
    case resume = 2
    /// A lap: the event's interval spans the lap.
    case lap = 3
    /// A marker at an instant, e.g. a button press.
    case marker = 4
    /// The device detected that the person stopped moving (auto-pause).
    case motionPaused = 5
    /// The device detected that the person moved again (auto-resume).
    case motionResumed = 6
    /// A segment of the workout, e.g. a split; the interval spans it.
    case segment = 7
    /// A pause or resume requested by an accessory, to be confirmed by the session.
    case pauseOrResumeRequest = 8

    /// The lower-camel-case name, e.g. `"motionPaused"`, as `--json` output prints it.
    public var name: String {
        switch self {
        case .pause: "pause"
        case .resume: "resume"
        case .lap: "lap"
        case .marker: "marker"
        case .motionPaused: "motionPaused"
        case .motionResumed: "motionResumed"
        case .segment: "segment"
        case .pauseOrResumeRequest: "pauseOrResumeRequest"
        }
    }
}

/// An event inside a workout: a pause, a resume, a lap, a marker or a segment.
///
/// ```swift
/// let lap = WorkoutEvent(type: .lap, start: lapStart, duration: 312.5)
/// ```
public struct WorkoutEvent: Hashable, Sendable, Codable {
    /// What the event marks.
    public var type: WorkoutEventType
    /// When it starts (UTC).
    public var startDate: Date
    /// How long it lasts, in seconds; 0 for an instant event such as a pause.
    public var duration: TimeInterval
    /// Extra typed values.
    public var metadata: Metadata

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - type: What the event marks.
    ///   - start: When it starts (UTC).
    ///   - duration: Length in seconds, not negative.
    ///   - metadata: Extra values.
    public init(type: WorkoutEventType, start: Date, duration: TimeInterval = 0, metadata: Metadata = Metadata()) {
        self.type = type
        self.startDate = start
        self.duration = duration
        self.metadata = metadata
    }

    /// When the event ends (UTC): ``startDate`` plus ``duration``.
    public var endDate: Date { startDate.addingTimeInterval(duration) }
}

/// Summary statistics of one quantity type over a workout, as `HKStatistics` gives them.
///
/// Cumulative types (distance, energy) have a ``sum``; discrete types (heart rate)
/// have ``average``, ``minimum``, ``maximum`` and ``mostRecent``.
public struct WorkoutStatistics: Hashable, Sendable, Codable {
    /// The quantity type summarised.
    public var type: QuantityTypeIdentifier
    /// Start of the summarised interval (UTC).
    public var startDate: Date
    /// End of the summarised interval (UTC).
    public var endDate: Date
    /// Total, for cumulative types.
    public var sum: Quantity?
    /// Mean, for discrete types.
    public var average: Quantity?
    /// Smallest value, for discrete types.
    public var minimum: Quantity?
    /// Largest value, for discrete types.
    public var maximum: Quantity?
    /// Last value, for discrete types.
    public var mostRecent: Quantity?

    /// Creates statistics; leave the fields that do not apply to the type `nil`.
    public init(
        type: QuantityTypeIdentifier,
        start: Date,
        end: Date,
        sum: Quantity? = nil,
        average: Quantity? = nil,
        minimum: Quantity? = nil,
        maximum: Quantity? = nil,
        mostRecent: Quantity? = nil
    ) {
        self.type = type
        self.startDate = start
        self.endDate = end
        self.sum = sum
        self.average = average
        self.minimum = minimum
        self.maximum = maximum
        self.mostRecent = mostRecent
    }

    /// Every quantity present, for validation.
    var quantities: [(String, Quantity)] {
        [("sum", sum), ("average", average), ("minimum", minimum), ("maximum", maximum), ("mostRecent", mostRecent)]
            .compactMap { name, quantity in quantity.map { (name, $0) } }
    }
}
