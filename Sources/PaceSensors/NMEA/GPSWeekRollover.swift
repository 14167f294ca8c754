public import Foundation

/// Corrects dates from receivers hit by the GPS week-number rollover.
///
/// GPS broadcasts the week number in 10 bits, so it wraps every 1024 weeks (19.6 years: on
/// 1999-08-22 and 2019-04-07). A receiver whose firmware pins the wrong era reports a date exactly
/// 1024 weeks (or a multiple) too early — 1999-08-22 for 2019-04-07.
///
/// Rule: a fix time within ``tolerance`` of the reference clock is trusted as is. Otherwise, if
/// adding 1, 2 or 3 × 1024 weeks brings it within ``tolerance`` of the reference, that is the
/// correction. Anything else is left alone — so an old log replayed years later keeps its real date,
/// and a receiver whose date is simply wrong is not "fixed" into another wrong date. Without a
/// reference (``disabled``) nothing is corrected.
public struct GPSWeekRollover: Sendable {
    /// 1024 weeks in seconds.
    public static let period: TimeInterval = 1024 * 7 * 86_400

    /// The clock a corrected date must agree with; `nil` disables correction.
    public var reference: (@Sendable () -> Date)?
    /// How far (in seconds) a corrected date may lie from the reference. Default 7 days: far wider
    /// than a wrong host clock, far narrower than the 19.6-year ambiguity.
    public var tolerance: TimeInterval

    /// Creates a rollover policy.
    /// - Parameters:
    ///   - reference: The clock fixes must agree with (the host clock for live receivers).
    ///   - tolerance: Maximum distance from the reference in seconds.
    public init(reference: (@Sendable () -> Date)?, tolerance: TimeInterval = 7 * 86_400) {
        self.reference = reference
        self.tolerance = tolerance
    }

    /// Corrects against the host clock (`Date()`), for live receivers.
    public static let hostClock = GPSWeekRollover(reference: { Date() })
    /// Never corrects.
    public static let disabled = GPSWeekRollover(reference: nil)

    /// The corrected time for a receiver-reported `time`.
    /// - Parameter time: The fix time the receiver reported.
    /// - Returns: `time`, or `time` plus a multiple of 1024 weeks when that matches the reference.
    public func corrected(_ time: Date) -> Date {
        guard let now = reference?() else { return time }
        guard abs(time.timeIntervalSince(now)) > tolerance else { return time }
        for eras in 1...3 {
            let candidate = time.addingTimeInterval(Double(eras) * Self.period)
            if abs(candidate.timeIntervalSince(now)) <= tolerance { return candidate }
        }
        return time
    }
}
