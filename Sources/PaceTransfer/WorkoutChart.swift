public import Foundation
public import PaceModel
import PaceStore
import PaceTrack
public import PaceAnalysis

/// A workout's chart series — time, distance, speed, pace, heart rate and elevation at points
/// along it — bounded in size for drawing (the server's `/workouts/{id}/series`).
///
/// The points come from the route through PaceTrack's live filter, as ``WorkoutAnalysis`` reads
/// it, so the distance axis agrees with the splits; a workout without a route is charted from its
/// heart-rate samples. More points than asked for are thinned to evenly spaced ones by index, the
/// first and last always kept.
public struct WorkoutChart: Hashable, Sendable {
    /// One point of the chart; `nil` where the value is not known.
    public struct Point: Hashable, Sendable {
        /// When.
        public var time: Date
        /// Seconds since the workout's start, pauses included.
        public var elapsed: Double
        /// Metres covered so far along the filtered route.
        public var distance: Double?
        /// Filtered speed, m/s.
        public var speed: Double?
        /// Seconds per kilometre at ``speed``; `nil` when standing still.
        public var pace: Double?
        /// The heart-rate sample nearest in time (within ``heartRateWindow``), count/min.
        public var heartRate: Double?
        /// Fused altitude, metres.
        public var elevation: Double?
    }

    /// A heart-rate sample this far (seconds) or nearer from a route point counts for it.
    public static let heartRateWindow = 5.0

    /// The points, in time order.
    public var points: [Point]
    /// How many points there were before thinning.
    public var sourceCount: Int

    /// Charts a workout from its routes and series.
    ///
    /// - Parameters:
    ///   - workout: The workout.
    ///   - routes: Its routes (merged in time order).
    ///   - series: Its samples; only heart rate is charted.
    ///   - maximumPoints: At most this many points (at least 2).
    public init(workout: Workout, routes: [WorkoutRoute], series: WorkoutSeries, maximumPoints: Int) {
        let heart = series.heartRate.sorted { $0.start < $1.start }
        var all: [Point] = []
        if let track = WorkoutAnalysis.track(of: workout, routes: routes) {
            all.reserveCapacity(track.points.count)
            for (index, point) in track.points.enumerated() {
                let time = Date(timeIntervalSince1970: point.time)
                let speed = point.speed.isFinite && point.speed >= 0 ? point.speed : nil
                let altitude = track.altitudes[index]
                all.append(Point(time: time, elapsed: time.timeIntervalSince(workout.startDate), distance: track.distances[index],
                                 speed: speed, pace: speed.flatMap { Pace.secondsPerKilometer(speed: $0) },
                                 heartRate: Self.nearest(heart, to: time), elevation: altitude.isFinite ? altitude : nil))
            }
        } else {
            all = heart.map { sample in
                Point(time: sample.start, elapsed: sample.start.timeIntervalSince(workout.startDate), distance: nil, speed: nil, pace: nil,
                      heartRate: sample.value, elevation: nil)
            }
        }
        sourceCount = all.count
        points = Self.thinned(all, to: max(2, maximumPoints))
    }

    /// Evenly spaced elements by index, the first and last kept; all of them when few enough.
    static func thinned<Element>(_ elements: [Element], to maximum: Int) -> [Element] {
        guard elements.count > maximum else { return elements }
        let last = elements.count - 1
        return (0..<maximum).map { elements[Int((Double($0) * Double(last) / Double(maximum - 1)).rounded())] }
    }

    /// The value of the sample nearest to `time` within the window, in a series sorted by start.
    private static func nearest(_ series: [TimedQuantity], to time: Date) -> Double? {
        guard !series.isEmpty else { return nil }
        var low = 0, high = series.count
        while low < high {
            let middle = (low + high) / 2
            if series[middle].start < time { low = middle + 1 } else { high = middle }
        }
        let best = [low - 1, low].filter(series.indices.contains)
            .min { abs(series[$0].start.timeIntervalSince(time)) < abs(series[$1].start.timeIntervalSince(time)) }
        guard let best, abs(series[best].start.timeIntervalSince(time)) <= heartRateWindow else { return nil }
        return series[best].value
    }
}
