/// Reads typed values from the comma-separated fields of one sentence; empty fields read as `nil`.
///
/// Field numbers in messages are 1-based, counting the first field after the address as 1, as
/// NMEA references do.
struct NMEAFieldReader {
    /// The sentence name for messages, e.g. `"GPGGA"`.
    let sentence: String
    /// The fields after the address.
    let fields: [Substring]

    /// Throws when there are fewer than `count` fields.
    func require(_ count: Int) throws(NMEAParseError) {
        guard fields.count >= count else {
            throw NMEAParseError(code: .missingField,
                                 message: "\(sentence) has \(fields.count) fields, at least \(count) are required")
        }
    }

    /// The raw text of field `index` (0-based), `nil` when empty or absent.
    func text(_ index: Int) -> Substring? {
        guard index < fields.count, !fields[index].isEmpty else { return nil }
        return fields[index]
    }

    func fail(_ index: Int, _ name: String, showing value: Bool = true) -> NMEAParseError {
        let shown = value ? " '\(fields[index])'" : ""
        return NMEAParseError(code: .badField,
                              message: "\(sentence) field \(index + 1) (\(name))\(shown) is malformed")
    }

    /// A decimal number.
    func double(_ index: Int, _ name: String) throws(NMEAParseError) -> Double? {
        guard let raw = text(index) else { return nil }
        guard let value = Double(raw), value.isFinite, raw.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" }) else {
            throw fail(index, name)
        }
        return value
    }

    /// A non-negative decimal number.
    func nonNegative(_ index: Int, _ name: String) throws(NMEAParseError) -> Double? {
        guard let value = try double(index, name) else { return nil }
        guard value >= 0 else { throw fail(index, name) }
        return value
    }

    /// An integer, optionally limited to `range`.
    func int(_ index: Int, _ name: String, in range: ClosedRange<Int>? = nil) throws(NMEAParseError) -> Int? {
        guard let raw = text(index) else { return nil }
        guard let value = Int(raw), range?.contains(value) ?? true else { throw fail(index, name) }
        return value
    }

    /// A one-letter indicator decoded by `make`.
    func letter<T>(_ index: Int, _ name: String, _ make: (String) -> T?) throws(NMEAParseError) -> T? {
        guard let raw = text(index) else { return nil }
        guard let value = make(String(raw)) else { throw fail(index, name) }
        return value
    }

    /// A UTC time of day `hhmmss[.s…]`.
    func time(_ index: Int) throws(NMEAParseError) -> NMEATimeOfDay? {
        guard let raw = text(index) else { return nil }
        let bytes = Array(raw.utf8)
        func digit(_ i: Int) -> Int? {
            guard i < bytes.count, (48...57).contains(bytes[i]) else { return nil }
            return Int(bytes[i] - 48)
        }
        guard bytes.count >= 6,
              let h1 = digit(0), let h2 = digit(1), let m1 = digit(2), let m2 = digit(3),
              let s1 = digit(4), let s2 = digit(5) else { throw fail(index, "UTC time") }
        let hour = h1 * 10 + h2, minute = m1 * 10 + m2, second = s1 * 10 + s2
        guard hour < 24, minute < 60, second <= 60 else { throw fail(index, "UTC time") }
        var micro = 0
        if bytes.count > 6 {
            guard bytes[6] == UInt8(ascii: "."), bytes.count > 7 else { throw fail(index, "UTC time") }
            var scale = 100_000
            for i in 7..<bytes.count {
                guard let d = digit(i) else { throw fail(index, "UTC time") }
                micro += d * scale
                scale /= 10
            }
        }
        return NMEATimeOfDay(hour: hour, minute: minute, second: second, microsecond: micro)
    }

    /// A `ddmmyy` date; two-digit years map to 1980…2079 (GPS time starts in 1980).
    func date(_ index: Int) throws(NMEAParseError) -> NMEADate? {
        guard let raw = text(index) else { return nil }
        guard raw.count == 6, raw.allSatisfy(\.isASCII), let value = Int(raw), value >= 0 else {
            throw fail(index, "date")
        }
        let yy = value % 100
        let date = NMEADate(year: yy >= 80 ? 1900 + yy : 2000 + yy, month: value / 100 % 100, day: value / 10_000)
        guard date.isValid else { throw fail(index, "date") }
        return date
    }

    /// A latitude or longitude `(d)ddmm.mmmm` plus its hemisphere letter in the next field, in
    /// signed degrees; `nil` when both are empty. Values are never echoed in errors.
    func coordinate(_ index: Int, isLatitude: Bool) throws(NMEAParseError) -> Double? {
        let name = isLatitude ? "latitude" : "longitude"
        let value = text(index), hemisphere = text(index + 1)
        guard value != nil || hemisphere != nil else { return nil }
        guard let value, let hemisphere else { throw fail(index, name, showing: false) }
        guard let number = Double(value), number >= 0,
              value.allSatisfy({ $0.isNumber || $0 == "." }) else { throw fail(index, name, showing: false) }
        let degrees = (number / 100).rounded(.towardZero)
        let minutes = number - degrees * 100
        guard minutes < 60 else { throw fail(index, name, showing: false) }
        let magnitude = degrees + minutes / 60
        let sign: Double
        switch (isLatitude, hemisphere) {
        case (true, "N"), (false, "E"): sign = 1
        case (true, "S"), (false, "W"): sign = -1
        default: throw fail(index + 1, isLatitude ? "N/S" : "E/W")
        }
        guard magnitude <= (isLatitude ? 90 : 180) else { throw fail(index, name, showing: false) }
        return sign * magnitude
    }
}
