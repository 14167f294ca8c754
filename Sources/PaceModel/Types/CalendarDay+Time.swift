public import Foundation

extension CalendarDay {
    /// The instants of the years 0000–9999 in seconds since 1970: from 0000-01-01T00:00:00Z up to
    /// 10000-01-01T00:00:00Z. These are the times a four-digit year field writes and reads back:
    /// what GPX and TCX timestamps and the API's JSON dates can carry.
    public static let fourDigitYears: Range<TimeInterval> = -62_167_219_200 ..< 253_402_300_800

    /// `YYYY-MM-DDThh:mm:ss` in UTC and the proleptic Gregorian calendar for whole seconds since
    /// 1970 (no zone and no fraction: the caller adds them). A year outside 0000–9999 is written
    /// as ISO 8601's expanded year: more digits, or a minus sign (`-0001-12-31T23:59:59`).
    ///
    /// ```swift
    /// CalendarDay.dateTimeText(secondsSince1970: 0)    // "1970-01-01T00:00:00"
    /// CalendarDay.dateTimeText(secondsSince1970: -1)   // "1969-12-31T23:59:59"
    /// ```
    public static func dateTimeText(secondsSince1970 seconds: Int) -> String {
        // Floor division that cannot overflow, whatever the Int.
        let (quotient, remainder) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let days = remainder < 0 ? quotient - 1 : quotient
        let secondOfDay = remainder < 0 ? remainder + 86_400 : remainder
        let (year, month, day) = yearMonthDay(daysSince1970: days)
        // Years from the day count are far inside Int's range, so abs(year) cannot overflow.
        let yearText = (year < 0 ? "-" : "") + zeroPadded(abs(year), 4)
        return "\(yearText)-\(zeroPadded(month, 2))-\(zeroPadded(day, 2))T"
            + "\(zeroPadded(secondOfDay / 3600, 2)):\(zeroPadded(secondOfDay / 60 % 60, 2)):\(zeroPadded(secondOfDay % 60, 2))"
    }
}
