/// Parses decimal numbers from bytes, exactly as `Double(String)` does but without allocating.
///
/// The fast path takes `[+-]digits[.digits][e[+-]digits]` with at most 19 significant digits
/// whose value is below 2^53 and a decimal exponent within ±22: both the significand and the
/// power of ten are then exact doubles, so one multiplication or division is correctly rounded
/// (Clinger's fast path). Everything else — more digits, huge exponents, `nan`, hex floats —
/// goes through `Double(String)`, which is correctly rounded too.
enum XMLNumber {
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The finite number the bytes spell, ignoring surrounding XML white space, or `nil`.
    static func double(_ text: UnsafeRawBufferPointer) -> Double? {
        var first = 0
        var last = text.count
        while first < last, XMLScanner.isSpace(text[first]) { first += 1 }
        while last > first, XMLScanner.isSpace(text[last - 1]) { last -= 1 }
        guard first < last else { return nil }
        if let value = fastDouble(text, from: first, to: last) { return value }
        let string = String(decoding: UnsafeRawBufferPointer(rebasing: text[first..<last]), as: UTF8.self)
        guard let value = Double(string), value.isFinite else { return nil }
        return value
    }

    /// The fast path; `nil` when the text is not in its simple form (not necessarily invalid).
    @inline(__always)
    private static func fastDouble(_ text: UnsafeRawBufferPointer, from first: Int, to last: Int) -> Double? {
        var i = first
        var negative = false
        if text[i] == 0x2D || text[i] == 0x2B {
            negative = text[i] == 0x2D
            i += 1
        }
        var significand: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var sawDigit = false
        while i < last, text[i] &- 0x30 < 10 {
            sawDigit = true
            if significand != 0 || text[i] != 0x30 { significantDigits += 1 }
            significand = significand &* 10 &+ UInt64(text[i] &- 0x30)
            i += 1
        }
        if i < last, text[i] == 0x2E {
            i += 1
            while i < last, text[i] &- 0x30 < 10 {
                sawDigit = true
                if significand != 0 || text[i] != 0x30 { significantDigits += 1 }
                significand = significand &* 10 &+ UInt64(text[i] &- 0x30)
                exponent -= 1
                i += 1
            }
        }
        guard sawDigit, significantDigits <= 19 else { return nil }
        if i < last, text[i] | 0x20 == 0x65 {
            i += 1
            var exponentNegative = false
            if i < last, text[i] == 0x2D || text[i] == 0x2B {
                exponentNegative = text[i] == 0x2D
                i += 1
            }
            guard i < last else { return nil }
            var value = 0
            while i < last, text[i] &- 0x30 < 10 {
                value = value * 10 + Int(text[i] &- 0x30)
                if value > 10_000 { return nil }
                i += 1
            }
            exponent += exponentNegative ? -value : value
        }
        guard i == last, significand <= 1 << 53 else { return nil }
        var value = Double(significand)
        if significand != 0 {
            if exponent < 0 {
                guard exponent >= -22 else { return nil }
                value /= powersOfTen[-exponent]
            } else if exponent > 0 {
                guard exponent <= 22 else { return nil }
                value *= powersOfTen[exponent]
            }
        }
        return negative ? -value : value
    }
}
