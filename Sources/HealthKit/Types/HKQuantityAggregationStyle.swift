/// How samples of a quantity type combine over time (Apple's `HKQuantityAggregationStyle`), with Apple's raw values.
public enum HKQuantityAggregationStyle: Int, Sendable {
    /// Samples add up (steps, energy, distance).
    case cumulative = 0
    /// Independent measurements, averaged arithmetically.
    case discreteArithmetic = 1
    /// Measurements averaged by the time each covers (heart rate).
    case discreteTemporallyWeighted = 2
    /// Sound levels averaged as an equivalent continuous level.
    case discreteEquivalentContinuousLevel = 3

    /// The old name of ``discreteArithmetic``.
    @available(*, deprecated, renamed: "discreteArithmetic")
    public static var discrete: HKQuantityAggregationStyle { .discreteArithmetic }
}
