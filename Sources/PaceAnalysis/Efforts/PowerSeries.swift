import Foundation
public import PaceModel

/// Power as one value per second, and what is computed from it: normalised power and the best
/// average over a window (the best 20 minutes).
///
/// Samples come at any rate. Each holds until the next one starts, at most ``maximumHold``
/// seconds, so a dropout or a pause (whose samples are already removed) is skipped rather than
/// filled; the last holds as long as the one before it (1 s when alone). The per-second series
/// reads the held values once a second along that timeline.
///
/// Normalised power (Coggan's definition): the 30-second rolling mean of the per-second power,
/// each raised to the 4th power, averaged, and the 4th root taken. It weighs hard surges more than
/// the plain average does; for a steady effort it equals the average.
///
/// ```swift
/// let power = PowerSeries(series: samples)
/// power.normalizedPower                 // W, nil under 30 s of data
/// power.bestAverage(seconds: 1200)      // W, the best 20 minutes
/// ```
public struct PowerSeries: Hashable, Sendable {
    /// Watts, one per second.
    public var watts: [Double]

    /// The longest, in seconds, a sample is taken to hold when the next is late (5 s).
    public static let maximumHold = 5.0
    /// The rolling window of normalised power, in seconds (30).
    public static let normalizedPowerWindow = 30

    /// Creates a series from per-second watts.
    public init(watts: [Double]) { self.watts = watts }

    /// Resamples power samples (W, in time order) to one value per second.
    public init(series: [TimedQuantity], maximumHold: Double = PowerSeries.maximumHold) {
        var watts: [Double] = []
        var clock = 0.0
        var nextTick = 0.0
        for (index, sample) in series.enumerated() {
            let hold = index + 1 < series.count ? series[index + 1].start.timeIntervalSince(sample.start)
                : index > 0 ? sample.start.timeIntervalSince(series[index - 1].start) : 1
            clock += min(max(0, hold), maximumHold)
            while nextTick < clock - 1e-9 {
                watts.append(sample.value)
                nextTick += 1
            }
        }
        self.watts = watts
    }

    /// The plain mean, in W; `nil` for no data.
    public var average: Double? {
        watts.isEmpty ? nil : watts.reduce(0, +) / Double(watts.count)
    }

    /// Normalised power in W; `nil` with less than ``normalizedPowerWindow`` seconds of data.
    public var normalizedPower: Double? {
        let window = Self.normalizedPowerWindow
        guard watts.count >= window else { return nil }
        var sum = watts[0..<window].reduce(0, +)
        var fourth = pow4(sum / Double(window))
        for index in window..<watts.count {
            sum += watts[index] - watts[index - window]
            fourth += pow4(sum / Double(window))
        }
        let mean = fourth / Double(watts.count - window + 1)
        return mean.squareRoot().squareRoot()
    }

    /// The highest mean over `seconds` consecutive seconds, in W; `nil` when the series is shorter.
    public func bestAverage(seconds: Int) -> Double? {
        guard seconds > 0, watts.count >= seconds else { return nil }
        var sum = watts[0..<seconds].reduce(0, +)
        var best = sum
        for index in seconds..<watts.count {
            sum += watts[index] - watts[index - seconds]
            best = max(best, sum)
        }
        return best / Double(seconds)
    }

    private func pow4(_ value: Double) -> Double {
        let square = value * value
        return square * square
    }
}
