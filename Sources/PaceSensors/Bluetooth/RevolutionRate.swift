/// What one revolution sample says about the rate, from ``CSCRateCalculator``.
public enum RevolutionRate: Hashable, Sendable {
    /// A new event: the rate in revolutions per second since the previous event.
    case rate(Double)
    /// The first sample (or the first after a reset): nothing to compare with yet.
    case baseline
    /// The same event repeated (no revolution since); the rate is unchanged and not re-reported.
    case noNewEvent
    /// No new event for longer than the stop timeout: the wheel or crank has stopped (rate 0).
    case stopped
    /// The counters jumped implausibly (a sensor reset, a glitch, or a gap too long to unwrap the
    /// 16-bit event time); the sample becomes the new baseline. `detail` says what was seen.
    case discontinuity(String)
}
