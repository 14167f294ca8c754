import Foundation
import PaceModel
import Testing

/// The proleptic Gregorian arithmetic the readers share: day counts from 1970-01-01 and back, and
/// the length of a month.
@Suite struct CalendarDayTests {
    @Test func dayCountsMatchFoundationsGregorianCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        // Known days: the epoch, a leap day, the day after a century that is not a leap year.
        #expect(CalendarDay.daysSince1970(year: 1970, month: 1, day: 1) == 0)
        #expect(CalendarDay.daysSince1970(year: 2000, month: 2, day: 29) == 11_016)
        #expect(CalendarDay.daysSince1970(year: 1900, month: 3, day: 1) == -25_508)
        // Every 97th day from 1583 (after the Gregorian reform, where Foundation's calendar is
        // proleptic no more) to 9999: the count agrees with Foundation and reads back to its day.
        let first = CalendarDay.daysSince1970(year: 1583, month: 1, day: 1)
        let last = CalendarDay.daysSince1970(year: 9999, month: 12, day: 31)
        for days in stride(from: first, through: last, by: 97) {
            let (year, month, day) = CalendarDay.yearMonthDay(daysSince1970: days)
            #expect(CalendarDay.daysSince1970(year: year, month: month, day: day) == days)
            let components = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
            #expect(components.year == year && components.month == month && components.day == day, "day \(days)")
        }
    }

    @Test func dateTimeTextMatchesFoundationAndWritesExpandedYears() throws {
        // Every 7,919,993rd second from 1583 to 9999 is what Foundation's ISO 8601 formatter writes
        let formatter = ISO8601DateFormatter()
        let first = CalendarDay.daysSince1970(year: 1583, month: 1, day: 1) * 86_400
        for seconds in stride(from: first, to: Int(CalendarDay.fourDigitYears.upperBound), by: 7_919_993) {
            let expected = formatter.string(from: Date(timeIntervalSince1970: Double(seconds)))
            #expect(CalendarDay.dateTimeText(secondsSince1970: seconds) + "Z" == expected)
        }
        // The four-digit years begin and end where their bounds say, and years outside them are
        // ISO 8601's expanded years
        #expect(CalendarDay.dateTimeText(secondsSince1970: Int(CalendarDay.fourDigitYears.lowerBound)) == "0000-01-01T00:00:00")
        #expect(CalendarDay.dateTimeText(secondsSince1970: Int(CalendarDay.fourDigitYears.upperBound) - 1) == "9999-12-31T23:59:59")
        #expect(CalendarDay.dateTimeText(secondsSince1970: Int(CalendarDay.fourDigitYears.upperBound)) == "10000-01-01T00:00:00")
        #expect(CalendarDay.dateTimeText(secondsSince1970: Int(CalendarDay.fourDigitYears.lowerBound) - 1) == "-0001-12-31T23:59:59")
        #expect(CalendarDay.dateTimeText(secondsSince1970: -1) == "1969-12-31T23:59:59")
        // Any Int is a time: the extremes are written, not a trap
        #expect(CalendarDay.dateTimeText(secondsSince1970: .max).hasSuffix("T15:30:07"))
        #expect(CalendarDay.dateTimeText(secondsSince1970: .min).hasPrefix("-"))
    }

    @Test func monthsHaveTheirDaysAndFebruaryItsLeapDay() {
        #expect((1...12).map { CalendarDay.days(inMonth: $0, year: 2026) } == [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
        #expect(CalendarDay.days(inMonth: 2, year: 2024) == 29)
        #expect(CalendarDay.days(inMonth: 2, year: 2000) == 29)
        #expect(CalendarDay.days(inMonth: 2, year: 2100) == 28)
    }
}
