/// Turns successive wheel and crank revolution samples (from CSC or Cycling Power measurements)
/// into speed (m/s) and cadence (rpm).
///
/// Rates come from the difference between two events, so the first sample only sets a baseline.
/// Cumulative counters roll over (wheel at 2³², crank at 2¹⁶) and event times roll over every 2¹⁶
/// ticks (64 s at 1/1024 s); differences are taken modulo those. A sensor repeats its last event
/// while nothing turns: a repeat reports ``RevolutionRate/noNewEvent``, and after ``stopTimeout``
/// seconds ``RevolutionRate/stopped``.
///
/// ```swift
/// var calculator = CSCRateCalculator(wheelCircumference: 2.105)
/// let speed = calculator.speed(from: wheel, at: .now)   // metres per second, or nil
/// ```
public struct CSCRateCalculator: Sendable {
    /// Wheel circumference in metres (2.105 m is a 700×25C road tyre).
    public var wheelCircumference: Double
    /// Seconds without a new event before speed or cadence is reported as 0.
    public let stopTimeout: Double
    private var wheel: RevolutionCounter
    private var crank: RevolutionCounter

    /// Creates a calculator.
    /// - Parameters:
    ///   - wheelCircumference: Metres per wheel revolution.
    ///   - stopTimeout: Seconds without a new event before reporting a stop (default 3 s).
    ///   - maximumSpeed: Highest plausible speed in m/s (default 40 m/s, 144 km/h).
    ///   - maximumCadence: Highest plausible cadence in rpm (default 250 rpm).
    public init(wheelCircumference: Double, stopTimeout: Double = 3, maximumSpeed: Double = 40, maximumCadence: Double = 250) {
        self.wheelCircumference = wheelCircumference
        self.stopTimeout = stopTimeout
        wheel = RevolutionCounter(modulus: 1 << 32, maximumRate: maximumSpeed / wheelCircumference, stopTimeout: stopTimeout)
        crank = RevolutionCounter(modulus: 1 << 16, maximumRate: maximumCadence / 60, stopTimeout: stopTimeout)
    }

    /// Adds a wheel sample and returns the wheel revolution rate (revolutions per second).
    /// - Parameter arrival: When the notification arrived, on the monotonic clock.
    public mutating func wheelRate(_ data: WheelRevolutionData, arrival: ContinuousClock.Instant) -> RevolutionRate {
        wheel.update(revolutions: UInt64(data.cumulativeRevolutions), ticks: data.lastEventTime,
                     ticksPerSecond: data.ticksPerSecond, arrival: arrival)
    }

    /// Adds a crank sample and returns the crank revolution rate (revolutions per second).
    /// - Parameter arrival: When the notification arrived, on the monotonic clock.
    public mutating func crankRate(_ data: CrankRevolutionData, arrival: ContinuousClock.Instant) -> RevolutionRate {
        crank.update(revolutions: UInt64(data.cumulativeRevolutions), ticks: data.lastEventTime,
                     ticksPerSecond: CrankRevolutionData.ticksPerSecond, arrival: arrival)
    }

    /// Adds a wheel sample and returns the speed in metres per second: a value for a new event,
    /// 0 once stopped, `nil` for a baseline, a repeat or a discontinuity.
    public mutating func speed(from data: WheelRevolutionData, arrival: ContinuousClock.Instant) -> Double? {
        switch wheelRate(data, arrival: arrival) {
        case .rate(let perSecond): perSecond * wheelCircumference
        case .stopped: 0
        case .baseline, .noNewEvent, .discontinuity: nil
        }
    }

    /// Adds a crank sample and returns the cadence in revolutions per minute: a value for a new
    /// event, 0 once stopped, `nil` for a baseline, a repeat or a discontinuity.
    public mutating func cadence(from data: CrankRevolutionData, arrival: ContinuousClock.Instant) -> Double? {
        switch crankRate(data, arrival: arrival) {
        case .rate(let perSecond): perSecond * 60
        case .stopped: 0
        case .baseline, .noNewEvent, .discontinuity: nil
        }
    }

    /// Forgets the baselines, e.g. after a reconnection.
    public mutating func reset() {
        wheel.reset()
        crank.reset()
    }
}
