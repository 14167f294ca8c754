import PaceModel

/// A UTC calendar date as sent by RMC (`ddmmyy`) or ZDA (day, month, four-digit year).
///
/// The date is the receiver's: a receiver hit by the GPS week-number rollover reports one 1024
/// weeks early. ``GPSWeekRollover`` corrects that when the merger builds a fix.
public struct NMEADate: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Four-digit year.
    public var year: Int
    /// Month, 1…12.
    public var month: Int
    /// Day of the month, 1…31.
    public var day: Int

    /// Creates a date.
    /// - Parameters:
    ///   - year: Four-digit year.
    ///   - month: 1…12.
    ///   - day: 1…31.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (negative before).
    public var daysSinceUnixEpoch: Int {
        CalendarDay.daysSince1970(year: year, month: month, day: day)
    }

    /// The date `daysSinceUnixEpoch` days after 1970-01-01.
    /// - Parameter daysSinceUnixEpoch: Days since 1970-01-01.
    public init(daysSinceUnixEpoch days: Int) {
        (year, month, day) = CalendarDay.yearMonthDay(daysSince1970: days)
    }

    /// Whether the day exists in the month (leap years included).
    public var isValid: Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        return NMEADate(daysSinceUnixEpoch: daysSinceUnixEpoch) == self
    }

    /// Orders chronologically.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// ISO 8601 `yyyy-mm-dd`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}
