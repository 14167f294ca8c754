import PaceModel
import Testing

@Suite struct UnitConversionTests {
    /// (value, from, to, expected) against the defining constants.
    static let conversions: [(Double, String, String, Double)] = [
        (1, "mi", "m", 1609.344),
        (1, "in", "cm", 2.54),
        (1, "ft", "in", 12),
        (1, "yd", "ft", 3),
        (1, "mi", "ft", 5280),
        (1, "mi", "km", 1.609344),
        (10, "km", "mi", 10_000 / 1609.344),
        (1, "kcal", "J", 4184),
        (1, "Cal", "kcal", 1),
        (1, "kcal", "kJ", 4.184),
        (1, "cal", "J", 4.184),
        (1, "lb", "g", 453.59237),
        (1, "lb", "oz", 16),
        (1, "st", "lb", 14),
        (1, "st", "kg", 6.35029318),
        (1, "oz", "g", 28.349523125),
        (70, "kg", "lb", 70 / 0.45359237),
        (1, "atm", "mmHg", 101_325 / 133.322387415),
        (1, "atm", "kPa", 101.325),
        (1, "inHg", "mmHg", 3386.389 / 133.322387415),
        (10, "cmAq", "Pa", 980.665),
        (120, "mmHg", "kPa", 120 * 0.133322387415),
        (5, "km/hr", "m/s", 5 / 3.6),
        (1, "m/s", "km/hr", 3.6),
        (1, "mmol<180.15588000005408>/L", "mg/dL", 18.015588000005408),
        (100, "mg/dL", "mmol<180.15588000005408>/L", 100 / 18.015588000005408),
        (1, "mmol<180.15588000005408>/L", "mol<180.15588000005408>/L", 0.001),
        (1, "mol<18>", "g", 18),
        (1, "mmol<18>", "mg", 18),
        (1, "fl_oz_us", "mL", 29.5735295625),
        (1, "cup_us", "fl_oz_us", 8),
        (1, "pt_us", "cup_us", 2),
        (1, "pt_us", "mL", 473.176473),
        (1, "fl_oz_imp", "mL", 28.4130625),
        (1, "cup_imp", "mL", 284.130625),
        (1, "cup_imp", "fl_oz_imp", 10),
        (1, "pt_imp", "fl_oz_imp", 20),
        (1, "pt_imp", "mL", 568.26125),
        (1, "L", "mL", 1000),
        (1, "L", "m^3", 0.001),
        (1, "cm^3", "mL", 1),
        (1, "d", "hr", 24),
        (1, "hr", "min", 60),
        (1, "d", "s", 86_400),
        (1, "min", "ms", 60_000),
        (60, "count/min", "Hz", 1),
        (1, "Hz", "count/min", 60),
        (1, "kHz", "s^-1", 1000),
        (0.98, "%", "count", 0.98),
        (180, "deg", "rad", Double.pi),
        (1, "rad", "deg", 180 / Double.pi),
        (1, "kcal/hr", "W", 4184.0 / 3600),
        (1, "W", "J/s", 1),
        (1, "kW", "kcal/hr", 3600 / 4.184),
        (35, "mL/(kg*min)", "L/(kg*hr)", 2.1),
        (35, "mL/min·kg", "mL/(kg*hr)", 2100),
        (1, "kcal/(kg*hr)", "W/kg", 4184.0 / 3600),
        (9.80665, "m/s^2", "ft/s^2", 9.80665 / 0.3048),
        (1, "D", "m^-1", 1),
        (1, "kV", "V", 1000),
        (1, "mS", "S", 0.001),
        (1, "lx", "lx", 1),
        (1, "J/K", "J/degC", 1),
        (1, "J/K", "J/degF", 5.0 / 9),
        (1, "K*s", "degC*s", 1),
        (1, "degF^2", "K^2", 25.0 / 81),
        (65, "dBASPL", "dBASPL", 65),
        (3, "dBASPL/s", "dBASPL/min", 180),
        (7, "appleEffortScore", "appleEffortScore", 7),
        (2, "IU/mL", "IU/L", 2000),
    ]

    @Test(arguments: conversions)
    func convertsAgainstDefiningConstants(_ value: Double, _ from: String, _ to: String, _ expected: Double) throws {
        let quantity = Quantity(value: value, unit: try HealthUnit(parsing: from))
        let actual = try quantity.doubleValue(for: try HealthUnit(parsing: to))
        #expect(UnitsTesting.isClose(actual, expected), "\(value) \(from) -> \(to): got \(actual), expected \(expected)")
    }

    @Test(arguments: UnitPrefix.allCases)
    func everyPrefixScalesByItsFactor(_ prefix: UnitPrefix) throws {
        for atom in ["m", "g", "L", "s", "J", "cal", "Pa", "Hz", "V", "W", "S", "mol<18>"] {
            let prefixed = try HealthUnit(parsing: prefix.rawValue + atom)
            let plain = try HealthUnit(parsing: atom)
            let actual = try Quantity(value: 1, unit: prefixed).doubleValue(for: plain)
            #expect(UnitsTesting.isClose(actual, prefix.factor), "\(prefix.rawValue)\(atom)")
        }
    }

    /// Absolute temperatures use offsets; (value, from, to, expected, absolute tolerance).
    @Test(arguments: [
        (100.0, "degC", "degF", 212.0),
        (0, "degC", "K", 273.15),
        (-40, "degC", "degF", -40),
        (-40, "degF", "degC", -40),
        (98.6, "degF", "degC", 37),
        (0, "K", "degF", -459.67),
        (0, "K", "degC", -273.15),
        (32, "degF", "degC", 0),
        (212, "degF", "K", 373.15),
        (273.15, "K", "degC", 0),
        (36.6, "degC", "degC", 36.6),
    ])
    func temperaturesUseOffsets(_ value: Double, _ from: String, _ to: String, _ expected: Double) throws {
        let actual = try Quantity(value: value, unit: try HealthUnit(parsing: from))
            .doubleValue(for: try HealthUnit(parsing: to))
        // Absolute tolerance scaled by the offsets involved (~460), since results may be near 0.
        #expect(abs(actual - expected) <= 1e-12 * 500, "\(value) \(from) -> \(to): got \(actual)")
    }

    @Test func exactlyRoundedResultsForClassicCases() throws {
        #expect(try Quantity(value: 100, unit: .degreeCelsius).doubleValue(for: .degreeFahrenheit) == 212)
        #expect(try Quantity(value: 1, unit: .mile).doubleValue(for: .meter) == 1609.344)
        #expect(try Quantity(value: 1, unit: .kilocalorie).doubleValue(for: .joule) == 4184)
        #expect(try Quantity(value: 1, unit: .pound).doubleValue(for: .gram) == 453.59237)
        #expect(try Quantity(value: 0, unit: .degreeCelsius).doubleValue(for: .kelvin) == 273.15)
        #expect(try Quantity(value: 5, unit: .kilometerPerHour).doubleValue(for: .meterPerSecond) == 5000.0 / 3600)
        let atmInMmHg = try Quantity(value: 1, unit: .atmosphere).doubleValue(for: .millimeterOfMercury)
        #expect(atmInMmHg == 101_325e9 / 133_322_387_415)
        // The conventional mmHg (133.322387415 Pa) makes 1 atm slightly less than 760 mmHg.
        #expect(UnitsTesting.isClose(atmInMmHg, 760, relativeTolerance: 2e-7))
    }

    @Test(arguments: [
        ("m", "mi"), ("kg", "mol<18>"), ("mg/dL", "mmol<180.15588000005408>/L"), ("count/min", "Hz"),
        ("%", "count"), ("kcal", "J"), ("kcal/hr", "W"), ("degC", "K"), ("degF", "degC"), ("mmHg", "kPa"),
        ("L", "m^3"), ("fl_oz_us", "mL"), ("rad", "deg"), ("km/hr", "m/s"), ("D", "m^-1"), ("Cal", "kJ"),
        ("count", "1"), ("s^-1", "Hz"), ("mL/(kg*min)", "L/(lb*hr)"), ("cmAq", "atm"), ("lb", "st"),
        ("m/s^2", "ft/s^2"), ("count/s", "count/min"), ("dBASPL", "dBASPL"), ("IU/L", "IU/mL"),
    ])
    func compatibleUnits(_ lhs: String, _ rhs: String) throws {
        let a = try HealthUnit(parsing: lhs)
        let b = try HealthUnit(parsing: rhs)
        #expect(a.isCompatible(with: b))
        #expect(b.isCompatible(with: a))
        #expect(Quantity(value: 1, unit: a).isCompatible(with: b))
        #expect(a.dimension == b.dimension)
    }

    @Test(arguments: [
        ("kg", "m"), ("count", "s"), ("%", "deg"), ("IU", "count"), ("dBASPL", "dBHL"), ("dBASPL", "count"),
        ("appleEffortScore", "count"), ("L", "m^2"), ("J", "W"), ("lx", "count"), ("rad", "count"),
        ("count/min", "count"), ("mg/dL", "mg"), ("degC", "J"), ("mL/(kg*min)", "mL/min"), ("Hz", "s"),
        ("D", "m"), ("V", "W"), ("S", "V^-1"), ("mmHg", "J"),
    ])
    func incompatibleUnits(_ lhs: String, _ rhs: String) throws {
        let a = try HealthUnit(parsing: lhs)
        let b = try HealthUnit(parsing: rhs)
        #expect(!a.isCompatible(with: b))
        #expect(!b.isCompatible(with: a))
        #expect(throws: UnitError.self) {
            _ = try Quantity(value: 1, unit: a).converted(to: b)
        }
    }

    @Test func extremeExponentsDoNotCrash() throws {
        let big = try HealthUnit(parsing: "km^1000*m^-1000")
        let reversed = try HealthUnit(parsing: "km^-1000*m^1000")
        #expect(big.isCompatible(with: reversed))
        // 10^6000 is not representable; the result is infinite, not a trap.
        let value = try Quantity(value: 1, unit: big).doubleValue(for: reversed)
        #expect(value == .infinity)
        let nan = try Quantity(value: .nan, unit: .meter).doubleValue(for: .kilometer)
        #expect(nan.isNaN)
        let huge = try Quantity(value: .greatestFiniteMagnitude, unit: .kilometer).doubleValue(for: .meter)
        #expect(huge == .infinity)
        let back = try Quantity(value: .greatestFiniteMagnitude, unit: .meter).doubleValue(for: .meter)
        #expect(back == .greatestFiniteMagnitude)
        let down = try Quantity(value: .greatestFiniteMagnitude, unit: .kilometer).doubleValue(for: .mile)
        #expect(UnitsTesting.isClose(down, .greatestFiniteMagnitude / 1.609344))
    }
}
