/// A UTC time of day as NMEA sentences carry it (`hhmmss.sss`), kept exactly in microseconds so
/// that sentences of one fix compare equal.
public struct NMEATimeOfDay: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Microseconds since UTC midnight, 0 ..< 86 401 000 000 (a leap second may read 23:59:60).
    public var microsecondsSinceMidnight: Int

    /// Creates a time of day.
    /// - Parameter microsecondsSinceMidnight: Microseconds since UTC midnight.
    public init(microsecondsSinceMidnight: Int) {
        self.microsecondsSinceMidnight = microsecondsSinceMidnight
    }

    /// Creates a time of day from its parts.
    /// - Parameters:
    ///   - hour: 0…23.
    ///   - minute: 0…59.
    ///   - second: 0…60 (60 for a leap second).
    ///   - microsecond: 0…999 999.
    public init(hour: Int, minute: Int, second: Int, microsecond: Int = 0) {
        microsecondsSinceMidnight = ((hour * 60 + minute) * 60 + second) * 1_000_000 + microsecond
    }

    /// Seconds since UTC midnight, with the fraction.
    public var secondsSinceMidnight: Double { Double(microsecondsSinceMidnight) / 1_000_000 }

    /// Orders by time since midnight.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.microsecondsSinceMidnight < rhs.microsecondsSinceMidnight
    }

    /// `hh:mm:ss[.ffffff]Z`, e.g. `"13:28:20.6Z"`.
    public var description: String {
        let total = microsecondsSinceMidnight / 1_000_000
        let micros = microsecondsSinceMidnight % 1_000_000
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var text = "\(two(total / 3600)):\(two(total / 60 % 60)):\(two(total % 60))"
        if micros != 0 {
            var fraction = String(micros)
            fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "Z"
    }
}
