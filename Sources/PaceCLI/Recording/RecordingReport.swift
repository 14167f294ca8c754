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
    /// Quantity samples saved; `nil` when the count was not at hand (a live session that finished
    /// by itself and was read back from the store).
    var sampleCount: Int?

    /// From a workout the recorder finished.
    init(_ recorded: RecordedWorkout) {
        self.init(workout: recorded.workout, routeID: recorded.route?.id, summary: recorded.summary,
                  sampleCount: recorded.objects.filter { if case .quantitySample = $0 { true } else { false } }.count)
    }

    /// From a workout read back from the store.
    init(workout: Workout, routeID: UUID?, summary: PaceRecorder.WorkoutSummary, sampleCount: Int?) {
        workoutID = workout.id
        self.routeID = routeID
        activityType = workout.activityType.name
        start = workout.startDate
        end = workout.endDate
        self.summary = summary
        eventCount = workout.events.count
        self.sampleCount = sampleCount
    }

    /// The samples count as printed: the number, or `–` when not at hand.
    var sampleText: String { sampleCount.map(String.init) ?? "–" }

    func text() -> String {
        var lines = ["Saved \(activityType) \(workoutID.uuidString)"]
        lines += Dashboard.summaryLines(summary)
        lines.append("  energy     \(Dashboard.number(summary.activeEnergy)) kcal (estimate)")
        lines.append("  splits     \(summary.kilometerSplits.count) km   laps \(summary.laps.count)   events \(eventCount)   samples \(sampleText)")
        return lines.joined(separator: "\n")
    }
}
