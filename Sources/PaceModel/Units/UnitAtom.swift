/// A molar mass in grams per mole, as written inside `mol<…>`.
///
/// Compared and hashed by bit pattern (after folding `-0` into `0` and all NaNs into one),
/// so that units built from invalid values still obey the `Hashable` laws.
struct UnitMolarMass: Hashable, Sendable {
    /// The molar mass in g/mol.
    let gramsPerMole: Double

    init(_ gramsPerMole: Double) {
        if gramsPerMole.isNaN {
            self.gramsPerMole = .nan
        } else if gramsPerMole == 0 {
            self.gramsPerMole = 0
        } else {
            self.gramsPerMole = gramsPerMole
        }
    }

    static func == (lhs: UnitMolarMass, rhs: UnitMolarMass) -> Bool {
        lhs.gramsPerMole.bitPattern == rhs.gramsPerMole.bitPattern
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(gramsPerMole.bitPattern)
    }

    /// Whether the molar mass is a finite, positive number.
    var isValid: Bool { gramsPerMole.isFinite && gramsPerMole > 0 }

    /// The shortest text that parses back to the same value: integral values print without
    /// a fraction (`180`), others use Swift's round-tripping `description` (`180.15588000005408`).
    var formatted: String {
        let value = gramsPerMole
        if value.isFinite, value == value.rounded(), value.magnitude < 1e15 {
            return String(Int64(value))
        }
        return value.description
    }
}

/// A base unit of the HealthKit unit grammar: `m`, `lb`, `kcal`'s `cal`, `mol<M>`, `count`, …
///
/// Each atom knows its symbol, dimension, scale to coherent SI units (m, kg, s, K, A, cd, rad)
/// as an exact ratio of its defining constants, whether it accepts an SI prefix, and (for
/// `degC`/`degF`) the offset of its zero point.
enum UnitAtom: Hashable, Sendable {
    case meter, inch, foot, yard, mile
    case gram, ounce, pound, stone, mole(UnitMolarMass)
    case liter, fluidOunceUS, fluidOunceImperial, cupUS, cupImperial, pintUS, pintImperial
    case second, minute, hour, day
    case joule, calorie, largeCalorie
    case kelvin, degreeCelsius, degreeFahrenheit
    case pascal, millimeterOfMercury, inchOfMercury, atmosphere, centimeterOfWater
    case count, percent
    case hertz, volt, watt, siemens
    case internationalUnit, decibelASPL, decibelHL, lux, radian, degreeAngle, appleEffortScore, diopter

    /// Every atom except `mol<M>`, in canonical print order.
    static let simpleAtoms: [UnitAtom] = [
        .meter, .inch, .foot, .yard, .mile,
        .gram, .ounce, .pound, .stone,
        .liter, .fluidOunceUS, .fluidOunceImperial, .cupUS, .cupImperial, .pintUS, .pintImperial,
        .second, .minute, .hour, .day,
        .joule, .calorie, .largeCalorie,
        .kelvin, .degreeCelsius, .degreeFahrenheit,
        .pascal, .millimeterOfMercury, .inchOfMercury, .atmosphere, .centimeterOfWater,
        .count, .percent,
        .hertz, .volt, .watt, .siemens,
        .internationalUnit, .decibelASPL, .decibelHL, .lux, .radian, .degreeAngle,
        .appleEffortScore, .diopter,
    ]

    /// The atoms by their exact HealthKit symbol (moles are parsed separately).
    static let bySymbol: [String: UnitAtom] = {
        var table: [String: UnitAtom] = [:]
        for atom in simpleAtoms { table[atom.baseSymbol] = atom }
        return table
    }()

    /// The symbol without any molar mass: `mol` for moles.
    var baseSymbol: String {
        switch self {
        case .meter: "m"
        case .inch: "in"
        case .foot: "ft"
        case .yard: "yd"
        case .mile: "mi"
        case .gram: "g"
        case .ounce: "oz"
        case .pound: "lb"
        case .stone: "st"
        case .mole: "mol"
        case .liter: "L"
        case .fluidOunceUS: "fl_oz_us"
        case .fluidOunceImperial: "fl_oz_imp"
        case .cupUS: "cup_us"
        case .cupImperial: "cup_imp"
        case .pintUS: "pt_us"
        case .pintImperial: "pt_imp"
        case .second: "s"
        case .minute: "min"
        case .hour: "hr"
        case .day: "d"
        case .joule: "J"
        case .calorie: "cal"
        case .largeCalorie: "Cal"
        case .kelvin: "K"
        case .degreeCelsius: "degC"
        case .degreeFahrenheit: "degF"
        case .pascal: "Pa"
        case .millimeterOfMercury: "mmHg"
        case .inchOfMercury: "inHg"
        case .atmosphere: "atm"
        case .centimeterOfWater: "cmAq"
        case .count: "count"
        case .percent: "%"
        case .hertz: "Hz"
        case .volt: "V"
        case .watt: "W"
        case .siemens: "S"
        case .internationalUnit: "IU"
        case .decibelASPL: "dBASPL"
        case .decibelHL: "dBHL"
        case .lux: "lx"
        case .radian: "rad"
        case .degreeAngle: "deg"
        case .appleEffortScore: "appleEffortScore"
        case .diopter: "D"
        }
    }

    /// The full symbol, with the molar mass for moles: `mol<180.15588000005408>`.
    var symbol: String {
        if case .mole(let molarMass) = self {
            return "mol<\(molarMass.formatted)>"
        }
        return baseSymbol
    }

    /// Position in canonical print order (moles sort right after the other masses).
    var sortIndex: Int {
        if case .mole = self { return Self.moleSortIndex }
        let index = Self.simpleAtoms.firstIndex(of: self) ?? Self.simpleAtoms.count
        return index < Self.moleSortIndex ? index : index + 1
    }

    private static let moleSortIndex = 9

    /// Whether an SI prefix may precede the atom (`km`, `mcg`, `mmol<…>`, `dL`, `kcal`, `kPa`, …).
    var isPrefixable: Bool {
        switch self {
        case .meter, .gram, .mole, .liter, .second, .joule, .calorie, .pascal,
             .hertz, .volt, .watt, .siemens:
            true
        default:
            false
        }
    }

    /// Whether the atom measures a logarithmic quantity (decibels), which only scales with exponent 1.
    var isLogarithmic: Bool {
        self == .decibelASPL || self == .decibelHL
    }

    /// The atom's dimension.
    var dimension: UnitDimension {
        switch self {
        case .meter, .inch, .foot, .yard, .mile: .length
        case .gram, .ounce, .pound, .stone, .mole: .mass
        case .liter, .fluidOunceUS, .fluidOunceImperial, .cupUS, .cupImperial, .pintUS, .pintImperial:
            UnitDimension(length: 3)
        case .second, .minute, .hour, .day: .time
        case .joule, .calorie, .largeCalorie: UnitDimension(length: 2, mass: 1, time: -2)
        case .kelvin, .degreeCelsius, .degreeFahrenheit: .temperature
        case .pascal, .millimeterOfMercury, .inchOfMercury, .atmosphere, .centimeterOfWater:
            UnitDimension(length: -1, mass: 1, time: -2)
        case .count, .percent: .dimensionless
        case .hertz: UnitDimension(time: -1)
        case .volt: UnitDimension(length: 2, mass: 1, time: -3, electricCurrent: -1)
        case .watt: UnitDimension(length: 2, mass: 1, time: -3)
        case .siemens: UnitDimension(length: -2, mass: -1, time: 3, electricCurrent: 2)
        case .internationalUnit: .pharmacologicalActivity
        case .decibelASPL: .soundPressureLevel
        case .decibelHL: .hearingLevel
        case .lux: UnitDimension(length: -2, luminousIntensity: 1)
        case .radian, .degreeAngle: .angle
        case .appleEffortScore: .effort
        case .diopter: UnitDimension(length: -1)
        }
    }

    /// The factor to coherent SI units (m, kg, s, K, A, cd, rad) as a ratio of the defining constants.
    var scale: UnitRatio {
        func ratio(_ numerator: Double, _ denominator: Double = 1) -> UnitRatio {
            UnitRatio(numerator: numerator, denominator: denominator)
        }
        switch self {
        case .meter: return .one
        case .inch: return ratio(254, 10_000)                  // 0.0254 m
        case .foot: return ratio(3_048, 10_000)                // 0.3048 m
        case .yard: return ratio(9_144, 10_000)                // 0.9144 m
        case .mile: return ratio(1_609_344, 1_000)             // 1609.344 m
        case .gram: return ratio(1, 1_000)                     // 0.001 kg
        case .ounce: return ratio(45_359_237, 1_600_000_000)   // lb / 16
        case .pound: return ratio(45_359_237, 100_000_000)     // 0.45359237 kg
        case .stone: return ratio(14 * 45_359_237, 100_000_000) // 14 lb
        case .mole(let molarMass): return ratio(molarMass.gramsPerMole, 1_000) // M g
        case .liter: return ratio(1, 1_000)                    // 0.001 m³
        case .fluidOunceUS: return ratio(295_735_295_625, 1e16)  // 29.5735295625 mL
        case .fluidOunceImperial: return ratio(284_130_625, 1e13) // 28.4130625 mL
        case .cupUS: return ratio(2_365_882_365, 1e13)         // 236.5882365 mL = 8 US fl oz
        case .cupImperial: return ratio(284_130_625, 1e12)     // 284.130625 mL = 10 imp fl oz
        case .pintUS: return ratio(473_176_473, 1e12)          // 473.176473 mL = 16 US fl oz
        case .pintImperial: return ratio(56_826_125, 1e11)     // 568.26125 mL = 20 imp fl oz
        case .second: return .one
        case .minute: return ratio(60)
        case .hour: return ratio(3_600)
        case .day: return ratio(86_400)
        case .joule: return .one
        case .calorie: return ratio(4_184, 1_000)              // 4.184 J
        case .largeCalorie: return ratio(4_184)                // 1 kcal
        case .kelvin, .degreeCelsius: return .one
        case .degreeFahrenheit: return ratio(5, 9)
        case .pascal: return .one
        case .millimeterOfMercury: return ratio(133_322_387_415, 1e9) // 133.322387415 Pa
        case .inchOfMercury: return ratio(3_386_389, 1_000)    // 3386.389 Pa
        case .atmosphere: return ratio(101_325)                // 101325 Pa
        case .centimeterOfWater: return ratio(980_665, 10_000) // 98.0665 Pa
        case .count, .percent: return .one
        case .hertz, .volt, .watt, .siemens: return .one
        case .internationalUnit, .decibelASPL, .decibelHL, .lux, .radian, .appleEffortScore, .diopter:
            return .one
        case .degreeAngle: return ratio(Double.pi, 180)        // π/180 rad
        }
    }

    /// For `degC` and `degF`: the amount added to a value in this unit, before scaling, to get an
    /// absolute temperature (273.15 for degC, 459.67 for degF). `nil` for every other atom.
    var offset: UnitRatio? {
        switch self {
        case .degreeCelsius: UnitRatio(numerator: 27_315, denominator: 100)
        case .degreeFahrenheit: UnitRatio(numerator: 45_967, denominator: 100)
        default: nil
        }
    }
}
