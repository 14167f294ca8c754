import Foundation

/// Parses the UTC timestamps gpsd writes in its JSON (`"2020-03-18T13:28:19.600Z"`).
///
/// gpsd always writes ISO 8601 in UTC with a `Z` suffix and zero or more fractional-second
/// digits; a leap second (`:60`) is accepted. The parser is exact to the microsecond and does
/// not depend on a locale, a calendar object or a date formatter.
enum GPSDTime {
    /// The instant a gpsd timestamp names, or `nil` when the text is not one.
    /// - Parameter text: e.g. `"2020-03-18T13:28:19.600Z"`.
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        // yyyy-MM-ddTHH:mm:ss then optional .fff… then Z
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z"),
              bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
              let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2),
              case let date = NMEADate(year: year, month: month, day: day), date.isValid,
              hour < 24, minute < 60, second <= 60
        else { return nil }
        var fraction = 0.0
        if bytes.count > 20 {
            guard bytes[19] == UInt8(ascii: "."), bytes.count > 21 else { return nil }
            var scale = 0.1
            for byte in bytes[20..<(bytes.count - 1)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                fraction += Double(byte - UInt8(ascii: "0")) * scale
                scale /= 10
            }
        }
        let days = date.daysSinceUnixEpoch
        let seconds = Double(days * 86_400 + hour * 3_600 + minute * 60 + second)
        return Date(timeIntervalSince1970: seconds + fraction)
    }

    private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for byte in bytes[start..<(start + count)] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
