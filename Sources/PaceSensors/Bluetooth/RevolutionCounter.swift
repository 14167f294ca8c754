import Foundation

/// Turns successive cumulative-revolution samples into a rate, handling 16- or 32-bit counter
/// rollover, event-time rollover (2¹⁶ ticks) and repeated samples.
struct RevolutionCounter: Sendable {
    /// Counter modulus: 2³² for wheel revolutions, 2¹⁶ for crank revolutions.
    let modulus: UInt64
    /// Highest plausible rate in revolutions per second; faster means a discontinuity.
    let maximumRate: Double
    /// Seconds without a new event after which the rate is reported as stopped.
    let stopTimeout: Double

    private var last: (revolutions: UInt64, ticks: UInt16, eventArrival: ContinuousClock.Instant)?

    init(modulus: UInt64, maximumRate: Double, stopTimeout: Double) {
        self.modulus = modulus
        self.maximumRate = maximumRate
        self.stopTimeout = stopTimeout
    }

    mutating func reset() {
        last = nil
    }

    /// Adds one sample.
    /// - Parameters:
    ///   - revolutions: The cumulative count.
    ///   - ticks: The last event time in ticks.
    ///   - ticksPerSecond: Ticks per second of `ticks`.
    ///   - arrival: When the notification arrived (monotonic), to detect stops and long gaps.
    mutating func update(revolutions: UInt64, ticks: UInt16, ticksPerSecond: Double,
                         arrival: ContinuousClock.Instant) -> RevolutionRate {
        guard let previous = last else {
            last = (revolutions, ticks, arrival)
            return .baseline
        }
        let deltaRevolutions = (revolutions &+ modulus &- previous.revolutions) % modulus
        let deltaTicks = ticks &- previous.ticks
        let sinceLastEvent = durationSeconds(arrival - previous.eventArrival)
        if deltaTicks == 0 {
            if deltaRevolutions == 0 {
                return sinceLastEvent >= stopTimeout ? .stopped : .noNewEvent
            }
            last = (revolutions, ticks, arrival)
            return .discontinuity("\(deltaRevolutions) revolution(s) with an unchanged event time")
        }
        let rolloverPeriod = 65_536 / ticksPerSecond
        if sinceLastEvent >= rolloverPeriod {
            last = (revolutions, ticks, arrival)
            return .discontinuity(String(format: "%.0f s since the last event, longer than the %.0f s event-time rollover",
                                         sinceLastEvent, rolloverPeriod))
        }
        let seconds = Double(deltaTicks) / ticksPerSecond
        let rate = Double(deltaRevolutions) / seconds
        last = (revolutions, ticks, arrival)
        guard rate <= maximumRate else {
            return .discontinuity(String(format: "%llu revolution(s) in %.3f s is implausible (counter reset?)",
                                         deltaRevolutions, seconds))
        }
        return .rate(rate)
    }
}
