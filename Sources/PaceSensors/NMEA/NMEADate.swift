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
        // Howard Hinnant's days-from-civil algorithm.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `daysSinceUnixEpoch` days after 1970-01-01.
    /// - Parameter daysSinceUnixEpoch: Days since 1970-01-01.
    public init(daysSinceUnixEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
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
