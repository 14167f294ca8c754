import PaceTestSupport
import PaceModel
import Testing

@Suite struct UnitPropertyTests {
    /// Families of mutually compatible units; temperatures are intervals once inside a compound.
    static let families: [[String]] = [
        ["m", "km", "cm", "mm", "mcm", "pm", "Tm", "in", "ft", "yd", "mi"],
        ["g", "kg", "mg", "mcg", "lb", "oz", "st", "mol<18.01528>", "mmol<180.15588000005408>"],
        ["L", "mL", "dL", "fl_oz_us", "fl_oz_imp", "cup_us", "cup_imp", "pt_us", "pt_imp", "m^3", "cm^3"],
        ["s", "ms", "min", "hr", "d", "ks"],
        ["J", "kJ", "cal", "kcal", "Cal"],
        ["K", "degC", "degF"],
        ["Pa", "kPa", "hPa", "mmHg", "inHg", "atm", "cmAq"],
        ["Hz", "count/s", "count/min", "s^-1", "kHz"],
        ["rad", "deg"],
        ["count", "%"],
    ]

    /// Builds a random pair of compatible units from one to three families with shared exponents.
    static func randomCompatiblePair(using generator: inout UnitsTesting.Random) throws -> (HealthUnit, HealthUnit) {
        var lhs = HealthUnit.one
        var rhs = HealthUnit.one
        for family in families.shuffled(using: &generator).prefix(Int.random(in: 1...3, using: &generator)) {
            var exponent = 0
            while exponent == 0 { exponent = Int.random(in: -3...3, using: &generator) }
            lhs = lhs * (try HealthUnit(parsing: family.randomElement(using: &generator) ?? "m")).raised(to: exponent)
            rhs = rhs * (try HealthUnit(parsing: family.randomElement(using: &generator) ?? "m")).raised(to: exponent)
        }
        return (lhs, rhs)
    }

    static func randomValue(using generator: inout UnitsTesting.Random) -> Double {
        let magnitude = Double.random(in: -6...6, using: &generator)
        var value = 1.0
        // 10^magnitude without Foundation: e^(magnitude·ln 10) via repeated scaling is overkill;
        // a uniform mantissa times an integral power of ten is random enough here.
        let power = Int(magnitude.rounded(.down))
        for _ in 0..<abs(power) { value = power < 0 ? value / 10 : value * 10 }
        value *= Double.random(in: 1..<10, using: &generator)
        return Bool.random(using: &generator) ? value : -value
    }

    @Test func convertingThereAndBackReturnsTheValue() throws {
        var generator = UnitsTesting.Random(seed: 0xC0FFEE)
        var checked = 0
        while checked < 5_000 {
            let (lhs, rhs) = try Self.randomCompatiblePair(using: &generator)
            let affine = ["degC", "degF"]
            // Absolute temperatures are affine: checked separately with an absolute tolerance.
            if affine.contains(lhs.unitString) || affine.contains(rhs.unitString) { continue }
            #expect(lhs.isCompatible(with: rhs))
            let value = Self.randomValue(using: &generator)
            let there = try Quantity(value: value, unit: lhs).converted(to: rhs)
            let back = try there.doubleValue(for: lhs)
            #expect(UnitsTesting.isClose(back, value), "\(value) \(lhs) -> \(there) -> \(back)")
            checked += 1
        }
    }

    @Test func conversionsComposeAcrossThreeUnits() throws {
        // a -> b -> c equals a -> c within 1e-12 relative.
        var generator = UnitsTesting.Random(seed: 0xBADC0DE)
        for _ in 0..<2_000 {
            let family = Self.families[Int.random(in: 0..<Self.families.count, using: &generator)]
            if family.contains("degC") { continue }
            let units = try (0..<3).map { _ in try HealthUnit(parsing: family.randomElement(using: &generator) ?? "m") }
            let value = Self.randomValue(using: &generator)
            let viaMiddle = try Quantity(value: value, unit: units[0]).converted(to: units[1]).doubleValue(for: units[2])
            let direct = try Quantity(value: value, unit: units[0]).doubleValue(for: units[2])
            #expect(UnitsTesting.isClose(viaMiddle, direct), "\(value) \(units)")
        }
    }

    @Test func absoluteTemperaturesRoundTripWithinOffsetScaledTolerance() throws {
        var generator = UnitsTesting.Random(seed: 0x7E4D)
        let units: [HealthUnit] = [.kelvin, .degreeCelsius, .degreeFahrenheit]
        for _ in 0..<2_000 {
            let from = units.randomElement(using: &generator) ?? .kelvin
            let to = units.randomElement(using: &generator) ?? .kelvin
            let value = Double.random(in: -1_000...1_000, using: &generator)
            let back = try Quantity(value: value, unit: from).converted(to: to).doubleValue(for: from)
            #expect(abs(back - value) <= 1e-12 * max(abs(value), 500), "\(value) \(from) -> \(to)")
        }
    }

    @Test func arbitraryStringsNeverCrashAndParsedUnitsRoundTrip() {
        let alphabet: [String] = [
            "m", "k", "g", "c", "d", "a", "M", "i", "n", "o", "l", "L", "s", "C", "%", "_", "1", "2", "0",
            ".", "e", "-", "+", "/", "*", "·", "^", "(", ")", "<", ">", " ", "µ", "\u{301}", "🏃", "mol<18>",
            "kcal", "min", "hr", "mmol<", "count", "degC", "dBASPL",
        ]
        var generator = UnitsTesting.Random(seed: 0xF022)
        var parsed = 0
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...12, using: &generator)
            let input = (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "" }.joined()
            do {
                let unit = try HealthUnit(parsing: input)
                parsed += 1
                #expect((try? HealthUnit(parsing: unit.unitString)) == unit, "\(input) -> \(unit)")
                _ = try? Quantity(value: 1.5, unit: unit).doubleValue(for: .meter)
                _ = try? Quantity(value: 1.5, unit: unit).doubleValue(for: unit.reciprocal().reciprocal())
            } catch {
                #expect(error.input == input)
                if let offset = error.offset {
                    #expect(offset >= 0 && offset <= input.count, "\(input): \(error)")
                }
                #expect(!error.message.isEmpty)
            }
        }
        #expect(parsed > 100)
    }
}
