import Foundation
public import PaceFormats
public import PaceModel
public import PaceTrack
import PaceAnalysis

/// Turns a ``RecordedActivity`` read from a file into health objects.
///
/// Totals the file states (lap distances, timer time, calories) are kept; what the file lacks is
/// computed by PaceTrack from the positions (distance from the smoother, moving time from
/// auto-pause when there are no timer events). The workout carries a sync identifier derived
/// from the file's own identifier (or its content), so importing the same file again is refused
/// by the store as a duplicate instead of adding a second copy.
public struct ActivityConverter: Sendable {
    /// The source the objects are written as.
    public var source: Source
    /// Creates a converter.
    public init(source: Source = Source(name: "Pace import", bundleIdentifier: "org.pace.import")) {
        self.source = source
    }

    /// Converts one activity.
    ///
    /// - Parameters:
    ///   - activity: The activity as a reader produced it.
    ///   - fileIdentifier: A stable identifier of the file (e.g. its SHA-256), used when the
    ///     activity has no identifier of its own.
    /// - Throws: ``ActivityConversionError`` when the activity has no timed records and no lap times.
    public func convert(_ activity: RecordedActivity, fileIdentifier: String) throws(ActivityConversionError) -> ConvertedActivity {
        let (records, stray) = Self.withoutStrayTimes(Self.timedRecords(of: activity))
        var totals = ActivityRecordTotals(activityType: SportMapping.activityType(for: activity.sport))
        for record in records { totals.add(record) }
        let (workout, notes) = try self.workout(for: activity, totals: &totals, stray: StrayRecords(stray), fileIdentifier: fileIdentifier)
        let locations = records.compactMap(Self.location)
        let route = locations.isEmpty ? nil
            : WorkoutRoute(workoutID: workout.id, locations: locations, source: source, device: workout.device)
        let samples = records.flatMap { Self.samples(of: $0, type: workout.activityType, source: source, device: workout.device) }
        return ConvertedActivity(workout: workout, route: route, samples: samples, notes: notes)
    }

    /// The workout of an activity whose records (timed, in time order, stray ones left out) went
    /// into `totals`: what ``convert(_:fileIdentifier:)`` and the streamed import share.
    ///
    /// - Parameters:
    ///   - activity: The activity's laps, timer events, sport, name, identifier and device (its
    ///     records are not read).
    ///   - totals: Its records' totals.
    ///   - stray: The records left out for their times.
    ///   - fileIdentifier: The file's identifier, for an activity without its own.
    /// - Returns: The workout and the notes on derived or dropped data.
    func workout(for activity: RecordedActivity, totals: inout ActivityRecordTotals, stray: StrayRecords,
                 fileIdentifier: String) throws(ActivityConversionError) -> (Workout, [String]) {
        guard let (start, end) = Self.span(of: activity, firstTime: totals.firstTime, lastTime: totals.lastTime) else {
            throw ActivityConversionError(message: "The activity has no timestamps, so it cannot become a workout. Files without times (routes, courses) cannot be imported as workouts.")
        }
        let type = SportMapping.activityType(for: activity.sport)
        var notes: [String] = []
        if let first = stray.first, let last = stray.last {
            let when = first == last ? Self.timeText(first) : "\(Self.timeText(first)) to \(Self.timeText(last))"
            notes.append("left out \(stray.count) record(s) timed \(when), more than a week away from the other "
                + "\(totals.recordCount) (a device clock error, as in a recording cut by a crash)")
        }

        // Positions through PaceTrack, for the totals the file may lack; a barometer the file carries
        // (FIT `absolute_pressure`) is fused as the recorder fuses its own.
        let track = totals.trackTotals()

        let pauses = Self.pauseIntervals(activity.timerEvents, end: end)
        let span = end.timeIntervalSince(start)
        var duration = span - pauses.reduce(0) { $0 + $1.duration }
        if pauses.isEmpty, let timer = Self.sum(activity.laps.map(\.totalTimerTime)), timer > 0, timer <= span + 1 {
            duration = min(timer, span)
        }
        let distance: Double?
        if let laps = Self.sum(activity.laps.map(\.distance)), laps > 0 {
            distance = laps
        } else if let device = totals.deviceDistance, device > 0 {
            distance = device
        } else if let track, track.distance > 0 {
            distance = track.distance
            notes.append("distance computed by the filter from the positions")
        } else {
            distance = nil
        }
        let calories = Self.sum(activity.laps.map(\.calories))

        var events: [WorkoutEvent] = []
        for pause in pauses {
            events.append(WorkoutEvent(type: .pause, start: pause.start))
            if pause.end < end { events.append(WorkoutEvent(type: .resume, start: pause.end)) }
        }
        if activity.laps.count > 1 {
            for lap in activity.laps {
                guard let lapStart = lap.startTime, lapStart >= start else { continue }
                let length = min(lap.totalElapsedTime ?? lap.totalTimerTime ?? 0, end.timeIntervalSince(lapStart))
                var lapMetadata = Metadata()
                lapMetadata[.lapDistance] = lap.distance.map { .quantity(Quantity(value: $0, unit: .meter)) }
                lapMetadata[.lapTimerTime] = lap.totalTimerTime.map { .quantity(Quantity(value: $0, unit: .second)) }
                lapMetadata[.lapEnergy] = lap.calories.map { .quantity(Quantity(value: $0, unit: .kilocalorie)) }
                events.append(WorkoutEvent(type: .lap, start: lapStart, duration: max(0, length), metadata: lapMetadata))
            }
        }
        events.sort { $0.startDate < $1.startDate }

        var metadata = Metadata()
        metadata.syncIdentifier = Self.syncIdentifier(of: activity, fileIdentifier: fileIdentifier)
        metadata.syncVersion = 1
        metadata[.externalUUID] = activity.identifier.map(MetadataValue.string)
        // The device's own count when the file states one (its barometer at its own rate), else Pace's.
        if let gain = activity.totalAscent ?? track?.elevationGain {
            metadata[.elevationAscended] = .quantity(Quantity(value: gain, unit: .meter))
        }
        if let loss = activity.totalDescent ?? track?.elevationLoss {
            metadata[.elevationDescended] = .quantity(Quantity(value: loss, unit: .meter))
        }
        if let name = activity.name { metadata["org.pace.name"] = .string(name) }

        let device = activity.deviceName.map { Device(name: $0) }
        var statistics: [QuantityTypeIdentifier: WorkoutStatistics] = [:]
        if totals.heartRateCount > 0 {
            let bpm = HealthUnit.countPerMinute
            statistics[.heartRate] = WorkoutStatistics(
                type: .heartRate, start: start, end: end,
                average: Quantity(value: totals.heartRateSum / Double(totals.heartRateCount), unit: bpm),
                minimum: Quantity(value: totals.heartRateMinimum, unit: bpm),
                maximum: Quantity(value: totals.heartRateMaximum, unit: bpm),
                mostRecent: Quantity(value: totals.heartRateLast, unit: bpm))
        }
        let workout = Workout(
            activityType: type, start: start, end: end, duration: max(0, min(duration, span)), events: events,
            statistics: statistics,
            totalDistance: distance.map { Quantity(value: $0, unit: .meter) },
            totalEnergyBurned: calories.flatMap { $0 > 0 ? Quantity(value: $0, unit: .kilocalorie) : nil },
            source: source, device: device, metadata: metadata)
        if totals.locationCount < totals.positionedCount {
            notes.append("\(totals.positionedCount - totals.locationCount) positions out of range were left out of the route")
        }
        return (workout, notes)
    }

    /// The workout's start and end: from the first and last kept record's times and the laps'
    /// stated times; `nil` when there are none.
    static func span(of activity: RecordedActivity, firstTime: Date?, lastTime: Date?) -> (start: Date, end: Date)? {
        // A lap time as far from the records as a stray record is just as wrong (a GPX segment
        // starts at its first point, stray or not).
        let plausible = { (date: Date) -> Bool in
            guard let firstTime, let lastTime else { return true }
            return date >= firstTime.addingTimeInterval(-strayGap) && date <= lastTime.addingTimeInterval(strayGap)
        }
        let lapStarts = activity.laps.compactMap(\.startTime).filter(plausible)
        guard let start = [firstTime, lapStarts.min()].compactMap({ $0 }).min() else { return nil }
        let lapEnds = activity.laps.compactMap { lap in lap.startTime.flatMap { s in lap.totalElapsedTime.map { s.addingTimeInterval($0) } } }
            .filter(plausible)
        let end = max([lastTime, lapEnds.max()].compactMap { $0 }.max() ?? start, start)
        return (start, end)
    }

    /// The sync identifier of an activity's workout: `import:` and the activity's own identifier, or
    /// the file's.
    static func syncIdentifier(of activity: RecordedActivity, fileIdentifier: String) -> String {
        "import:" + (activity.identifier ?? fileIdentifier)
    }

    private static func sum(_ values: [Double?]) -> Double? {
        let present = values.compactMap { $0 }.filter(\.isFinite)
        return present.isEmpty ? nil : present.reduce(0, +)
    }

    private static func pauseIntervals(_ events: [ActivityTimerEvent], end: Date) -> [(start: Date, end: Date, duration: Double)] {
        var intervals: [(Date, Date, Double)] = []
        var pausedAt: Date?
        for event in events.sorted(by: { $0.time < $1.time }) {
            switch event.kind {
            case .pause where pausedAt == nil: pausedAt = event.time
            case .resume:
                if let from = pausedAt, event.time > from { intervals.append((from, event.time, event.time.timeIntervalSince(from))) }
                pausedAt = nil
            default: break
            }
        }
        if let from = pausedAt, end > from { intervals.append((from, end, end.timeIntervalSince(from))) }
        return intervals
    }

    /// The longest time gap between consecutive records of one activity (s): no recording pauses
    /// for a week, so records further from the rest carry a wrong clock.
    public static let strayGap: Double = 7 * 86_400

    /// Splits time-sorted records where consecutive times are more than ``strayGap`` apart and keeps
    /// the run with the most records (the earliest of equal runs); the others are stray.
    ///
    /// - Parameter sorted: Records in time order, each with a time.
    /// - Returns: The records kept, in order, and the stray ones.
    public static func withoutStrayTimes(_ sorted: [ActivityRecord]) -> (kept: [ActivityRecord], stray: [ActivityRecord]) {
        let kept = keptRun(ofSortedTimes: sorted.map { $0.time?.timeIntervalSince1970 ?? .nan })
        guard kept.count < sorted.count else { return (sorted, []) }
        return (Array(sorted[kept]), Array(sorted[..<kept.lowerBound] + sorted[kept.upperBound...]))
    }

    /// The positions kept by ``withoutStrayTimes(_:)`` among sorted times (seconds): the longest
    /// run without a gap over ``strayGap`` (the earliest of equal runs).
    static func keptRun(ofSortedTimes times: [Double]) -> Range<Int> {
        var best = 0..<0
        var runStart = 0
        for index in times.indices {
            let ends = index == times.count - 1 || times[index + 1] - times[index] > strayGap
            guard ends else { continue }
            let run = runStart..<(index + 1)
            if run.count > best.count { best = run }
            runStart = index + 1
        }
        return best
    }

    /// The records with a finite time, in time order.
    static func timedRecords(of activity: RecordedActivity) -> [ActivityRecord] {
        activity.records.filter { $0.time.map { $0.timeIntervalSinceReferenceDate.isFinite } ?? false }
            .sorted { ($0.time ?? .distantPast) < ($1.time ?? .distantPast) }
    }

    static func timeText(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// The timed positions of an activity as raw fixes for PaceTrack, in time order, without records
    /// timed more than a week from the rest (``withoutStrayTimes(_:)``), with the barometric pressure
    /// each fix's record carries, in pascals (NaN where none; `pressures` is nil when no record has
    /// one). Files without accuracy fields get ``assumedHorizontalAccuracy``. What `TrackProcessor` takes.
    public static func barometricTrack(from activity: RecordedActivity) -> (fixes: [Fix], pressures: [Double]?) {
        barometricTrack(withoutStrayTimes(timedRecords(of: activity)).kept)
    }

    static func barometricTrack(_ records: [ActivityRecord]) -> (fixes: [Fix], pressures: [Double]?) {
        let positioned = records.compactMap { record in fix(record).map { ($0, record.pressure ?? .nan) } }
        let pressures = positioned.contains { $0.1.isFinite } ? positioned.map(\.1) : nil
        return (positioned.map(\.0), pressures)
    }

    static func fix(_ record: ActivityRecord) -> Fix? {
        guard let time = record.time, let latitude = record.latitude, let longitude = record.longitude else { return nil }
        return Fix(time: time.timeIntervalSince1970, latitude: latitude, longitude: longitude,
                   altitude: record.altitude ?? .nan,
                   horizontalAccuracy: record.horizontalAccuracy ?? Self.assumedHorizontalAccuracy,
                   verticalAccuracy: record.altitude == nil ? -1 : (record.verticalAccuracy ?? 0),
                   speed: record.speed ?? -1, course: record.course ?? -1)
    }

    /// The accuracy assumed for files that do not record one (most GPX, TCX, FIT), in metres.
    public static let assumedHorizontalAccuracy = WorkoutAnalysis.assumedHorizontalAccuracy

    static func location(_ record: ActivityRecord) -> RouteLocation? {
        guard let time = record.time, let latitude = record.latitude, let longitude = record.longitude,
              latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        let altitude = record.altitude.flatMap { $0.isFinite ? $0 : nil }
        return RouteLocation(timestamp: time, latitude: latitude, longitude: longitude, altitude: altitude ?? 0,
                             speed: record.speed.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? -1,
                             course: record.course.flatMap { $0.isFinite && $0 >= 0 && $0 <= 360 ? $0 : nil } ?? -1,
                             horizontalAccuracy: record.horizontalAccuracy.flatMap { $0.isFinite ? $0 : nil } ?? -1,
                             verticalAccuracy: altitude == nil ? -1 : (record.verticalAccuracy.flatMap { $0.isFinite ? $0 : nil } ?? 0))
    }

    /// A record's heart rate in beats per minute, when plausible (0 < bpm < 300).
    static func heartRate(of record: ActivityRecord) -> Double? {
        record.heartRate.flatMap { $0 > 0 && $0 < 300 ? $0 : nil }
    }

    /// A record's heart-rate sample (and, where the sport has a HealthKit type for them, cadence and power).
    static func samples(of record: ActivityRecord, type: WorkoutActivityType, source: Source, device: Device?) -> [QuantitySample] {
        guard let time = record.time else { return [] }
        var samples: [QuantitySample] = []
        forEachSampleValue(of: record, activityType: type) { sampleType, unit, value in
            samples.append(QuantitySample(type: sampleType, quantity: Quantity(value: value, unit: unit), start: time, end: time,
                                          source: source, device: device))
        }
        return samples
    }

    /// The types, units and values of a record's samples, in order: its heart rate (beats per minute,
    /// when plausible) and, where the sport has a HealthKit type for them, its cadence (revolutions per
    /// minute) and power (watts); each sample is an instant at the record's time. The one definition
    /// of ``samples(of:type:source:device:)`` and of the streamed import's sample series.
    static func forEachSampleValue(of record: ActivityRecord, activityType type: WorkoutActivityType,
                                   _ body: (QuantityTypeIdentifier, HealthUnit, Double) -> Void) {
        guard record.time != nil else { return }
        if let bpm = heartRate(of: record) { body(.heartRate, .countPerMinute, bpm) }
        if type == .cycling, let rpm = record.cadence, rpm >= 0, rpm.isFinite { body(.cyclingCadence, .countPerMinute, rpm) }
        let powerType: QuantityTypeIdentifier? = type == .cycling ? .cyclingPower : (type == .running ? .runningPower : nil)
        if let powerType, let watts = record.power, watts >= 0, watts.isFinite { body(powerType, .watt, watts) }
    }
}
