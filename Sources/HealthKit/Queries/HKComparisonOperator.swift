/// How a predicate compares a value (the cases of Foundation's `NSComparisonPredicate.Operator`
/// that HealthKit's predicates take, with the same names and raw values).
///
/// On Linux, Foundation marks `NSComparisonPredicate` deprecated and unsupported, so Pace's
/// predicates take this type instead: calls written as Apple's examples write them
/// (`predicateForQuantitySamples(with: .greaterThan, quantity: q)`) compile unchanged
/// (docs/HEALTHKIT.md, "Differences").
public enum HKComparisonOperator: UInt, Sendable {
    /// Less than.
    case lessThan = 0
    /// Less than or equal to.
    case lessThanOrEqualTo = 1
    /// Greater than.
    case greaterThan = 2
    /// Greater than or equal to.
    case greaterThanOrEqualTo = 3
    /// Equal to.
    case equalTo = 4
    /// Not equal to.
    case notEqualTo = 5
}

extension HKComparisonOperator {
    /// Pace's comparison.
    var pace: ComparisonOperator {
        switch self {
        case .lessThan: .lessThan
        case .lessThanOrEqualTo: .lessThanOrEqual
        case .equalTo: .equal
        case .notEqualTo: .notEqual
        case .greaterThanOrEqualTo: .greaterThanOrEqual
        case .greaterThan: .greaterThan
        }
    }
}

import PaceStore
