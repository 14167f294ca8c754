import Foundation
import PaceModel
import PaceRecorder

/// What `pace record` prints at the end of a live recording: the saved workout as for a replay
/// (``RecordingReport``; `--json`: the same field names, SI units, in the same object), how it
/// ended, and the input the sensors skipped. The workout's fields read through (`report.workoutID`).
@dynamicMemberLookup
struct LiveRecordingReport: Encodable {
    /// The saved workout, reported as a replay's.
    var saved: RecordingReport
    /// `finish` (key or signal), `batteryCritical` (the session saved itself).
    var endedBy: String
    /// Skipped input by reason, e.g. `["sysfs.garbage": 3]`.
    var skippedInput: [String: Int]
    /// The sources, as described in logs.
    var sources: [String]

    /// A field of the saved workout's report.
    subscript<Value>(dynamicMember field: KeyPath<RecordingReport, Value>) -> Value { saved[keyPath: field] }

    private enum CodingKeys: String, CodingKey {
        case endedBy, skippedInput, sources
    }

    /// From a live recording's result.
    init(_ result: LiveRecordingResult) {
        self.init(saved: RecordingReport(workout: result.workout, routeID: result.routeID, summary: result.summary,
                                         sampleCount: result.sampleCount),
                  endedBy: result.ending.rawValue, skippedInput: result.skippedInput, sources: result.sources)
    }

    /// From a saved workout's report and how the recording went.
    init(saved: RecordingReport, endedBy: String, skippedInput: [String: Int], sources: [String]) {
        self.saved = saved
        self.endedBy = endedBy
        self.skippedInput = skippedInput
        self.sources = sources
    }

    /// One JSON object: the workout's fields, then how the recording went.
    func encode(to encoder: any Encoder) throws {
        try saved.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(endedBy, forKey: .endedBy)
        try container.encode(skippedInput, forKey: .skippedInput)
        try container.encode(sources, forKey: .sources)
    }

    func text() -> String {
        var lines = ["Saved \(saved.activityType) \(saved.workoutID.uuidString)" + (endedBy == "batteryCritical" ? " (battery critical)" : "")]
        lines += Dashboard.summaryLines(saved.summary)
        lines.append("  events \(saved.eventCount)   samples \(saved.sampleText)")
        lines.append("  sources    \(sources.joined(separator: "; "))")
        lines.append("  skipped    " + Self.skippedText(skippedInput))
        return lines.joined(separator: "\n")
    }

    /// `"none"` or `"sysfs.garbage 3, sysfs.missing 1"`, by reason.
    static func skippedText(_ counts: [String: Int]) -> String {
        counts.isEmpty ? "none" : counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }
}
