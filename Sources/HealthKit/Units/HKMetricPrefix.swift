/// A decimal SI prefix for the units that take one (Apple's `HKMetricPrefix`), with Apple's raw values.
public enum HKMetricPrefix: Int, Sendable, CaseIterable {
    /// No prefix.
    case none = 0
    /// 10⁻¹².
    case pico = 1
    /// 10⁻⁹.
    case nano = 2
    /// 10⁻⁶.
    case micro = 3
    /// 10⁻³.
    case milli = 4
    /// 10⁻².
    case centi = 5
    /// 10⁻¹.
    case deci = 6
    /// 10¹.
    case deca = 7
    /// 10².
    case hecto = 8
    /// 10³.
    case kilo = 9
    /// 10⁶.
    case mega = 10
    /// 10⁹.
    case giga = 11
    /// 10¹².
    case tera = 12
    // Apple's femto (13) is left out: Pace's unit grammar has no femto prefix (docs/HEALTHKIT.md).

    /// The prefix as HealthKit's unit strings spell it (`mc` for micro).
    var symbol: String {
        switch self {
        case .none: ""
        case .pico: "p"
        case .nano: "n"
        case .micro: "mc"
        case .milli: "m"
        case .centi: "c"
        case .deci: "d"
        case .deca: "da"
        case .hecto: "h"
        case .kilo: "k"
        case .mega: "M"
        case .giga: "G"
        case .tera: "T"
        }
    }
}
