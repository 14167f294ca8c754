/// How samples of a quantity type combine over time, mirroring HealthKit's
/// `HKQuantityAggregationStyle`.
public enum AggregationStyle: String, Sendable, Codable, CaseIterable {
    /// Values add up over time (steps, energy, distance); statistics use sums.
    case cumulative
    /// Independent measurements averaged arithmetically (body mass, blood pressure).
    case discreteArithmetic
    /// Measurements averaged weighted by the time each one covers (heart rate).
    case discreteTemporallyWeighted
    /// Sound levels averaged as an equivalent continuous level (Leq, in dBASPL).
    case discreteEquivalentContinuousLevel

    /// `true` only for ``cumulative``: samples are summed rather than averaged.
    public var isCumulative: Bool { self == .cumulative }

    /// `true` for every discrete style: samples are averaged, not summed.
    public var isDiscrete: Bool { !isCumulative }
}
