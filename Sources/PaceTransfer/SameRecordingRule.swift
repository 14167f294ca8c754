public import Foundation
public import PaceModel

/// When an imported activity is one the store already holds under another identifier: the same
/// recording in another file (a watch's FIT and the TCX or GPX a website made of it, or the
/// copy a phone app recorded beside the watch).
///
/// A file's own identifier catches the same file imported twice; this rule catches the same
/// workout arriving by two routes. Two workouts are the same recording when their starts are at
/// most ``startTolerance`` apart and the time both cover is at least ``minimumOverlap`` of the
/// longer one: one athlete cannot do two workouts at once.
public struct SameRecordingRule: Hashable, Sendable {
    /// The largest difference of the start times, in seconds.
    public var startTolerance: TimeInterval
    /// The smallest share (0–1) of the longer workout's span that both cover.
    public var minimumOverlap: Double

    /// Creates a rule; by default starts within a minute and 90 % of the longer span shared.
    public init(startTolerance: TimeInterval = 60, minimumOverlap: Double = 0.9) {
        self.startTolerance = startTolerance
        self.minimumOverlap = minimumOverlap
    }

    /// Whether `candidate` and `stored` are one recording.
    public func matches(_ candidate: Workout, _ stored: Workout) -> Bool {
        guard abs(candidate.startDate.timeIntervalSince(stored.startDate)) <= startTolerance else { return false }
        let shared = min(candidate.endDate, stored.endDate).timeIntervalSince(max(candidate.startDate, stored.startDate))
        let longer = max(candidate.endDate.timeIntervalSince(candidate.startDate), stored.endDate.timeIntervalSince(stored.startDate))
        guard longer > 0 else { return shared >= 0 }
        return shared / longer >= minimumOverlap
    }
}
