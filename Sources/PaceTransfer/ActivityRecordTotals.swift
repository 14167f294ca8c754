import Foundation
import PaceFormats
import PaceModel
import PaceTrack

/// What a workout needs from an activity's records, gathered one record at a time (time order,
/// stray times left out): the time span, the smoothed track's totals, the device's distance, heart
/// rate, and the route's extent. Holds no record, so an activity of any length converts in bounded
/// memory (DECISIONS 118).
struct ActivityRecordTotals {
    private(set) var recordCount = 0
    private(set) var firstTime: Date?
    private(set) var lastTime: Date?
    private(set) var deviceDistance: Double?
    private(set) var heartRateCount = 0
    private(set) var heartRateSum = 0.0
    private(set) var heartRateMinimum = Double.infinity
    private(set) var heartRateMaximum = -Double.infinity
    private(set) var heartRateLast = 0.0
    /// Records with a latitude, and those that are valid route locations.
    private(set) var positionedCount = 0
    private(set) var locationCount = 0
    private(set) var firstLocationTime: Date?
    private(set) var lastLocationTime: Date?
    private var track: TrackTotalsAccumulator

    init(activityType: WorkoutActivityType, windowLength: Int = TrackTotalsAccumulator.defaultWindowLength,
         margin: Int = TrackTotalsAccumulator.defaultMargin) {
        track = TrackTotalsAccumulator(configuration: .forActivity(activityType), windowLength: windowLength, margin: margin)
    }

    /// Adds the next record (timed, in time order).
    mutating func add(_ record: ActivityRecord) {
        recordCount += 1
        if firstTime == nil { firstTime = record.time }
        lastTime = record.time ?? lastTime
        if let distance = record.distance { deviceDistance = max(deviceDistance ?? distance, distance) }
        if let bpm = ActivityConverter.heartRate(of: record) {
            heartRateCount += 1
            heartRateSum += bpm
            heartRateMinimum = min(heartRateMinimum, bpm)
            heartRateMaximum = max(heartRateMaximum, bpm)
            heartRateLast = bpm
        }
        if record.latitude != nil { positionedCount += 1 }
        if let location = ActivityConverter.location(record) {
            locationCount += 1
            if firstLocationTime == nil { firstLocationTime = location.timestamp }
            lastLocationTime = location.timestamp
        }
        if let fix = ActivityConverter.fix(record) { track.add(fix, pressure: record.pressure ?? .nan) }
    }

    /// The smoothed track's totals; `nil` with fewer than two positions.
    mutating func trackTotals() -> TrackTotals? { track.finish() }
}

/// Records of an activity left out because their times are more than ``ActivityConverter/strayGap``
/// from the rest.
struct StrayRecords {
    var count = 0
    var first: Date?
    var last: Date?

    init(_ records: [ActivityRecord] = []) {
        count = records.count
        first = records.first?.time
        last = records.last?.time
    }
}
