/// A decimal SI prefix that can precede a prefixable HealthKit unit atom (such as `m`, `g`, `L`, `s`).
///
/// The raw value is the prefix as HealthKit spells it; note that micro is `mc` (as in `mcg`),
/// not `µ` or `u`.
public enum UnitPrefix: String, Sendable, CaseIterable {
    /// pico, `p`: 10⁻¹².
    case pico = "p"
    /// nano, `n`: 10⁻⁹.
    case nano = "n"
    /// micro, `mc`: 10⁻⁶ (HealthKit's spelling of µ).
    case micro = "mc"
    /// milli, `m`: 10⁻³.
    case milli = "m"
    /// centi, `c`: 10⁻².
    case centi = "c"
    /// deci, `d`: 10⁻¹.
    case deci = "d"
    /// deca, `da`: 10¹.
    case deca = "da"
    /// hecto, `h`: 10².
    case hecto = "h"
    /// kilo, `k`: 10³.
    case kilo = "k"
    /// mega, `M`: 10⁶.
    case mega = "M"
    /// giga, `G`: 10⁹.
    case giga = "G"
    /// tera, `T`: 10¹².
    case tera = "T"

    /// The power of ten this prefix stands for, e.g. `-3` for milli (dimensionless).
    public var decimalExponent: Int {
        switch self {
        case .pico: -12
        case .nano: -9
        case .micro: -6
        case .milli: -3
        case .centi: -2
        case .deci: -1
        case .deca: 1
        case .hecto: 2
        case .kilo: 3
        case .mega: 6
        case .giga: 9
        case .tera: 12
        }
    }

    /// The multiplier this prefix applies (dimensionless), e.g. `1e-3` for milli, `1e3` for kilo.
    public var factor: Double {
        scale.value
    }

    /// The multiplier as an exact ratio of integers (both powers of ten, exactly representable).
    var scale: UnitRatio {
        let power = Self.powerOfTen(abs(decimalExponent))
        return decimalExponent < 0
            ? UnitRatio(numerator: 1, denominator: power)
            : UnitRatio(numerator: power, denominator: 1)
    }

    private static func powerOfTen(_ n: Int) -> Double {
        var result = 1.0
        for _ in 0..<n { result *= 10 }
        return result
    }
}
