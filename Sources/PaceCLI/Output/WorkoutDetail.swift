public import Foundation
import PaceModel
public import PaceTrack
import PaceTransfer
import PaceAnalysis

/// One kilometre or mile split as `pace show` and `pace track` print it. Field names are stable.
public struct SplitDetail: Encodable, Sendable {
    /// 1-based.
    public var index: Int
    /// Metres: the unit's length, or less for the final partial split.
    public var distanceMeters: Double
    /// Seconds from the split's start to its end, pauses included.
    public var elapsedSeconds: Double
    /// Seconds moving within it.
    public var movingSeconds: Double
    /// Moving seconds per kilometre or mile (the split's unit), a partial split's scaled to a whole unit.
    public var paceSecondsPerUnit: Double?
    /// Whether this is the final, shorter split.
    public var isPartial: Bool

    /// From a PaceTrack split.
    public init(_ split: Split) {
        index = split.index + 1
        distanceMeters = split.distance
        elapsedSeconds = split.elapsedDuration
        movingSeconds = split.movingDuration
        paceSecondsPerUnit = split.pace
        isPartial = split.isPartial
    }
}

/// One lap as `pace show --json` prints it. Field names are stable.
public struct LapDetail: Encodable, Sendable {
    /// 1-based.
    public var index: Int
    /// Start, ISO 8601 UTC.
    public var start: Date
    /// End, ISO 8601 UTC.
    public var end: Date
    /// Seconds from start to end, pauses included.
    public var elapsedSeconds: Double
    /// The timer within the lap in seconds: as the file stated it, else elapsed minus pauses.
    public var timerSeconds: Double
    /// Metres: as the file stated it, else along the route.
    public var distanceMeters: Double?
    /// Distance over timer time, m/s.
    public var averageSpeedMetersPerSecond: Double?
    /// Average heart rate within the lap, count/min.
    public var averageHeartRateBeatsPerMinute: Double?
    /// Highest heart rate within the lap, count/min.
    public var maximumHeartRateBeatsPerMinute: Double?
}

/// Time in one heart-rate zone as `pace show --json` prints it. Field names are stable.
public struct ZoneDetail: Encodable, Sendable {
    /// 0 (below zone 1) to 5 with the default zones.
    public var zone: Int
    /// The heart rate where the zone begins, count/min; absent for zone 0.
    public var lowerBeatsPerMinute: Double?
    /// Seconds in the zone while the timer ran.
    public var seconds: Double
}

/// One best effort as `pace show --json` prints it. Field names are stable.
public struct EffortDetail: Encodable, Sendable {
    /// `"400m"`, `"1km"`, `"1mi"`, `"5km"`, `"10km"`, `"halfMarathon"` or `"marathon"`.
    public var name: String
    /// Metres.
    public var distanceMeters: Double
    /// Seconds taken, pauses included.
    public var durationSeconds: Double
    /// Seconds after the route's first point where it began.
    public var startOffsetSeconds: Double
    /// Metres along the route where it began.
    public var startDistanceMeters: Double
    /// Its average speed, m/s.
    public var speedMetersPerSecond: Double
}

/// One pause of the timer as `pace show --json` prints it. Field names are stable.
public struct PauseDetail: Encodable, Sendable {
    /// When the timer stopped, ISO 8601 UTC.
    public var start: Date
    /// When it ran again, ISO 8601 UTC.
    public var end: Date
    /// Seconds paused.
    public var durationSeconds: Double
    /// `true` when auto-pause stopped the timer (`motionPaused`), `false` for the user's pause.
    public var automatic: Bool
}

extension ObjectDetail {
    /// Takes a workout's analysis into the detail's fields.
    mutating func add(_ analysis: WorkoutAnalysis) {
        elapsedSeconds = analysis.elapsedTime
        movingSeconds = analysis.movingTime
        averageSpeedMetersPerSecond = analysis.averageSpeed
        maximumSpeedMetersPerSecond = analysis.maximumSpeed
        maximumSpeedWindowSeconds = analysis.maximumSpeed == nil ? nil : analysis.maximumSpeedWindow
        movingSpeedMetersPerSecond = analysis.movingSpeed
        timerSpeedMetersPerSecond = analysis.timerSpeed
        averagePaceSecondsPerKilometer = analysis.averagePacePerKilometer
        averagePaceSecondsPerMile = analysis.averagePacePerMile
        averageHeartRateBeatsPerMinute = analysis.heartRate?.average
        maximumHeartRateBeatsPerMinute = analysis.heartRate?.maximum
        averageCadencePerMinute = analysis.cadence?.average
        maximumCadencePerMinute = analysis.cadence?.maximum
        averagePowerWatts = analysis.power?.average
        maximumPowerWatts = analysis.power?.maximum
        normalizedPowerWatts = analysis.normalizedPower
        bestTwentyMinutePowerWatts = analysis.bestWindowPower
        heartRateZones = analysis.heartRateZones.map { times in
            times.seconds.enumerated().map { ZoneDetail(zone: $0.offset, lowerBeatsPerMinute: times.zones.lowerHeartRate(ofZone: $0.offset), seconds: $0.element) }
        }
        bestEfforts = analysis.bestEfforts.map {
            EffortDetail(name: $0.distance.name, distanceMeters: $0.distance.meters, durationSeconds: $0.duration,
                         startOffsetSeconds: $0.startOffset, startDistanceMeters: $0.startDistance, speedMetersPerSecond: $0.speed)
        }
        elevationGainMeters = analysis.elevationGain
        elevationLossMeters = analysis.elevationLoss
        kilometerSplits = analysis.kilometerSplits.map(SplitDetail.init)
        mileSplits = analysis.mileSplits.map(SplitDetail.init)
        laps = analysis.laps.map { lap in
            LapDetail(index: lap.index, start: lap.start, end: lap.end, elapsedSeconds: lap.elapsedTime, timerSeconds: lap.timerTime,
                      distanceMeters: lap.distance, averageSpeedMetersPerSecond: lap.averageSpeed,
                      averageHeartRateBeatsPerMinute: lap.averageHeartRate, maximumHeartRateBeatsPerMinute: lap.maximumHeartRate)
        }
        pauses = analysis.pauses.map { PauseDetail(start: $0.start, end: $0.end, durationSeconds: $0.duration, automatic: $0.isAutomatic) }
    }

    /// The analysis lines after the workout's totals: times, pace (foot sports) and speed, heart
    /// rate, cadence, power, elevation.
    func workoutLines(formatting: Formatting, showsPace: Bool) -> [(String, String)] {
        guard let elapsedSeconds else { return [] }
        var lines: [(String, String)] = []
        lines.append(("Elapsed", formatting.duration(elapsedSeconds)))
        if let movingSeconds { lines.append(("Moving", formatting.duration(movingSeconds))) }
        if let speed = averageSpeedMetersPerSecond {
            let pace = Pace.formatted(speed: speed, per: .kilometer).map { "\($0) /km" } ?? "-"
            let mile = Pace.formatted(speed: speed, per: .mile).map { "\($0) /mi" } ?? "-"
            let maximum = maximumSpeedMetersPerSecond.map { String(format: ", max %.1f km/h", $0 * 3.6) } ?? ""
            if showsPace { lines.append(("Pace", "\(pace) · \(mile)")) }
            lines.append(("Speed", String(format: "%.1f km/h", speed * 3.6) + maximum))
        }
        func statistic(_ name: String, _ average: Double?, _ maximum: Double?, _ unit: String) {
            guard let average else { return }
            lines.append((name, String(format: "%.0f avg", average) + (maximum.map { String(format: " · %.0f max", $0) } ?? "") + " " + unit))
        }
        statistic("Heart rate", averageHeartRateBeatsPerMinute, maximumHeartRateBeatsPerMinute, "bpm")
        statistic("Cadence", averageCadencePerMinute, maximumCadencePerMinute, "/min")
        statistic("Power", averagePowerWatts, maximumPowerWatts, "W")
        if let normalizedPowerWatts {
            lines.append(("Power (NP)", String(format: "%.0f W normalised", normalizedPowerWatts)
                + (bestTwentyMinutePowerWatts.map { String(format: " · %.0f W best 20 min", $0) } ?? "")))
        }
        if elevationGainMeters != nil || elevationLossMeters != nil {
            lines.append(("Elevation", (elevationGainMeters.map { String(format: "+%.0f m", $0) } ?? "-") + " / "
                + (elevationLossMeters.map { String(format: "-%.0f m", $0) } ?? "-")))
        }
        return lines
    }

    /// The splits (in `unit`), laps (when more than one) and pauses as tables, each after a blank line.
    func workoutTables(formatting: Formatting, splitUnit: SplitUnit, showsPace: Bool) -> [String] {
        var tables: [String] = []
        let splits = (splitUnit == .kilometer ? kilometerSplits : mileSplits) ?? []
        let symbol = splitUnit == .kilometer ? "km" : "mi"
        func rate(_ speed: Double?) -> String {
            guard let speed else { return "-" }
            return showsPace ? Pace.formatted(speed: speed, per: splitUnit).map { "\($0) /\(symbol)" } ?? "-"
                : String(format: "%.1f km/h", speed * 3.6)
        }
        if !splits.isEmpty {
            tables.append(TextTable.render(header: [splitUnit == .kilometer ? "KM" : "MILE", "DISTANCE", "TIME", showsPace ? "PACE" : "SPEED"],
                                           rows: splits.map { split in
                [String(split.index) + (split.isPartial ? "*" : ""), Self.length(split.distanceMeters, splitUnit),
                 formatting.duration(split.movingSeconds),
                 rate(split.movingSeconds > 0 ? split.distanceMeters / split.movingSeconds : nil)]
            }))
        }
        if let laps, laps.count > 1 {
            tables.append(TextTable.render(header: ["LAP", "START", "TIME", "DISTANCE", showsPace ? "PACE" : "SPEED", "HR"], rows: laps.map { lap in
                [String(lap.index), formatting.date(lap.start), formatting.duration(lap.timerSeconds),
                 lap.distanceMeters.map { Self.length($0, splitUnit) } ?? "-", rate(lap.averageSpeedMetersPerSecond),
                 lap.averageHeartRateBeatsPerMinute.map { String(format: "%.0f", $0) } ?? "-"]
            }))
        }
        if let bestEfforts, !bestEfforts.isEmpty {
            tables.append(TextTable.render(header: ["BEST EFFORT", "TIME", showsPace ? "PACE" : "SPEED", "FROM"], rows: bestEfforts.map { effort in
                [effort.name, formatting.duration(effort.durationSeconds), rate(effort.speedMetersPerSecond),
                 Self.length(effort.startDistanceMeters, splitUnit)]
            }))
        }
        if let heartRateZones, heartRateZones.contains(where: { $0.seconds > 0 }) {
            let total = heartRateZones.reduce(0) { $0 + $1.seconds }
            tables.append(TextTable.render(header: ["ZONE", "FROM", "TIME", "SHARE"], rows: heartRateZones.map { zone in
                [String(zone.zone), zone.lowerBeatsPerMinute.map { String(format: "%.0f bpm", $0) } ?? "-",
                 formatting.duration(zone.seconds), String(format: "%.0f %%", total > 0 ? zone.seconds / total * 100 : 0)]
            }))
        }
        if let pauses, !pauses.isEmpty {
            tables.append(TextTable.render(header: ["PAUSE", "START", "DURATION", "BY"], rows: pauses.enumerated().map { index, pause in
                [String(index + 1), formatting.date(pause.start), formatting.duration(pause.durationSeconds), pause.automatic ? "auto-pause" : "user"]
            }))
        }
        return tables
    }

    private static func length(_ meters: Double, _ unit: SplitUnit) -> String {
        String(format: unit == .kilometer ? "%.2f km" : "%.2f mi", meters / unit.meters)
    }
}
