package import Foundation
import PaceModel

/// The date-and-time grammar of the API's query parameters: RFC 3339's `date-time`, strictly.
///
/// `YYYY-MM-DDThh:mm:ss`, optional fractional seconds (`.123`, any number of digits, read to the
/// nanosecond), then `Z` or an offset `±hh:mm`; `t` and `z` may be lower case, as RFC 3339 allows.
/// The day must exist in its month (no 30 February), hours run 0–23, minutes and seconds 0–59;
/// nothing may precede or follow. Offsets go up to ±18:00, as far as `TimeZone` goes (RFC 3339's
/// grammar allows ±23:59; no place on Earth is past ±14:00).
/// Hand-written because Foundation's parsers are lenient in different ways (one reads
/// `2026-02-30` as 2 March and ignores text after the zone, the other reads hour 25 as the next
/// day), and a query that means another instant than it says must be refused, not guessed.
package enum APIDateTime {
    /// The instant `text` names, or `nil` when it is not an RFC 3339 date-time.
    package static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var index = 0
        /// The value of the digit at `position`, or `nil` for another byte or the end.
        func digit(at position: Int) -> Int? {
            guard position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 else { return nil }
            return Int(bytes[position] &- UInt8(ascii: "0"))
        }
        func digits(_ length: Int) -> Int? {
            var value = 0
            for position in index..<(index + length) {
                guard let digit = digit(at: position) else { return nil }
                value = value * 10 + digit
            }
            index += length
            return value
        }
        /// The character, or its lower case when `orLowerCase` (RFC 3339 allows `t` and `z`).
        func expect(_ character: Unicode.Scalar, orLowerCase: Bool = false) -> Bool {
            guard index < bytes.count else { return false }
            let byte = bytes[index], wanted = UInt8(ascii: character)
            guard byte == wanted || (orLowerCase && byte == wanted | 0x20) else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect("-"), let month = digits(2), expect("-"), let day = digits(2),
              expect("T", orLowerCase: true),
              let hour = digits(2), expect(":"), let minute = digits(2), expect(":"), let second = digits(2),
              (1...12).contains(month), (1...CalendarDay.days(inMonth: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 60
        else { return nil }
        var nanoseconds = 0
        if expect(".") {
            let start = index
            var scale = 100_000_000
            while let digit = digit(at: index) {
                nanoseconds += digit * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset = 0
        if !expect("Z", orLowerCase: true) {
            let sign: Int
            if expect("+") { sign = 1 } else if expect("-") { sign = -1 } else { return nil }
            guard let hours = digits(2), expect(":"), let minutes = digits(2), minutes < 60, hours * 60 + minutes <= 18 * 60
            else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard index == bytes.count else { return nil }
        let seconds = CalendarDay.daysSince1970(year: year, month: month, day: day) * 86_400
            + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
    }
}
