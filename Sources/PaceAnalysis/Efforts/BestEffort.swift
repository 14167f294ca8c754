/// The fastest time over one distance inside a workout.
///
/// Times are on the workout's clock, pauses included (a stop at a crossing counts, as on a race).
public struct BestEffort: Hashable, Sendable {
    /// The distance.
    public var distance: EffortDistance
    /// The time taken, in seconds.
    public var duration: Double
    /// When the effort began, in seconds after the first point of the track.
    public var startOffset: Double
    /// Where the effort began, in metres along the track.
    public var startDistance: Double

    /// Creates a best effort.
    public init(distance: EffortDistance, duration: Double, startOffset: Double, startDistance: Double) {
        self.distance = distance
        self.duration = duration
        self.startOffset = startOffset
        self.startDistance = startDistance
    }

    /// The average speed of the effort in m/s.
    public var speed: Double { duration > 0 ? distance.meters / duration : 0 }

    /// Finds the fastest stretch of `distance` metres along a track, in O(n).
    ///
    /// The track is its points' times and cumulative distances. Between two points distance and
    /// time are taken to grow linearly, so the time at any distance mark is interpolated. The fastest
    /// stretch always starts or ends at a point (the time taken is linear in the start between
    /// such places), so two passes, each moving two pointers forward along the cumulative distance,
    /// try every candidate: one with the start at each point, one with the end at each point.
    ///
    /// ```swift
    /// // 1 km at 5 m/s inside 3 km at 2.5 m/s:
    /// BestEffort.fastest(.kilometer, times: [0, 400, 600, 1000], distances: [0, 1000, 2000, 3000])?.duration   // 200
    /// ```
    ///
    /// - Parameters:
    ///   - distance: The distance.
    ///   - times: Seconds, non-decreasing, one per point.
    ///   - distances: Metres along the track, non-decreasing, as many as `times`.
    /// - Returns: The best effort, or `nil` when the track is shorter than `distance`.
    public static func fastest(_ distance: EffortDistance, times: [Double], distances: [Double]) -> BestEffort? {
        let length = distance.meters
        let count = min(times.count, distances.count)
        guard length > 0, count >= 2, distances[count - 1] - distances[0] >= length else { return nil }
        var best: BestEffort?
        func consider(start: Double, end: Double, startDistance: Double) {
            let duration = end - start
            guard duration.isFinite, duration >= 0 else { return }
            if best == nil || duration < best!.duration {
                best = BestEffort(distance: distance, duration: duration, startOffset: start - times[0], startDistance: startDistance - distances[0])
            }
        }
        // Starts at points: `end` is the first point at least `length` further on.
        var end = 1
        for start in 0..<count {
            let target = distances[start] + length
            if end <= start { end = start + 1 }
            while end < count, distances[end] < target { end += 1 }
            guard end < count else { break }
            let time = interpolate(target, from: end - 1, to: end, times: times, distances: distances)
            consider(start: times[start], end: time, startDistance: distances[start])
        }
        // Ends at points: `first` is the last point at most `length` before.
        var first = 0
        for last in 0..<count {
            let target = distances[last] - length
            guard target >= distances[0] else { continue }
            while first + 1 < last, distances[first + 1] <= target { first += 1 }
            let time = distances[first] == target || first + 1 >= count
                ? times[first]
                : interpolate(target, from: first, to: first + 1, times: times, distances: distances)
            consider(start: time, end: times[last], startDistance: target)
        }
        return best
    }

    /// The best effort over each distance the track is long enough for, in the order given.
    public static func fastest(_ distances: [EffortDistance], times: [Double], cumulativeDistances: [Double]) -> [BestEffort] {
        distances.compactMap { fastest($0, times: times, distances: cumulativeDistances) }
    }

    /// The time at distance `target`, linear between points `a` and `b`.
    private static func interpolate(_ target: Double, from a: Int, to b: Int, times: [Double], distances: [Double]) -> Double {
        let span = distances[b] - distances[a]
        guard span > 0 else { return times[b] }
        return times[a] + (target - distances[a]) / span * (times[b] - times[a])
    }
}
