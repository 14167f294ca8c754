import PaceTestSupport
import PaceModel
import Testing

@Suite struct HealthUnitParsingTests {
    /// Every atom, spelled canonically.
    static let atoms = [
        "m", "in", "ft", "yd", "mi", "g", "oz", "lb", "st", "mol<180.15588000005408>",
        "L", "fl_oz_us", "fl_oz_imp", "cup_us", "cup_imp", "pt_us", "pt_imp",
        "s", "min", "hr", "d", "J", "cal", "Cal", "K", "degC", "degF",
        "Pa", "mmHg", "inHg", "atm", "cmAq", "count", "%",
        "Hz", "V", "W", "S", "IU", "dBASPL", "dBHL", "lx", "rad", "deg", "appleEffortScore", "D",
    ]

    /// Every prefix on every prefixable atom.
    static let prefixed: [String] = ["m", "g", "mol<18>", "L", "s", "J", "cal", "Pa", "Hz", "V", "W", "S"]
        .flatMap { atom in UnitPrefix.allCases.map { $0.rawValue + atom } }

    static let compounds = [
        "mL/(kg*min)", "kcal/(kg*hr)", "m/s^2", "count/min", "km/hr", "mg/dL",
        "mmol<180.15588000005408>/L", "mmol<180.1558800000541>/L", "s^-1", "m^-1*s^-1", "1",
        "m^2", "m*kg/s^2", "J/(kg*K)", "mL/kg", "count/s", "mcg/dL", "L/min", "W/kg", "kcal/hr",
        "mi/hr", "m/s", "ft/s^2", "m*km", "mol<18>*mol<180>", "kcal/(kg*hr^2)", "%/min", "dBASPL/s",
        "mol<1e-05>", "mol<1.7976931348623157e+308>", "m^1000", "m^-1000",
    ]

    @Test(arguments: atoms + prefixed + compounds)
    func canonicalStringsRoundTrip(_ string: String) throws {
        let unit = try HealthUnit(parsing: string)
        #expect(unit.unitString == string)
        #expect(unit.description == string)
        #expect(try HealthUnit(parsing: unit.unitString) == unit)
    }

    @Test(arguments: [
        ("mL/min·kg", "mL/(kg*min)"),
        ("mL/kg*min", "mL/(kg*min)"),
        ("mL/(min*kg)", "mL/(kg*min)"),
        ("mL/kg·min", "mL/(kg*min)"),
        ("kcal/hr·kg", "kcal/(kg*hr)"),
        ("m*m", "m^2"),
        ("m/m", "1"),
        ("1/s", "s^-1"),
        ("1/(m*s)", "m^-1*s^-1"),
        ("(m/s)^2", "m^2/s^2"),
        ("(m/s)^-1", "s/m"),
        ("m/s/s", "m/s^2"),
        ("(m/s)/s", "m/s^2"),
        ("m/(s/kg)", "m*kg/s"),
        ("s^1", "s"),
        ("m^0", "1"),
        ("kg*m/s^2", "m*kg/s^2"),
        ("((m))", "m"),
        ("m^2*m^-2*s", "s"),
        ("mol<180.0>", "mol<180>"),
        ("mmol<1.8015588000005408e2>/L", "mmol<180.15588000005408>/L"),
        ("count/min^1", "count/min"),
        ("km*m", "m*km"),
        ("1*m/1", "m"),
        ("m^1000*m^-1", "m^999"),
    ])
    func nonCanonicalStringsNormalize(_ input: String, _ canonical: String) throws {
        let unit = try HealthUnit(parsing: input)
        #expect(unit.unitString == canonical)
        #expect(try HealthUnit(parsing: canonical) == unit)
    }

    @Test func atomsWinOverPrefixedReadings() throws {
        // Whole atoms are matched before prefix + atom.
        #expect(try HealthUnit(parsing: "min") == .minute)
        #expect(try HealthUnit(parsing: "cmAq") == .centimeterOfWater)
        #expect(try HealthUnit(parsing: "mmHg") == .millimeterOfMercury)
        #expect(try HealthUnit(parsing: "Cal") == .largeCalorie)
        #expect(try HealthUnit(parsing: "cal") == .calorie)
        #expect(try HealthUnit(parsing: "count") == .count)
        // Prefixed readings.
        #expect(try HealthUnit(parsing: "cm") == .centimeter)
        #expect(try HealthUnit(parsing: "kcal") == .kilocalorie)
        #expect(try HealthUnit(parsing: "mcg") == .microgram)
        #expect(try HealthUnit(parsing: "ms") == .millisecond)
        #expect(try HealthUnit(parsing: "kPa") == .kilopascal)
        #expect(try HealthUnit(parsing: "dL").unitString == "dL")
        #expect(try HealthUnit(parsing: "dL").isCompatible(with: .liter))
        #expect(try HealthUnit(parsing: "dam").unitString == "dam")
        #expect(try HealthUnit(parsing: "mcal").unitString == "mcal")
    }

    @Test func constantsPrintAsHealthKitStrings() {
        let expected: [(HealthUnit, String)] = [
            (.meter, "m"), (.kilometer, "km"), (.centimeter, "cm"), (.mile, "mi"), (.foot, "ft"),
            (.inch, "in"), (.yard, "yd"), (.gram, "g"), (.kilogram, "kg"), (.milligram, "mg"),
            (.microgram, "mcg"), (.pound, "lb"), (.ounce, "oz"), (.stone, "st"), (.liter, "L"),
            (.milliliter, "mL"), (.fluidOunceUS, "fl_oz_us"), (.cupUS, "cup_us"), (.second, "s"),
            (.millisecond, "ms"), (.minute, "min"), (.hour, "hr"), (.day, "d"), (.joule, "J"),
            (.kilojoule, "kJ"), (.calorie, "cal"), (.kilocalorie, "kcal"), (.largeCalorie, "Cal"),
            (.kelvin, "K"), (.degreeCelsius, "degC"), (.degreeFahrenheit, "degF"), (.pascal, "Pa"),
            (.kilopascal, "kPa"), (.millimeterOfMercury, "mmHg"), (.inchOfMercury, "inHg"),
            (.atmosphere, "atm"), (.centimeterOfWater, "cmAq"), (.count, "count"), (.percent, "%"),
            (.hertz, "Hz"), (.volt, "V"), (.watt, "W"), (.siemens, "S"), (.internationalUnit, "IU"),
            (.decibelASPL, "dBASPL"), (.decibelHL, "dBHL"), (.lux, "lx"), (.radian, "rad"),
            (.degreeAngle, "deg"), (.appleEffortScore, "appleEffortScore"), (.countPerMinute, "count/min"),
            (.meterPerSecond, "m/s"), (.kilometerPerHour, "km/hr"), (.meterPerSecondSquared, "m/s^2"),
            (.fluidOunceImperial, "fl_oz_imp"), (.cupImperial, "cup_imp"), (.pintUS, "pt_us"),
            (.pintImperial, "pt_imp"), (.diopter, "D"), (.one, "1"),
            (.moles(molarMassGramsPerMole: 180.15588000005408, prefix: .milli), "mmol<180.15588000005408>"),
            (.moles(molarMassGramsPerMole: 18), "mol<18>"),
        ]
        for (unit, string) in expected {
            #expect(unit.unitString == string)
            #expect((try? HealthUnit(parsing: string)) == unit)
        }
    }

    @Test func equalityIsOnNormalizedComponentsNotOnSize() throws {
        let a = try HealthUnit(parsing: "mL/kg*min")
        let b = try HealthUnit(parsing: "mL/(kg*min)")
        let c = try HealthUnit(parsing: "mL/min·kg")
        #expect(a == b)
        #expect(b == c)
        #expect(a.hashValue == c.hashValue)
        #expect(Set([a, b, c]).count == 1)
        #expect(HealthUnit.kilometer != HealthUnit.meter)
        #expect(try HealthUnit(parsing: "L") != HealthUnit(parsing: "dm^3"))
        #expect(HealthUnit.moles(molarMassGramsPerMole: 18) != HealthUnit.moles(molarMassGramsPerMole: 180))
    }

    @Test func algebraMatchesParsing() throws {
        #expect(HealthUnit.milliliter / (HealthUnit.kilogram * HealthUnit.minute) == (try HealthUnit(parsing: "mL/(kg*min)")))
        #expect(HealthUnit.meter.raised(to: 3).unitString == "m^3")
        #expect(HealthUnit.second.reciprocal().unitString == "s^-1")
        #expect(HealthUnit.countPerMinute.reciprocal().unitString == "min/count")
        #expect(HealthUnit.meter.raised(to: 0) == .one)
        #expect((HealthUnit.meter / HealthUnit.meter) == .one)
        // Exponents clamp instead of overflowing.
        #expect(HealthUnit.meter.raised(to: Int.max).unitString == "m^1000")
        #expect(HealthUnit.meter.raised(to: Int.min).unitString == "m^-1000")
        #expect(HealthUnit.meter.raised(to: 600).raised(to: Int.max).unitString == "m^1000")
    }

    @Test func dimensions() throws {
        #expect(HealthUnit.kilocalorie.dimension == UnitDimension(length: 2, mass: 1, time: -2))
        #expect(HealthUnit.moles(molarMassGramsPerMole: 18).dimension == .mass)
        #expect(try HealthUnit(parsing: "mL/(kg*min)").dimension == UnitDimension(length: 3, mass: -1, time: -1))
        #expect(HealthUnit.percent.dimension.isDimensionless)
        #expect(HealthUnit.count.dimension.isDimensionless)
        #expect(!HealthUnit.radian.dimension.isDimensionless)
        #expect(HealthUnit.decibelASPL.dimension == .soundPressureLevel)
        #expect(HealthUnit.decibelHL.dimension == .hearingLevel)
        #expect(HealthUnit.internationalUnit.dimension == .pharmacologicalActivity)
        #expect(HealthUnit.appleEffortScore.dimension == .effort)
        #expect(UnitDimension.length * .length == UnitDimension(length: 2))
        #expect(UnitDimension.length / .time == UnitDimension(length: 1, time: -1))
        #expect(UnitDimension.time.raised(to: -2) == UnitDimension(time: -2))
    }

    @Test(arguments: [
        ("kg", "mass"), ("m^3", "volume"), ("kcal", "energy"), ("W", "power"), ("mmHg", "pressure"),
        ("count/min", "frequency"), ("km/hr", "speed"), ("m/s^2", "acceleration"), ("count", "dimensionless"),
        ("mg/dL", "mass concentration"), ("mL/(kg*min)", "length^3/(mass*time)"), ("m*s", "length*time"),
        ("s^-2", "time^-2"), ("degC", "temperature"), ("IU", "pharmacological activity"),
        ("dBASPL", "sound pressure level"), ("V", "voltage"), ("S", "conductance"), ("lx", "illuminance"),
        ("D", "inverse length"), ("rad", "angle"), ("appleEffortScore", "effort"),
    ])
    func dimensionDescriptions(_ unit: String, _ description: String) throws {
        #expect(try HealthUnit(parsing: unit).dimension.description == description)
    }

    @Test func prefixFactors() {
        let expected: [UnitPrefix: Double] = [
            .pico: 1e-12, .nano: 1e-9, .micro: 1e-6, .milli: 1e-3, .centi: 1e-2, .deci: 1e-1,
            .deca: 1e1, .hecto: 1e2, .kilo: 1e3, .mega: 1e6, .giga: 1e9, .tera: 1e12,
        ]
        for prefix in UnitPrefix.allCases {
            #expect(prefix.factor == expected[prefix])
        }
        #expect(UnitPrefix(rawValue: "mc") == .micro)
        #expect(UnitPrefix(rawValue: "da") == .deca)
    }

    @Test func randomUnitsRoundTripThroughPrinting() throws {
        var generator = UnitsTesting.Random(seed: 0x5EED_0001)
        let atoms = Self.atoms.compactMap { try? HealthUnit(parsing: $0) }
        for _ in 0..<2_000 {
            var unit = HealthUnit.one
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                var factor = atoms.randomElement(using: &generator) ?? .meter
                if Bool.random(using: &generator) {
                    let prefix = UnitPrefix.allCases.randomElement(using: &generator) ?? .kilo
                    factor = (try? HealthUnit(parsing: prefix.rawValue + "g")) ?? factor
                }
                if Int.random(in: 0..<6, using: &generator) == 0 {
                    // A random positive, finite molar mass from random bits.
                    var mass = Double(bitPattern: generator.next()).magnitude
                    if !mass.isFinite || mass == 0 { mass = 1 }
                    factor = .moles(molarMassGramsPerMole: mass, prefix: UnitPrefix.allCases.randomElement(using: &generator))
                }
                unit = unit * factor.raised(to: Int.random(in: -3...3, using: &generator))
            }
            let reparsed = try HealthUnit(parsing: unit.unitString)
            #expect(reparsed == unit, "\(unit.unitString)")
            #expect(reparsed.unitString == unit.unitString)
        }
    }
}
