public import Foundation

/// A calendar day written as `YYYY-MM-DD`: how the store keeps a date of birth and an activity
/// summary's day, and how the command line prints and reads them.
///
/// Only real days of the proleptic Gregorian calendar with a year from 1 to 9999 are written or read.
///
/// ```swift
/// CalendarDay.text(DateComponents(year: 2024, month: 2, day: 29))   // "2024-02-29"
/// CalendarDay.components(fromText: "2023-02-29")                    // nil
/// ```
public enum CalendarDay {
    /// `YYYY-MM-DD` for year, month and day naming a real day, else `nil` (other components are ignored).
    public static func text(_ components: DateComponents) -> String? {
        guard let year = components.year, let month = components.month, let day = components.day,
              (1...9999).contains(year), (1...12).contains(month), (1...days(inMonth: month, year: year)).contains(day) else {
            return nil
        }
        return zeroPadded(year, 4) + "-" + zeroPadded(month, 2) + "-" + zeroPadded(day, 2)
    }

    /// The decimal digits of a number that is not negative, with zeros in front up to `width`
    /// characters (`zeroPadded(7, 2)` is `07`); a longer number is written whole.
    package static func zeroPadded(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// The year, month and day of `YYYY-MM-DD`, or `nil` when the text is not a real day in that form.
    public static func components(fromText text: some StringProtocol) -> DateComponents? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        let components = DateComponents(year: year, month: month, day: day)
        return self.text(components) == nil ? nil : components
    }

    /// The number of days in a month (1…12) of the proleptic Gregorian calendar: 29 for February
    /// of a leap year.
    public static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a day of the proleptic Gregorian calendar, negative before it; any
    /// year (Howard Hinnant's days-from-civil algorithm). The day is not checked: 2026-02-30 counts
    /// as 2026-03-02.
    public static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        // Counted from 1 March, so that a leap day is the last day of its year.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month and day of the proleptic Gregorian calendar `days` days after 1970-01-01
    /// (the inverse of ``daysSince1970(year:month:day:)``).
    public static func yearMonthDay(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
