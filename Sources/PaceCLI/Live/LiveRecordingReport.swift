import Foundation
import PaceModel
import PaceRecorder

/// What `pace record` prints at the end of a live recording: the saved workout as for a replay
/// (`--json`: the same field names, SI units), how it ended, and the input the sensors skipped.
struct LiveRecordingReport: Encodable {
    var workoutID: UUID
    var routeID: UUID?
    var activityType: String
    var start: Date
    var end: Date
    var summary: PaceRecorder.WorkoutSummary
    var eventCount: Int
    /// Quantity samples saved; `nil` when the session finished by itself (critical battery) and
    /// the count was not at hand.
    var sampleCount: Int?
    /// `finish` (key or signal), `batteryCritical` (the session saved itself).
    var endedBy: String
    /// Skipped input by reason, e.g. `["sysfs.garbage": 3]`.
    var skippedInput: [String: Int]
    /// The sources, as described in logs.
    var sources: [String]

    /// From a workout the driver finished.
    init(_ recorded: RecordedWorkout, endedBy: String, skippedInput: [String: Int], sources: [String]) {
        self.init(workout: recorded.workout, routeID: recorded.route?.id, summary: recorded.summary,
                  sampleCount: recorded.objects.filter { if case .quantitySample = $0 { true } else { false } }.count,
                  endedBy: endedBy, skippedInput: skippedInput, sources: sources)
    }

    /// From a workout read back from the store.
    init(workout: Workout, routeID: UUID?, summary: PaceRecorder.WorkoutSummary, sampleCount: Int?, endedBy: String,
         skippedInput: [String: Int], sources: [String]) {
        workoutID = workout.id
        self.routeID = routeID
        activityType = workout.activityType.name
        start = workout.startDate
        end = workout.endDate
        self.summary = summary
        eventCount = workout.events.count
        self.sampleCount = sampleCount
        self.endedBy = endedBy
        self.skippedInput = skippedInput
        self.sources = sources
    }

    func text() -> String {
        var lines = ["Saved \(activityType) \(workoutID.uuidString)" + (endedBy == "batteryCritical" ? " (battery critical)" : "")]
        lines += Dashboard.summaryLines(summary)
        lines.append("  events \(eventCount)   samples \(sampleCount.map(String.init) ?? "–")")
        lines.append("  sources    \(sources.joined(separator: "; "))")
        lines.append("  skipped    " + Self.skippedText(skippedInput))
        return lines.joined(separator: "\n")
    }

    /// `"none"` or `"sysfs.garbage 3, sysfs.missing 1"`, by reason.
    static func skippedText(_ counts: [String: Int]) -> String {
        counts.isEmpty ? "none" : counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }
}
