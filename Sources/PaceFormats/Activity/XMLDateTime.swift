internal import Foundation
internal import PaceModel

/// Parses and formats `xsd:dateTime` values as GPX and TCX files use them.
///
/// Accepts `2021-04-16T13:37:53Z`, a space instead of the `T`, fractional seconds of any length
/// (`…53.123456Z`), offsets (`+01:00`, `-0530`, `+01`) and no zone at all (read as UTC, as the GPX
/// schema and Garmin Training Center do). Hand-written instead of `ISO8601DateFormatter` because a
/// file has hundreds of thousands of timestamps.
enum XMLDateTime {
    /// The instant a timestamp names, or `nil` if it is not a date-time.
    static func parse(_ text: some StringProtocol) -> Date? {
        var string = String(text)
        return string.withUTF8 { parse(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// The instant a timestamp in UTF-8 bytes names, or `nil` if it is not a date-time; the same
    /// rules as ``parse(_:)`` without allocating (the readers call it on the scanner's buffer).
    static func parse(bytes: UnsafeRawBufferPointer) -> Date? {
        let count = bytes.count
        var index = 0
        @inline(__always) func digits(_ length: Int) -> Int? {
            guard index + length <= count else { return nil }
            var value = 0
            for offset in index..<(index + length) {
                let digit = bytes[offset] &- 48
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            index += length
            return value
        }
        @inline(__always) func expect(_ first: UInt8, _ second: UInt8 = 0, _ third: UInt8 = 0) -> Bool {
            guard index < count else { return false }
            let byte = bytes[index]
            guard byte == first || (second != 0 && byte == second) || (third != 0 && byte == third) else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect(45), let month = digits(2), expect(45), let day = digits(2),
              expect(84, 116, 32), let hour = digits(2), expect(58), let minute = digits(2), expect(58),
              let second = digits(2),
              (1...12).contains(month), (1...31).contains(day), hour <= 24, minute < 60, second <= 60
        else { return nil }
        var fraction = 0.0
        if index < count, bytes[index] == 46 || bytes[index] == 44 {
            index += 1
            var numerator = 0
            var denominator = 1
            let start = index
            while index < count, bytes[index] &- 48 < 10 {
                if denominator < 1_000_000_000 {
                    numerator = numerator * 10 + Int(bytes[index] - 48)
                    denominator *= 10
                }
                index += 1
            }
            guard index > start else { return nil }
            fraction = Double(numerator) / Double(denominator)
        }
        var offsetSeconds = 0
        if index < count {
            if bytes[index] == 90 || bytes[index] == 122 {
                index += 1
            } else if bytes[index] == 43 || bytes[index] == 45 {
                let sign = bytes[index] == 45 ? -1 : 1
                index += 1
                guard let hours = digits(2) else { return nil }
                _ = expect(58)
                let minutes = index < count ? digits(2) : 0
                guard let minutes, hours <= 14, minutes < 60 else { return nil }
                offsetSeconds = sign * (hours * 3600 + minutes * 60)
            }
        }
        guard index == count else { return nil }
        let days = CalendarDay.daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// The microseconds since 1970 of the first and past the last instant that ``format(_:)`` writes:
    /// ``CalendarDay/fourDigitYears``, the four-digit years ``parse(_:)`` reads.
    static let writableRange = CalendarDay.fourDigitYears.lowerBound * 1_000_000 ..< CalendarDay.fourDigitYears.upperBound * 1_000_000

    /// The instant in whole microseconds since 1970 (rounded), or `nil` outside ``writableRange``.
    static func writableMicroseconds(_ date: Date) -> Int? {
        let microseconds = (date.timeIntervalSince1970 * 1_000_000).rounded()
        // Checked before the conversion, which traps past Int's range (about 292,000 years).
        return writableRange.contains(microseconds) ? Int(microseconds) : nil
    }

    /// `2021-04-16T13:37:53Z`, with as many fractional digits as needed down to microseconds
    /// (`…53.25Z`, `…53.8498Z`), so that ``parse(_:)`` gives the same instant back; `nil` for an
    /// instant outside the years 0000–9999 (``writableRange``), which the readers of GPX and
    /// TCX files do not take.
    static func format(_ date: Date) -> String? {
        guard let totalMicroseconds = writableMicroseconds(date) else { return nil }
        let microseconds = ((totalMicroseconds % 1_000_000) + 1_000_000) % 1_000_000
        var result = CalendarDay.dateTimeText(secondsSince1970: (totalMicroseconds - microseconds) / 1_000_000)
        if microseconds != 0 {
            var fraction = CalendarDay.zeroPadded(microseconds, 6)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            result += "." + fraction
        }
        return result + "Z"
    }
}
