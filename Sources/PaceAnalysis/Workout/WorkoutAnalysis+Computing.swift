public import PaceModel
import Foundation
package import PaceTrack

extension WorkoutAnalysis {
    /// Whether the route goes through the smoother rather than the live filter: not, so that a
    /// recorded workout's splits, moving time and maximum speed are the ones `pace record` printed
    /// (its stored distance is the live odometer). See docs/DECISIONS.md, 93.
    static let smoothsRoute = false

    /// The horizontal accuracy, in metres, assumed for a stored location that states none (most
    /// imported files); the importer assumes the same when it computes a workout's totals.
    public static let assumedHorizontalAccuracy = 5.0

    /// Describes a workout from what the store holds.
    ///
    /// The workout's own totals win where it states them (distance, HealthKit's elevation metadata,
    /// lap distances and timer times imported from a file); the route, through PaceTrack, gives
    /// moving time, maximum speed, splits and what the workout lacks; the samples give heart rate,
    /// cadence and power, counted only while the timer ran.
    ///
    /// - Parameters:
    ///   - workout: The workout.
    ///   - routes: Its routes (their locations are merged in time order).
    ///   - series: Its samples (``WorkoutSeries``).
    ///   - options: Zones, effort distances and the power window.
    public init(workout: Workout, routes: [WorkoutRoute], series: WorkoutSeries, options: Options = Options()) {
        let pauses = Self.timerPauses(of: workout)
        let track = Self.track(of: workout, routes: routes)
        let summary = track?.summary
        let stated = try? workout.totalDistance?.doubleValue(for: .meter)
        distance = stated ?? summary.flatMap { $0.distance > 0 ? $0.distance : nil }
        elapsedTime = max(0, workout.endDate.timeIntervalSince(workout.startDate))
        duration = workout.duration
        let moving = summary.map { min($0.movingTime, workout.duration) }
        movingTime = moving
        let time = moving ?? workout.duration
        averageSpeed = distance.flatMap { $0 > 0 && time > 0 ? $0 / time : nil }
        movingSpeed = distance.flatMap { distance in moving.flatMap { distance > 0 && $0 > 0 ? distance / $0 : nil } }
        timerSpeed = distance.flatMap { $0 > 0 && workout.duration > 0 ? $0 / workout.duration : nil }
        maximumSpeed = summary.flatMap { $0.maximumSpeed > 0 ? $0.maximumSpeed : nil }
        maximumSpeedWindow = SpeedStatisticsConfiguration.forActivity(workout.activityType).sustainedWindow
        let heart = Self.whileRunning(series.heartRate, pauses: pauses)
        heartRate = SeriesSummary(heart)
        heartRateZones = heart.isEmpty ? nil : HeartRateZoneTimes(series: heart, zones: options.zones)
        cadence = SeriesSummary(Self.whileRunning(series.cadence, pauses: pauses))
        let watts = Self.whileRunning(series.power, pauses: pauses)
        power = SeriesSummary(watts)
        let perSecond = PowerSeries(series: watts)
        normalizedPower = perSecond.normalizedPower
        bestWindowPower = perSecond.bestAverage(seconds: options.powerWindow)
        bestEfforts = track.map { BestEffort.fastest(options.effortDistances, times: $0.points.map(\.time), cumulativeDistances: $0.distances) } ?? []
        elevationGain = Self.meters(workout.metadata[.elevationAscended]) ?? summary?.elevationGain
        elevationLoss = Self.meters(workout.metadata[.elevationDescended]) ?? summary?.elevationLoss
        kilometerSplits = summary?.kilometerSplits ?? []
        mileSplits = summary?.mileSplits ?? []
        self.pauses = pauses
        laps = Self.lapSummaries(of: workout, pauses: pauses, track: track, heartRate: heart)
    }

    /// The route's locations through PaceTrack; `nil` with fewer than two.
    package static func track(of workout: Workout, routes: [WorkoutRoute]) -> ProcessedTrack? {
        var locations = routes.count == 1 ? routes[0].locations : routes.flatMap(\.locations)
        if routes.count > 1 { locations.sort { $0.timestamp < $1.timestamp } }
        guard locations.count >= 2 else { return nil }
        return TrackProcessor.process(locations.map(fix), configuration: .forActivity(workout.activityType), smoothed: smoothsRoute)
    }

    /// A stored location as a raw fix; one without a horizontal accuracy (most imported files) gets
    /// the accuracy the importer assumes, as it did when it computed the workout's totals.
    private static func fix(_ location: RouteLocation) -> Fix {
        var fix = Fix(location)
        if !(fix.horizontalAccuracy >= 0) { fix.horizontalAccuracy = Self.assumedHorizontalAccuracy }
        return fix
    }

    /// The timer's pauses, as `WorkoutBuilder.duration` counts them.
    static func timerPauses(of workout: Workout) -> [Pause] {
        WorkoutPause.pauses(in: workout.events, until: workout.endDate)
    }

    /// The values outside every pause (both in time order), in one pass.
    static func whileRunning(_ series: [TimedQuantity], pauses: [Pause]) -> [TimedQuantity] {
        guard !pauses.isEmpty else { return series }
        var kept: [TimedQuantity] = []
        kept.reserveCapacity(series.count)
        var next = 0
        for value in series {
            while next < pauses.count, pauses[next].end <= value.start { next += 1 }
            if next < pauses.count, value.start >= pauses[next].start { continue }
            kept.append(value)
        }
        return kept
    }

    private static func lapSummaries(of workout: Workout, pauses: [Pause], track: ProcessedTrack?, heartRate: [TimedQuantity]) -> [LapSummary] {
        let events = workout.events.filter { $0.type == .lap }.sorted { $0.startDate < $1.startDate }
        var spans: [(start: Date, end: Date, event: WorkoutEvent?)] = []
        for (index, event) in events.enumerated() {
            let next = index + 1 < events.count ? events[index + 1].startDate : workout.endDate
            spans.append((event.startDate, event.duration > 0 ? event.endDate : max(next, event.startDate), event))
        }
        if spans.isEmpty { spans = [(workout.startDate, workout.endDate, nil)] }
        let odometer = track.map(Odometer.init)
        return spans.enumerated().map { index, span in
            let elapsed = span.end.timeIntervalSince(span.start)
            let paused = pauses.reduce(0.0) { total, pause in
                total + max(0, min(pause.end, span.end).timeIntervalSince(max(pause.start, span.start)))
            }
            let metadata = span.event?.metadata ?? Metadata()
            let timer = quantity(metadata[.lapTimerTime], .second) ?? (span.event == nil ? workout.duration : max(0, elapsed - paused))
            let routeDistance = odometer.map { $0.distance(at: span.start, to: span.end) }
            let distance = quantity(metadata[.lapDistance], .meter)
                ?? (span.event == nil ? (try? workout.totalDistance?.doubleValue(for: .meter)) ?? routeDistance : routeDistance)
            let rates = slice(heartRate, from: span.start, to: span.end).map(\.value)
            return LapSummary(index: index + 1, start: span.start, end: span.end, elapsedTime: elapsed, timerTime: timer,
                              distance: distance, averageHeartRate: rates.isEmpty ? nil : rates.reduce(0, +) / Double(rates.count),
                              maximumHeartRate: rates.max())
        }
    }

    /// The values starting within `from...to`, by binary search.
    private static func slice(_ series: [TimedQuantity], from start: Date, to end: Date) -> ArraySlice<TimedQuantity> {
        func firstIndex(where before: (TimedQuantity) -> Bool) -> Int {
            var low = 0, high = series.count
            while low < high {
                let middle = (low + high) / 2
                if before(series[middle]) { low = middle + 1 } else { high = middle }
            }
            return low
        }
        let lower = firstIndex { $0.start < start }
        let upper = firstIndex { $0.start <= end }
        return lower < upper ? series[lower..<upper] : []
    }

    private static func meters(_ value: MetadataValue?) -> Double? { quantity(value, .meter) }

    private static func quantity(_ value: MetadataValue?, _ unit: HealthUnit) -> Double? {
        guard case .quantity(let quantity)? = value, let number = try? quantity.doubleValue(for: unit), number.isFinite else { return nil }
        return number
    }
}

extension WorkoutAnalysis.SeriesSummary {
    /// The summary of some values; `nil` for none.
    init?(_ series: [TimedQuantity]) {
        guard let first = series.first else { return nil }
        var (sum, minimum, maximum) = (0.0, first.value, first.value)
        for value in series {
            sum += value.value
            minimum = min(minimum, value.value)
            maximum = max(maximum, value.value)
        }
        self.init(average: sum / Double(series.count), minimum: minimum, maximum: maximum, count: series.count)
    }
}

/// The route's cumulative distance at any time, interpolated between its points.
private struct Odometer {
    let times: [Double]
    let distances: [Double]

    init(_ track: ProcessedTrack) {
        times = track.points.map(\.time)
        distances = track.distances
    }

    /// Metres covered between two instants.
    func distance(at start: Date, to end: Date) -> Double {
        max(0, distance(at: end) - distance(at: start))
    }

    /// Metres covered by `date` (Unix seconds on the track's clock).
    func distance(at date: Date) -> Double {
        let time = date.timeIntervalSince1970
        guard let first = times.first, let last = times.last, time > first else { return 0 }
        guard time < last else { return distances.last ?? 0 }
        var low = 0, high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] < time { low = middle + 1 } else { high = middle }
        }
        let (t0, t1) = (times[low - 1], times[low])
        let fraction = t1 > t0 ? (time - t0) / (t1 - t0) : 1
        return distances[low - 1] + fraction * (distances[low] - distances[low - 1])
    }
}
