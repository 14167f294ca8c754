public import Foundation
import PaceModel

/// What happened during a workout (Apple's `HKWorkoutEventType`), with Apple's raw values.
public enum HKWorkoutEventType: Int, Sendable {
    /// The workout paused.
    case pause = 1
    /// The workout resumed.
    case resume = 2
    /// A lap ended.
    case lap = 3
    /// A moment of interest.
    case marker = 4
    /// The device noticed the person stopped moving.
    case motionPaused = 5
    /// The device noticed the person moved again.
    case motionResumed = 6
    /// A period of interest.
    case segment = 7
    /// The person asked to pause or resume.
    case pauseOrResumeRequest = 8

    var pace: WorkoutEventType { WorkoutEventType(rawValue: rawValue) ?? .marker }
}

/// An event of a workout: a pause, a lap, a marker (Apple's `HKWorkoutEvent`).
public final class HKWorkoutEvent: NSObject, @unchecked Sendable {
    let event: WorkoutEvent
    let metadataProblem: HKError?

    init(_ event: WorkoutEvent, metadataProblem: HKError? = nil) {
        self.event = event
        self.metadataProblem = metadataProblem
    }

    /// An event over an interval (an instant for pauses, resumes and markers).
    public convenience init(type: HKWorkoutEventType, dateInterval: DateInterval, metadata: [String: Any]?) {
        let (paceMetadata, problem) = HKObject.metadata(metadata)
        self.init(WorkoutEvent(type: type.pace, start: dateInterval.start, duration: dateInterval.duration, metadata: paceMetadata),
                  metadataProblem: problem)
    }

    /// An event at an instant.
    @available(*, deprecated, message: "Use init(type:dateInterval:metadata:)")
    public convenience init(type: HKWorkoutEventType, date: Date) {
        self.init(type: type, dateInterval: DateInterval(start: date, duration: 0), metadata: nil)
    }

    /// An event at an instant, with metadata.
    @available(*, deprecated, message: "Use init(type:dateInterval:metadata:)")
    public convenience init(type: HKWorkoutEventType, date: Date, metadata: [String: Any]) {
        self.init(type: type, dateInterval: DateInterval(start: date, duration: 0), metadata: metadata)
    }

    /// What happened.
    public var type: HKWorkoutEventType { HKWorkoutEventType(rawValue: event.type.rawValue) ?? .marker }
    /// When.
    public var dateInterval: DateInterval { DateInterval(start: event.startDate, duration: event.duration) }
    /// When it started.
    @available(*, deprecated, message: "Use dateInterval")
    public var date: Date { event.startDate }
    /// The event's metadata, or `nil`.
    public var metadata: [String: Any]? { HKMetadata.dictionary(event.metadata) }

    /// Events are equal when type, interval and metadata are.
    public override func isEqual(_ object: Any?) -> Bool { (object as? HKWorkoutEvent)?.event == event }
    /// A hash consistent with ``isEqual(_:)``.
    public override var hash: Int { event.hashValue }
}
