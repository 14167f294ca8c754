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
        lines.append("  distance   " + String(format: "%.2f km", summary.distance / 1000))
        lines.append("  duration   \(Dashboard.clock(summary.duration))   moving \(Dashboard.clock(summary.movingTime))   elapsed \(Dashboard.clock(summary.elapsedTime))")
        if let speed = summary.averageSpeed {
            lines.append("  average    \(Dashboard.pace(speed > 0 ? 1000 / speed : nil)) /km   \(Dashboard.speed(speed)) km/h")
        }
        if let average = summary.averageHeartRate {
            lines.append("  heart rate avg \(Dashboard.number(average))   max \(Dashboard.number(summary.maximumHeartRate)) bpm")
        }
        lines.append("  elevation  +\(Dashboard.number(summary.elevationGain)) m / -\(Dashboard.number(summary.elevationLoss)) m")
        lines.append("  energy     \(Dashboard.number(summary.activeEnergy)) kcal (estimate)")
        lines.append("  splits     \(summary.kilometerSplits.count) km   laps \(summary.laps.count)   events \(eventCount)   samples \(sampleCount)")
        return lines.joined(separator: "\n")
    }
}
