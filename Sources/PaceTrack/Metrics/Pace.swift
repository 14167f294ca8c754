/// The distance a pace or a split is expressed per.
public enum SplitUnit: String, Hashable, Sendable, CaseIterable {
    /// One kilometre, 1000 m.
    case kilometer
    /// One international mile, 1609.344 m.
    case mile

    /// Metres in one kilometre.
    public static let metersPerKilometer = 1000.0
    /// Metres in one international mile (exact by definition, 1959).
    public static let metersPerMile = 1609.344

    /// The length of the unit in metres.
    public var meters: Double {
        switch self {
        case .kilometer: Self.metersPerKilometer
        case .mile: Self.metersPerMile
        }
    }
}

/// Conversions between speed and pace, and pace formatting.
///
/// Pace is time per distance, the runner's reciprocal of speed: 3.333 m/s is 300 s/km, "5:00" per
/// kilometre. Every function returns nil instead of infinity or NaN for a speed that is zero,
/// negative or not finite, or so slow that the pace overflows.
///
/// ```swift
/// Pace.secondsPerKilometer(speed: 10.0 / 3)        // 300
/// Pace.formatted(speed: 10.0 / 3, per: .kilometer)  // "5:00"
/// Pace.formatted(speed: 10.0 / 3, per: .mile)       // "8:03"
/// ```
public enum Pace {
    /// Paces longer than this, in seconds per unit (99 h 59 min 59 s), are not formatted.
    public static let maximumFormattableSeconds = 359_999.0

    /// Seconds per `unit` at `speed` m/s; nil when the speed is not positive and finite.
    public static func seconds(per unit: SplitUnit, speed: Double) -> Double? {
        guard speed > 0, speed.isFinite else { return nil }
        let seconds = unit.meters / speed
        return seconds.isFinite ? seconds : nil
    }

    /// Seconds per kilometre at `speed` m/s (1000 / speed); nil when not positive and finite.
    public static func secondsPerKilometer(speed: Double) -> Double? {
        seconds(per: .kilometer, speed: speed)
    }

    /// Seconds per mile at `speed` m/s (1609.344 / speed); nil when not positive and finite.
    public static func secondsPerMile(speed: Double) -> Double? {
        seconds(per: .mile, speed: speed)
    }

    /// Minutes per kilometre at `speed` m/s (1000 / speed / 60); nil when not positive and finite.
    public static func minutesPerKilometer(speed: Double) -> Double? {
        secondsPerKilometer(speed: speed).map { $0 / 60 }
    }

    /// Minutes per mile at `speed` m/s (1609.344 / speed / 60); nil when not positive and finite.
    public static func minutesPerMile(speed: Double) -> Double? {
        secondsPerMile(speed: speed).map { $0 / 60 }
    }

    /// Speed in m/s of a pace of `seconds` per `unit`; nil when the pace is not positive and finite.
    public static func speed(seconds: Double, per unit: SplitUnit) -> Double? {
        guard seconds > 0, seconds.isFinite else { return nil }
        let speed = unit.meters / seconds
        return speed.isFinite && speed > 0 ? speed : nil
    }

    /// A pace of `seconds` per unit as `m:ss`, rounded to the nearest second ("5:00", "12:07",
    /// "75:30"); nil when not positive and finite or over ``maximumFormattableSeconds``.
    public static func formatted(seconds: Double) -> String? {
        guard seconds > 0, seconds.isFinite else { return nil }
        let rounded = seconds.rounded()
        guard rounded <= maximumFormattableSeconds else { return nil }
        let total = Int(rounded)
        let minutes = total / 60, remainder = total % 60
        return remainder < 10 ? "\(minutes):0\(remainder)" : "\(minutes):\(remainder)"
    }

    /// The pace at `speed` m/s per `unit` as `m:ss`; nil when the speed is not positive and finite.
    public static func formatted(speed: Double, per unit: SplitUnit) -> String? {
        seconds(per: unit, speed: speed).flatMap { formatted(seconds: $0) }
    }
}
