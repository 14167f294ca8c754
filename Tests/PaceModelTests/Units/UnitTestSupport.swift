import PaceTestSupport
/// Helpers shared by the unit tests (namespaced to avoid clashing with other test files).
enum UnitsTesting {
    /// Whether `actual` is within `relativeTolerance` of `expected`, relative to the larger magnitude.
    static func isClose(_ actual: Double, _ expected: Double, relativeTolerance: Double = 1e-12) -> Bool {
        if actual == expected { return true }
        return abs(actual - expected) <= relativeTolerance * max(abs(actual), abs(expected))
    }

    /// A small deterministic random number generator so property tests are reproducible.
    typealias Random = SeededRandom
}
