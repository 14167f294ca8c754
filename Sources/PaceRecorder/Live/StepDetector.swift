/// Counts steps from the accelerometer and gives a cadence, for when no cadence sensor is connected.
///
/// A step is a rise of the acceleration magnitude above gravity by more than ``threshold``,
/// re-armed once it falls back below half of it, at most one per ``minimumInterval``. Cadence is
/// 60 over the mean interval of the last eight steps, and 0 after two seconds without one.
public struct StepDetector: Hashable, Sendable {
    /// Rise above 1 g, in m/s², that counts as a step (default 2.0).
    public var threshold = 2.0
    /// Shortest time between steps in seconds (default 0.25, i.e. 240 steps/min).
    public var minimumInterval = 0.25
    private var armed = true
    private var lastStep = -Double.infinity
    private var intervals: [Double] = []
    /// Steps counted.
    public private(set) var steps = 0

    /// Creates a detector.
    public init() {}

    /// Adds one accelerometer magnitude sample.
    /// - Parameters:
    ///   - magnitude: |a| in m/s², gravity included.
    ///   - time: Seconds on any monotonic scale.
    public mutating func add(magnitude: Double, at time: Double) {
        let rise = magnitude - 9.80665
        if armed, rise > threshold, time - lastStep >= minimumInterval {
            if lastStep.isFinite, time - lastStep < 2 {
                intervals.append(time - lastStep)
                if intervals.count > 8 { intervals.removeFirst() }
            } else {
                intervals.removeAll()
            }
            lastStep = time
            steps += 1
            armed = false
        } else if !armed, rise < threshold / 2 {
            armed = true
        }
    }

    /// Steps per minute at `time`, or 0 when the last step is more than two seconds old.
    public func cadence(at time: Double) -> Double {
        guard !intervals.isEmpty, time - lastStep <= 2 else { return 0 }
        return 60 / (intervals.reduce(0, +) / Double(intervals.count))
    }
}
