import Foundation

/// What ``FITActivityWriter`` writes, worked out before encoding: the laps with their records and
/// totals (stated or computed), the timer events in time order, the activity's start and end, the
/// FIT sport and the session totals.
struct FITActivityPlan {
    /// A lap to write; totals in seconds, metres, kilocalories and beats per minute.
    struct Lap {
        var start: Date?
        /// The lap's `timestamp`: its last record's time, else start + stated elapsed time (so that a
        /// reader assigning records to laps by time puts the next lap's first record in the next lap).
        var end: Date?
        var elapsed: Double?
        var timer: Double?
        var distance: Double?
        var calories: Double?
        var averageHeartRate: Double?
        var maximumHeartRate: Double?
        /// FIT `lap_trigger` value.
        var trigger: Int?
        /// FIT `intensity` value.
        var intensity: Int?
        /// The records that have a time FIT can hold, in the lap's order.
        var records: [ActivityRecord]
    }

    /// Session totals; seconds, metres, kilocalories, beats per minute.
    struct Totals {
        var elapsed: Double?
        var timer: Double?
        var distance: Double?
        var calories: Double?
        var averageHeartRate: Double?
        var maximumHeartRate: Double?
    }

    var laps: [Lap] = []
    var timerEvents: [ActivityTimerEvent]
    var start: Date?
    var end: Date?
    /// FIT `sport` value.
    var sport: Int
    var sessionTotals = Totals()
    /// The activity's stated elevation gain and loss, m.
    var totalAscent: Double?
    var totalDescent: Double?

    init(_ activity: RecordedActivity) {
        timerEvents = activity.timerEvents.sorted { $0.time < $1.time }
        totalAscent = activity.totalAscent
        totalDescent = activity.totalDescent
        sport = Self.sport(activity.sport)
        var previousEnd: Date?
        var previousDistance = 0.0
        let statedLaps = activity.laps.map(Self.statedAsHeld)
        for lap in statedLaps {
            let planned = Self.lap(lap, previousEnd: previousEnd, previousDistance: previousDistance,
                                   events: timerEvents)
            previousEnd = planned.end ?? previousEnd
            if let last = Self.lastDistanceReadBack(planned.records) { previousDistance = last }
            laps.append(planned)
        }
        let times = laps.flatMap { lap in [lap.start, lap.end].compactMap { $0 } + lap.records.compactMap(\.time) }
            + timerEvents.map(\.time)
        start = times.min()
        end = times.max()
        keepEmptyLapsOffLaterRecords()
        deriveTotalsFromRecordsReadBack(statedLaps)
        sessionTotals = totals()
    }

    /// The records each lap will hold when the file is read back: a reader fills the laps in file
    /// order, moving to the next lap once a record's time (in whole FIT seconds) is past the lap's
    /// `timestamp`; a record without a time, or past the last lap's end, stays in the lap being filled.
    private func recordsReadBack() -> [[ActivityRecord]] {
        var assigned = Array(repeating: [ActivityRecord](), count: laps.count)
        let ends = laps.map { lap in lap.end.flatMap(FITEncoder.fitSeconds) }
        var lapIndex = 0
        for record in laps.flatMap(\.records) {
            if let time = record.time.flatMap(FITEncoder.fitSeconds) {
                while lapIndex < laps.count - 1, let end = ends[lapIndex], time > end { lapIndex += 1 }
            }
            assigned[lapIndex].append(record)
        }
        return assigned
    }

    /// When laps contradict their records' times (a lap's records earlier than an earlier lap's
    /// end), reading the file back moves records between laps, and a total the writer derived from
    /// a lap's own records would describe records the lap no longer holds — the next write would
    /// derive another from the records it received, so the round trip would not be a fixed point.
    /// The totals a lap does not state (heart rate, distance) are derived from the records a reader
    /// will find in it instead; for laps that agree with their records' times nothing changes.
    /// (The `fit` fuzz target found it; DECISIONS 157.)
    private mutating func deriveTotalsFromRecordsReadBack(_ stated: [ActivityLap]) {
        let readBack = recordsReadBack()
        var previousDistance = 0.0
        for index in laps.indices {
            let records = readBack[index]
            let lastDistance = Self.lastDistanceReadBack(records)
            if records.map(\.time) != laps[index].records.map(\.time) {
                let heartRates = Self.heartRatesReadBack(records)
                laps[index].averageHeartRate = stated[index].averageHeartRate ?? Self.mean(heartRates)
                laps[index].maximumHeartRate = stated[index].maximumHeartRate ?? heartRates.max()
                laps[index].distance = stated[index].distance ?? lastDistance.map { max(0, $0 - previousDistance) }
            }
            if let lastDistance { previousDistance = lastDistance }
        }
    }

    /// A reader puts each record in the first lap (in file order) whose `timestamp` is at or after
    /// the record's time, and keeps every later record in a lap without a timestamp; so an empty lap
    /// whose stated end (start + elapsed time) reaches a later lap's first record, or that has no end
    /// at all, would take the later laps' records when read back. Such a lap's timestamp is moved to
    /// a second before the earliest first record of the laps after it; a lap with records keeps its
    /// last record's time. (The `fit` fuzz target found the round trip moving records.)
    private mutating func keepEmptyLapsOffLaterRecords() {
        var laterFirstRecord: Date?
        for index in laps.indices.reversed() {
            if laps[index].records.isEmpty, let limit = laterFirstRecord,
               laps[index].end.map({ $0 > limit.addingTimeInterval(-1) }) ?? true {
                laps[index].end = limit.addingTimeInterval(-1)
            }
            if let first = laps[index].records.first?.time {
                laterFirstRecord = min(laterFirstRecord ?? first, first)
            }
        }
    }

    private static func lap(_ lap: ActivityLap, previousEnd: Date?, previousDistance: Double,
                            events: [ActivityTimerEvent]) -> Lap {
        // A record needs a time FIT can hold (a `uint32` of seconds since 1989-12-31): one written
        // without it would be read back timeless, into whichever lap the reader is filling.
        let records = lap.records.filter { $0.time.flatMap(FITEncoder.fitSeconds) != nil }
        let times = records.compactMap(\.time)
        let start = lap.startTime ?? times.min() ?? previousEnd
        let statedEnd = start.flatMap { start in lap.totalElapsedTime.map { start.addingTimeInterval($0) } }
        let end = times.max() ?? statedEnd ?? start
        let elapsed = lap.totalElapsedTime ?? start.flatMap { start in end.map { $0.timeIntervalSince(start) } }
        var timer = lap.totalTimerTime
        if timer == nil, let elapsed, let start, let end {
            timer = max(0, elapsed - pausedSeconds(from: start, to: end, events: events))
        }
        let heartRates = heartRatesReadBack(records)
        return Lap(
            start: start, end: end, elapsed: elapsed, timer: timer,
            distance: lap.distance ?? lastDistanceReadBack(records).map { max(0, $0 - previousDistance) },
            calories: lap.calories,
            averageHeartRate: lap.averageHeartRate ?? mean(heartRates),
            maximumHeartRate: lap.maximumHeartRate ?? heartRates.max(),
            trigger: lap.trigger.flatMap(lapTrigger), intensity: lap.intensity.flatMap(intensity),
            records: records)
    }

    private func totals() -> Totals {
        let elapsed = start.flatMap { start in end.map { $0.timeIntervalSince(start) } }
        var timer = Self.sum(laps.map(\.timer))
        if timer == nil, let elapsed, let start, let end {
            timer = max(0, elapsed - Self.pausedSeconds(from: start, to: end, events: timerEvents))
        }
        let heartRates = Self.heartRatesReadBack(laps.flatMap(\.records))
        return Totals(
            elapsed: elapsed, timer: timer,
            distance: Self.sum(laps.map(\.distance)), calories: Self.sum(laps.map(\.calories)),
            averageHeartRate: Self.mean(heartRates) ?? Self.mean(laps.compactMap(\.averageHeartRate)),
            maximumHeartRate: laps.compactMap(\.maximumHeartRate).max())
    }

    /// `lap` with its stated start and totals as the file will hold them: totals rounded to the `lap`
    /// message field's resolution, and a start or total absent when its field cannot hold it (before
    /// 1989-12-31, past `uint32`, past `uint8`…). Written absent, it would be derived on the next
    /// write, so the round trip would not be a fixed point (the `fit` fuzz target found a start 124 s
    /// before FIT's epoch and an average heart rate past `uint8`).
    private static func statedAsHeld(_ lap: ActivityLap) -> ActivityLap {
        func held(_ value: Double?, _ field: String) -> Double? {
            FITEncoder.valueReadBack(value, as: FITProfile.encoderField(named: field, inMessage: 19)?.field)
        }
        var lap = lap
        lap.startTime = lap.startTime.flatMap { FITEncoder.fitSeconds($0) == nil ? nil : $0 }
        lap.totalElapsedTime = held(lap.totalElapsedTime, "total_elapsed_time")
        lap.totalTimerTime = held(lap.totalTimerTime, "total_timer_time")
        lap.distance = held(lap.distance, "total_distance")
        lap.calories = held(lap.calories, "total_calories")
        lap.averageHeartRate = held(lap.averageHeartRate, "avg_heart_rate")
        lap.maximumHeartRate = held(lap.maximumHeartRate, "max_heart_rate")
        return lap
    }

    /// The `record` message's `heart_rate` and `distance` fields.
    private static let heartRateField = FITProfile.encoderField(named: "heart_rate", inMessage: 20)?.field
    private static let distanceField = FITProfile.encoderField(named: "distance", inMessage: 20)?.field

    /// The records' heart rates (bpm) as a reader of the written file finds them: rounded to FIT's
    /// resolution, and without those the field cannot hold (written absent). Totals derived from
    /// these are the totals the next write derives again, so the round trip is a fixed point (the
    /// `fit` fuzz target found a lap averaging 214,500,730 and 81 bpm: written without an average,
    /// it read back 81 bpm on the next write).
    private static func heartRatesReadBack(_ records: [ActivityRecord]) -> [Double] {
        records.compactMap { FITEncoder.valueReadBack($0.heartRate, as: heartRateField) }
    }

    /// The last of the records' cumulative distances (m) a reader of the written file finds, as
    /// ``heartRatesReadBack(_:)``; searched from the end, without collecting the others.
    private static func lastDistanceReadBack(_ records: [ActivityRecord]) -> Double? {
        records.reversed().lazy.compactMap { FITEncoder.valueReadBack($0.distance, as: distanceField) }.first
    }

    /// Seconds of `start...end` during which the timer was paused (a pause without a resume lasts to `end`).
    static func pausedSeconds(from start: Date, to end: Date, events: [ActivityTimerEvent]) -> Double {
        var total = 0.0
        var pausedAt: Date?
        func add(_ from: Date, _ to: Date) {
            let overlap = min(to, end).timeIntervalSince(max(from, start))
            if overlap > 0 { total += overlap }
        }
        for event in events {
            switch event.kind {
            case .pause where pausedAt == nil: pausedAt = event.time
            case .resume:
                if let pause = pausedAt { add(pause, event.time) }
                pausedAt = nil
            default: break
            }
        }
        if let pausedAt { add(pausedAt, end) }
        return total
    }

    private static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    private static func sum(_ values: [Double?]) -> Double? {
        let present = values.compactMap { $0 }
        return present.isEmpty ? nil : present.reduce(0, +)
    }

    // MARK: - Vocabulary

    /// `"Trail Running"` → `"trail_running"`.
    private static func key(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces).lowercased()
            .replacingOccurrences(of: " ", with: "_").replacingOccurrences(of: "-", with: "_")
    }

    /// The FIT `sport` of a sport name: running, cycling (biking, ride…), walking, hiking, swimming,
    /// any other name of FIT's sport enum as is, else generic (0).
    static func sport(_ name: String?) -> Int {
        guard let name else { return 0 }
        switch key(name) {
        case "running", "run", "trail_running", "treadmill_running", "jogging": return 1
        case "cycling", "biking", "bike", "ride", "cycle", "road_biking", "mountain_biking", "indoor_cycling": return 2
        case "swimming", "swim", "pool_swimming", "open_water_swimming": return 5
        case "walking", "walk": return 11
        case "hiking", "hike": return 17
        case let other:
            guard let value = FITProfile.encoderEnumValue(type: "sport", name: other), value < 0xFF else { return 0 }
            return value
        }
    }

    /// The FIT `lap_trigger` of a trigger name (FIT's own names, TCX `Location` → position_lap).
    static func lapTrigger(_ name: String) -> Int? {
        let key = key(name)
        return FITProfile.encoderEnumValue(type: "lap_trigger", name: key == "location" ? "position_lap" : key)
    }

    /// The FIT `intensity` of an intensity name (FIT's own names, TCX `Resting` → rest).
    static func intensity(_ name: String) -> Int? {
        let key = key(name)
        return FITProfile.encoderEnumValue(type: "intensity", name: key == "resting" ? "rest" : key)
    }
}
