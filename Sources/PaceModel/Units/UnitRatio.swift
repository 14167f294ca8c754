/// A scale factor kept as `numerator / denominator`.
///
/// The defining constants of the unit table are exact decimal ratios of integers (0.0254 m is
/// 254/10000, 1 mmHg is 133322387415/10⁹ Pa). Multiplying numerators and denominators separately
/// keeps products exact while they stay below 2⁵³, so a whole conversion chain ends in a single,
/// correctly rounded division.
struct UnitRatio: Hashable, Sendable {
    /// The numerator (dimensionless).
    var numerator: Double
    /// The denominator (dimensionless).
    var denominator: Double

    /// The ratio 1/1.
    static let one = UnitRatio(numerator: 1, denominator: 1)

    /// `numerator / denominator`.
    var value: Double { numerator / denominator }

    /// Whether both parts are finite and non-zero, so that ``value`` is meaningful.
    var isUsable: Bool {
        numerator.isFinite && denominator.isFinite && numerator != 0 && denominator != 0
    }

    static func * (lhs: UnitRatio, rhs: UnitRatio) -> UnitRatio {
        UnitRatio(numerator: lhs.numerator * rhs.numerator,
                   denominator: lhs.denominator * rhs.denominator)
    }

    /// `denominator / numerator`.
    func reciprocal() -> UnitRatio {
        UnitRatio(numerator: denominator, denominator: numerator)
    }

    /// The ratio raised to an integer power (negative powers invert it).
    func raised(to power: Int) -> UnitRatio {
        let magnitude = power.magnitude
        let raised = UnitRatio(numerator: UnitRatio.integerPower(numerator, magnitude),
                                denominator: UnitRatio.integerPower(denominator, magnitude))
        return power < 0 ? raised.reciprocal() : raised
    }

    /// `base` raised to a non-negative integer power by repeated squaring (exact while representable).
    static func integerPower(_ base: Double, _ exponent: UInt) -> Double {
        var result = 1.0
        var square = base
        var remaining = exponent
        while remaining > 0 {
            if remaining & 1 == 1 { result *= square }
            remaining >>= 1
            if remaining > 0 { square *= square }
        }
        return result
    }
}
