public import PaceModel

/// Thresholds of ``SpeedStatistics``.
public struct SpeedStatisticsConfiguration: Hashable, Sendable {
    /// How long, in seconds, a speed must be held to count as the maximum.
    ///
    /// The maximum speed is the highest speed sustained over this window (the highest rolling
    /// minimum), so a spike shorter than the window never shows.
    public var sustainedWindow: Double
    /// Speeds above this, in m/s, are physically impossible for the activity and ignored.
    public var maximumPlausibleSpeed: Double

    /// Creates a configuration; a negative or NaN window becomes 0, a NaN or non-positive plausible
    /// maximum becomes infinity (no limit).
    public init(sustainedWindow: Double, maximumPlausibleSpeed: Double) {
        self.sustainedWindow = sustainedWindow > 0 ? sustainedWindow : 0
        self.maximumPlausibleSpeed = maximumPlausibleSpeed > 0 ? maximumPlausibleSpeed : .infinity
    }

    /// Running and running-paced activities: held 5 s; at most 12.5 m/s (45 km/h, above Usain
    /// Bolt's 12.4 m/s peak).
    public static let running = SpeedStatisticsConfiguration(sustainedWindow: 5, maximumPlausibleSpeed: 12.5)
    /// Walking and hiking (which may break into a run): held 5 s; at most 12.5 m/s.
    public static let walking = SpeedStatisticsConfiguration(sustainedWindow: 5, maximumPlausibleSpeed: 12.5)
    /// Cycling and skating: held 3 s (sprints and descents are short); at most 40 m/s (144 km/h,
    /// above the fastest road descents).
    public static let cycling = SpeedStatisticsConfiguration(sustainedWindow: 3, maximumPlausibleSpeed: 40)
    /// Downhill snow sports: held 3 s; at most 70 m/s (252 km/h, the speed-skiing record).
    public static let alpine = SpeedStatisticsConfiguration(sustainedWindow: 3, maximumPlausibleSpeed: 70)
    /// Swimming and boats: held 10 s, since GPS under water is erratic; at most 40 m/s (kite
    /// surfing and racing yachts).
    public static let water = SpeedStatisticsConfiguration(sustainedWindow: 10, maximumPlausibleSpeed: 40)
    /// Every other activity: held 5 s; at most 100 m/s (360 km/h), only to reject absurd values.
    public static let general = SpeedStatisticsConfiguration(sustainedWindow: 5, maximumPlausibleSpeed: 100)

    /// The preset for `activity` (see the static presets for the values and the reasons).
    public static func forActivity(_ activity: WorkoutActivityType) -> Self {
        switch MetricsActivityGroup(activity) {
        case .running: .running
        case .walking, .hiking: .walking
        case .cycling: .cycling
        case .alpine: .alpine
        case .water: .water
        case .general: .general
        }
    }
}

/// What ``SpeedStatistics`` reports after an update.
public enum SpeedStatisticsAction: Hashable, Sendable {
    /// The maximum did not change.
    case none
    /// A new maximum sustained speed, in m/s.
    case newMaximum(Double)
}

/// Maximum speed robust to outliers, and average speed.
///
/// The maximum is the highest speed held for ``SpeedStatisticsConfiguration/sustainedWindow``
/// seconds: at each update, the lowest speed over the updates spanning the last window (including
/// the latest update at or before its start), maximised over the workout. A single 2000 km/h fix
/// therefore never shows. Updates cost O(1) amortised (a monotonic deque) and allocate only while
/// the window's buffers grow to their working size.
///
/// ```swift
/// var statistics = SpeedStatistics(configuration: .forActivity(.cycling))
/// for point in points { _ = statistics.update(time: point.time, speed: point.speed) }
/// statistics.maximumSpeed                                   // m/s
/// SpeedStatistics.averageSpeed(distance: 42_195, movingTime: 10_800)   // 3.9 m/s
/// ```
public struct SpeedStatistics: Sendable {
    /// The thresholds in use.
    public let configuration: SpeedStatisticsConfiguration
    /// Highest speed in m/s sustained for the whole window so far; 0 until the updates span a window.
    public private(set) var maximumSpeed = 0.0

    /// Times (s) of the updates in the window, oldest first; the oldest is at or before the window's start.
    private var times = Ring()
    /// Candidates for the window's minimum: (time, speed) with increasing speeds, oldest first.
    private var minima = Ring()
    private var lastTime = -Double.infinity

    /// Creates empty statistics.
    public init(configuration: SpeedStatisticsConfiguration) {
        self.configuration = configuration
    }

    /// Average speed in m/s: `distance` (m) over `movingTime` (s); nil when either is not positive
    /// and finite.
    public static func averageSpeed(distance: Double, movingTime: Double) -> Double? {
        guard distance >= 0, distance.isFinite, movingTime > 0, movingTime.isFinite else { return nil }
        let speed = distance / movingTime
        return speed.isFinite ? speed : nil
    }

    /// Feeds one speed.
    ///
    /// Non-finite or negative speeds, speeds above the plausible maximum, and times that are not
    /// after the previous update are ignored.
    ///
    /// - Parameters:
    ///   - time: Unix time in seconds.
    ///   - speed: Ground speed in m/s.
    /// - Returns: `.newMaximum` when the sustained maximum rose.
    public mutating func update(time: Double, speed: Double) -> SpeedStatisticsAction {
        guard time.isFinite, time > lastTime, speed >= 0, speed.isFinite,
              speed <= configuration.maximumPlausibleSpeed else { return .none }
        lastTime = time
        let windowStart = time - configuration.sustainedWindow
        times.append(time, 0)
        // Keep exactly one update at or before the window's start: the window spans it fully.
        while times.count >= 2 && times.time(at: 1) <= windowStart { times.removeFirst() }
        let oldest = times.time(at: 0)
        while let last = minima.last, last.value >= speed { minima.removeLast() }
        minima.append(time, speed)
        while minima.time(at: 0) < oldest { minima.removeFirst() }
        guard oldest <= windowStart else { return .none }
        let sustained = minima.value(at: 0)
        guard sustained > maximumSpeed else { return .none }
        maximumSpeed = sustained
        return .newMaximum(sustained)
    }
}

extension SpeedStatistics {
    /// A growable ring buffer of (time, value) pairs; allocation-free once it has grown.
    struct Ring: Sendable {
        private var storage = ContiguousArray<Double>(repeating: 0, count: 2 * Self.initialCapacity)
        private var head = 0
        private(set) var count = 0

        /// Pairs held before the first growth; a 10 s window at 1–6 Hz fits.
        static let initialCapacity = 64

        private var capacity: Int { storage.count / 2 }

        var last: (time: Double, value: Double)? {
            count == 0 ? nil : (time(at: count - 1), value(at: count - 1))
        }

        func time(at index: Int) -> Double { storage[2 * slot(index)] }
        func value(at index: Int) -> Double { storage[2 * slot(index) + 1] }

        mutating func append(_ time: Double, _ value: Double) {
            if count == capacity { grow() }
            let s = slot(count)
            storage[2 * s] = time
            storage[2 * s + 1] = value
            count += 1
        }

        mutating func removeFirst() {
            head = (head + 1) & (capacity - 1)
            count -= 1
        }

        mutating func removeLast() { count -= 1 }

        private func slot(_ index: Int) -> Int { (head + index) & (capacity - 1) }

        private mutating func grow() {
            var larger = ContiguousArray<Double>(repeating: 0, count: 2 * storage.count)
            for index in 0..<count {
                larger[2 * index] = time(at: index)
                larger[2 * index + 1] = value(at: index)
            }
            storage = larger
            head = 0
        }
    }
}
