/// The physical dimension of a unit: integer exponents over the base dimensions Pace knows about.
///
/// Two units can be converted into each other exactly when their dimensions are equal.
/// Besides the SI base dimensions used by health data, HealthKit's special units get dimensions
/// of their own so that they never mix with anything else: `dBASPL` (``soundPressureLevel``),
/// `dBHL` (``hearingLevel``), `IU` (``pharmacologicalActivity``) and `appleEffortScore` (``effort``).
/// Plane angle is a dimension too, so `rad` and `deg` are not dimensionless.
public struct UnitDimension: Hashable, Sendable, CustomStringConvertible {
    /// Exponent of length (m).
    public var length: Int
    /// Exponent of mass (kg).
    public var mass: Int
    /// Exponent of time (s).
    public var time: Int
    /// Exponent of thermodynamic temperature (K).
    public var temperature: Int
    /// Exponent of electric current (A).
    public var electricCurrent: Int
    /// Exponent of luminous intensity (cd).
    public var luminousIntensity: Int
    /// Exponent of plane angle (rad).
    public var angle: Int
    /// Exponent of A-weighted sound pressure level (dBASPL), a logarithmic quantity.
    public var soundPressureLevel: Int
    /// Exponent of hearing level (dBHL), a logarithmic quantity.
    public var hearingLevel: Int
    /// Exponent of pharmacological activity (IU, international units).
    public var pharmacologicalActivity: Int
    /// Exponent of Apple's workout effort score (appleEffortScore).
    public var effort: Int

    /// Creates a dimension from its exponents; omitted exponents are zero.
    public init(length: Int = 0, mass: Int = 0, time: Int = 0, temperature: Int = 0,
                electricCurrent: Int = 0, luminousIntensity: Int = 0, angle: Int = 0,
                soundPressureLevel: Int = 0, hearingLevel: Int = 0,
                pharmacologicalActivity: Int = 0, effort: Int = 0) {
        self.length = length
        self.mass = mass
        self.time = time
        self.temperature = temperature
        self.electricCurrent = electricCurrent
        self.luminousIntensity = luminousIntensity
        self.angle = angle
        self.soundPressureLevel = soundPressureLevel
        self.hearingLevel = hearingLevel
        self.pharmacologicalActivity = pharmacologicalActivity
        self.effort = effort
    }

    /// The dimension of pure numbers (`count`, `%`): all exponents zero.
    public static let dimensionless = UnitDimension()
    /// Length (m).
    public static let length = UnitDimension(length: 1)
    /// Mass (kg); moles with a molar mass (`mol<M>`) are masses too.
    public static let mass = UnitDimension(mass: 1)
    /// Time (s).
    public static let time = UnitDimension(time: 1)
    /// Thermodynamic temperature (K).
    public static let temperature = UnitDimension(temperature: 1)
    /// Electric current (A).
    public static let electricCurrent = UnitDimension(electricCurrent: 1)
    /// Luminous intensity (cd).
    public static let luminousIntensity = UnitDimension(luminousIntensity: 1)
    /// Plane angle (rad).
    public static let angle = UnitDimension(angle: 1)
    /// A-weighted sound pressure level (dBASPL).
    public static let soundPressureLevel = UnitDimension(soundPressureLevel: 1)
    /// Hearing level (dBHL).
    public static let hearingLevel = UnitDimension(hearingLevel: 1)
    /// Pharmacological activity (IU).
    public static let pharmacologicalActivity = UnitDimension(pharmacologicalActivity: 1)
    /// Apple workout effort score (appleEffortScore).
    public static let effort = UnitDimension(effort: 1)

    /// Whether every exponent is zero (a pure number, like `count` or `%`).
    public var isDimensionless: Bool { self == .dimensionless }

    /// The product of two dimensions (exponents add).
    public static func * (lhs: UnitDimension, rhs: UnitDimension) -> UnitDimension {
        var result = lhs
        for index in 0..<baseCount {
            result[index] = lhs[index] &+ rhs[index]
        }
        return result
    }

    /// The quotient of two dimensions (exponents subtract).
    public static func / (lhs: UnitDimension, rhs: UnitDimension) -> UnitDimension {
        lhs * rhs.raised(to: -1)
    }

    /// The dimension raised to an integer power (exponents multiply).
    public func raised(to power: Int) -> UnitDimension {
        var result = self
        for index in 0..<Self.baseCount {
            result[index] = self[index] &* power
        }
        return result
    }

    /// A readable name such as `mass`, `energy` or `length^3/(mass*time)`.
    public var description: String {
        if let name = Self.namedDimensions.first(where: { $0.0 == self })?.1 {
            return name
        }
        var numerator: [String] = []
        var denominator: [String] = []
        for index in 0..<Self.baseCount where self[index] != 0 {
            let exponent = self[index]
            let name = Self.baseNames[index]
            if exponent > 0 {
                numerator.append(exponent == 1 ? name : "\(name)^\(exponent)")
            } else {
                denominator.append(exponent == -1 ? name : "\(name)^\(exponent.magnitude)")
            }
        }
        if numerator.isEmpty {
            return (0..<Self.baseCount).filter { self[$0] != 0 }
                .map { "\(Self.baseNames[$0])^\(self[$0])" }
                .joined(separator: "*")
        }
        let top = numerator.joined(separator: "*")
        switch denominator.count {
        case 0: return top
        case 1: return "\(top)/\(denominator[0])"
        default: return "\(top)/(\(denominator.joined(separator: "*")))"
        }
    }

    // MARK: - Internals

    static let baseCount = 11

    static let baseNames = [
        "length", "mass", "time", "temperature", "electric current", "luminous intensity",
        "angle", "sound pressure level", "hearing level", "pharmacological activity", "effort",
    ]

    private static let namedDimensions: [(UnitDimension, String)] = [
        (.dimensionless, "dimensionless"),
        (UnitDimension(length: 2), "area"),
        (UnitDimension(length: 3), "volume"),
        (UnitDimension(time: -1), "frequency"),
        (UnitDimension(length: 1, time: -1), "speed"),
        (UnitDimension(length: 1, time: -2), "acceleration"),
        (UnitDimension(length: 2, mass: 1, time: -2), "energy"),
        (UnitDimension(length: 2, mass: 1, time: -3), "power"),
        (UnitDimension(length: -1, mass: 1, time: -2), "pressure"),
        (UnitDimension(length: 2, mass: 1, time: -3, electricCurrent: -1), "voltage"),
        (UnitDimension(length: -2, mass: -1, time: 3, electricCurrent: 2), "conductance"),
        (UnitDimension(length: -2, luminousIntensity: 1), "illuminance"),
        (UnitDimension(length: -3, mass: 1), "mass concentration"),
        (UnitDimension(length: -1), "inverse length"),
    ]

    subscript(index: Int) -> Int {
        get {
            switch index {
            case 0: length
            case 1: mass
            case 2: time
            case 3: temperature
            case 4: electricCurrent
            case 5: luminousIntensity
            case 6: angle
            case 7: soundPressureLevel
            case 8: hearingLevel
            case 9: pharmacologicalActivity
            default: effort
            }
        }
        set {
            switch index {
            case 0: length = newValue
            case 1: mass = newValue
            case 2: time = newValue
            case 3: temperature = newValue
            case 4: electricCurrent = newValue
            case 5: luminousIntensity = newValue
            case 6: angle = newValue
            case 7: soundPressureLevel = newValue
            case 8: hearingLevel = newValue
            case 9: pharmacologicalActivity = newValue
            default: effort = newValue
            }
        }
    }
}
