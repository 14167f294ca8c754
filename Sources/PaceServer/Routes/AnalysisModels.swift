import Foundation
import PaceTrack
import PaceTransfer
import PaceAnalysis

/// One lap of a workout as the API shows it.
struct LapJSON: Codable, Sendable {
    /// 1-based.
    var index: Int
    var start: Date
    var end: Date
    /// Seconds from start to end, pauses included.
    var elapsedTime: Double
    /// Seconds the timer ran within the lap.
    var timerTime: Double
    /// Metres, when known.
    var distance: Double?
    /// m/s over the timer time, when the distance is known.
    var averageSpeed: Double?
    /// count/min.
    var averageHeartRate: Double?
    /// count/min.
    var maximumHeartRate: Double?

    init(_ lap: WorkoutAnalysis.LapSummary) {
        index = lap.index
        start = lap.start
        end = lap.end
        elapsedTime = lap.elapsedTime
        timerTime = lap.timerTime
        distance = lap.distance
        averageSpeed = lap.averageSpeed
        averageHeartRate = lap.averageHeartRate
        maximumHeartRate = lap.maximumHeartRate
    }
}

/// One kilometre split as the API shows it.
struct SplitJSON: Codable, Sendable {
    /// 1-based.
    var index: Int
    /// Metres: 1000, or less for the last, partial split.
    var distance: Double
    var start: Date
    var end: Date
    /// Seconds from start to end, pauses included.
    var elapsedTime: Double
    /// Seconds moving.
    var movingTime: Double
    /// Seconds per kilometre over the moving time, when any.
    var pace: Double?
    var isPartial: Bool

    init(_ split: Split) {
        index = split.index + 1
        distance = split.distance
        start = Date(timeIntervalSince1970: split.startTime)
        end = Date(timeIntervalSince1970: split.endTime)
        elapsedTime = split.elapsedDuration
        movingTime = split.movingDuration
        pace = split.pace
        isPartial = split.isPartial
    }
}
