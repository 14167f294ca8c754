import Foundation
import PaceModel
import PaceRecorder

/// What `pace record` prints at the end (`--json`: these field names, SI units).
struct RecordingReport: Encodable {
    var workoutID: UUID
    var routeID: UUID?
    var activityType: String
    var start: Date
    var end: Date
    var summary: PaceRecorder.WorkoutSummary
    var eventCount: Int
    var sampleCount: Int

    init(_ recorded: RecordedWorkout) {
        workoutID = recorded.workout.id
        routeID = recorded.route?.id
        activityType = recorded.workout.activityType.name
        start = recorded.workout.startDate
        end = recorded.workout.endDate
        summary = recorded.summary
        eventCount = recorded.workout.events.count
        sampleCount = recorded.objects.filter { if case .quantitySample = $0 { true } else { false } }.count
    }

    func text() -> String {
        var lines = ["Saved \(activityType) \(workoutID.uuidString)"]
        lines += Dashboard.summaryLines(summary)
        lines.append("  energy     \(Dashboard.number(summary.activeEnergy)) kcal (estimate)")
        lines.append("  splits     \(summary.kilometerSplits.count) km   laps \(summary.laps.count)   events \(eventCount)   samples \(sampleCount)")
        return lines.joined(separator: "\n")
    }
}
