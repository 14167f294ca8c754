import PaceModel
import Testing

/// Checks every canonical unit string against the unit vocabulary Pace's unit
/// parser accepts, using a small independent tokenizer.
@Suite struct CatalogueUnitStringTests {
    private static let atoms: Set<String> = [
        "m", "g", "L", "s", "J", "cal", "kcal", "Cal", "K", "degC", "degF", "Pa", "mmHg", "inHg", "atm", "cmAq",
        "count", "%", "ft", "in", "yd", "mi", "lb", "oz", "st", "fl_oz_us", "cup_us", "min", "hr", "d", "Hz", "V",
        "W", "S", "IU", "dBASPL", "dBHL", "lx", "appleEffortScore", "rad", "deg",
    ]
    private static let prefixes = ["p", "n", "mc", "m", "c", "d", "da", "h", "k", "M", "G", "T"]

    /// Whether `token` is an atom, an SI-prefixed atom, or `mol<number>`.
    private static func isUnitToken(_ token: String) -> Bool {
        if atoms.contains(token) { return true }
        if token.hasPrefix("mol<"), token.hasSuffix(">"), Double(token.dropFirst(4).dropLast()) != nil { return true }
        for prefix in prefixes where token.hasPrefix(prefix) {
            let rest = String(token.dropFirst(prefix.count))
            if atoms.contains(rest) || (rest.hasPrefix("mol<") && isUnitToken(rest)) { return true }
        }
        return false
    }

    /// Splits a unit string on `*`, `/`, `^`, `(` and `)`; exponents must be integers.
    private static func isValidUnitString(_ unit: String) -> Bool {
        guard !unit.isEmpty else { return false }
        var depth = 0
        var token = ""
        var afterCaret = false
        func flush() -> Bool {
            defer { token = ""; afterCaret = false }
            if token.isEmpty { return true }
            return afterCaret ? Int(token) != nil : isUnitToken(token)
        }
        for character in unit {
            switch character {
            case "*", "/", "^", "(", ")":
                guard flush() else { return false }
                if character == "^" { afterCaret = true }
                if character == "(" { depth += 1 }
                if character == ")" { depth -= 1; if depth < 0 { return false } }
            default:
                token.append(character)
            }
        }
        return flush() && depth == 0
    }

    @Test func tokenizerSelfCheck() {
        #expect(Self.isValidUnitString("mL/(kg*min)"))
        #expect(Self.isValidUnitString("kcal/(kg*hr)"))
        #expect(Self.isValidUnitString("m/s^2"))
        #expect(Self.isValidUnitString("mmol<180.1558>/L"))
        #expect(!Self.isValidUnitString("bpm"))
        #expect(!Self.isValidUnitString("ml/(kg*min)"))
        #expect(!Self.isValidUnitString("kg*(m"))
        #expect(!Self.isValidUnitString(""))
    }

    @Test func everyCanonicalUnitUsesAllowedAtoms() {
        for id in QuantityTypeIdentifier.allCases {
            #expect(Self.isValidUnitString(id.canonicalUnitString), "\(id): \(id.canonicalUnitString)")
        }
    }
}
