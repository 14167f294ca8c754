import Foundation
public import PaceModel

/// Time spent in each heart-rate zone over a series of heart-rate samples.
///
/// Each sample holds until the next one starts, but never longer than ``maximumHold`` seconds: a
/// strap that drops out for a minute does not credit its last reading with the whole minute. The
/// last sample holds for its own duration (`end − start`, often 0). So the zones' seconds always
/// add up to ``total``, the time the series covers.
///
/// ```swift
/// let times = HeartRateZoneTimes(series: heartRate, zones: HeartRateZones(maximum: 185, resting: 48))
/// times.seconds[3]   // seconds in zone 3
/// ```
public struct HeartRateZoneTimes: Hashable, Sendable {
    /// The zones the time was counted in.
    public var zones: HeartRateZones
    /// Seconds in each zone, index 0 (below zone 1) to ``HeartRateZones/count`` − 1.
    public var seconds: [Double]

    /// The seconds the heart-rate series covers: the sum of ``seconds``.
    public var total: Double { seconds.reduce(0, +) }

    /// The longest time, in seconds, one sample is taken to hold when the next is late (15 s).
    public static let maximumHold = 15.0

    /// Counts the time in each zone.
    ///
    /// - Parameters:
    ///   - series: Heart rate in beats per minute, in time order (pauses already removed).
    ///   - zones: The zones.
    ///   - maximumHold: The longest a sample holds, in seconds.
    public init(series: [TimedQuantity], zones: HeartRateZones, maximumHold: Double = HeartRateZoneTimes.maximumHold) {
        self.zones = zones
        var seconds = [Double](repeating: 0, count: zones.count)
        for (index, sample) in series.enumerated() {
            let hold = index + 1 < series.count
                ? series[index + 1].start.timeIntervalSince(sample.start)
                : sample.end.timeIntervalSince(sample.start)
            seconds[zones.zone(of: sample.value)] += min(max(0, hold), maximumHold)
        }
        self.seconds = seconds
    }
}
