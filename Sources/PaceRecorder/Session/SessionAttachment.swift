import Foundation
public import PaceModel

/// What a client adds to a recording beside the sensors' readings — samples, events, metadata —
/// as HealthKit's live workout builder takes them (`add(_:)`, `addWorkoutEvents(_:)`,
/// `addMetadata(_:)`, `shouldCollectWorkoutEvents`).
///
/// Each attachment is journaled, durably, like a command (kind `"attach"`), so a recovered session
/// still has it; the finished workout holds every attached sample (associated with it), event and
/// metadata value.
public struct SessionAttachment: Hashable, Sendable, Codable {
    /// Samples to save with the workout and associate with it.
    public var samples: [QuantitySample]
    /// Events to add to the workout.
    public var events: [WorkoutEvent]
    /// Metadata for the workout; a key given again replaces its value.
    public var metadata: Metadata
    /// Whether the workout keeps the session's own events (pauses, resumes, laps, markers); `nil`
    /// leaves the setting as it is (yes, at first).
    public var includesSessionEvents: Bool?

    /// Creates an attachment.
    public init(samples: [QuantitySample] = [], events: [WorkoutEvent] = [], metadata: Metadata = [:],
                includesSessionEvents: Bool? = nil) {
        self.samples = samples
        self.events = events
        self.metadata = metadata
        self.includesSessionEvents = includesSessionEvents
    }

    /// The journal's name for an attachment event.
    static let journalKind = "attach"
}

/// Everything attached to a session so far (``WorkoutSession/attachments``).
public struct SessionAttachments: Hashable, Sendable {
    /// The attached samples, in the order attached.
    public private(set) var samples: [QuantitySample] = []
    /// The attached events, in the order attached.
    public private(set) var events: [WorkoutEvent] = []
    /// The attached metadata.
    public private(set) var metadata: Metadata = [:]
    /// Whether the workout keeps the session's own events.
    public private(set) var includesSessionEvents = true

    /// Nothing attached.
    public init() {}

    /// Adds one attachment.
    mutating func add(_ attachment: SessionAttachment) {
        samples += attachment.samples
        events += attachment.events
        for (key, value) in attachment.metadata.values { metadata[key] = value }
        if let include = attachment.includesSessionEvents { includesSessionEvents = include }
    }
}
