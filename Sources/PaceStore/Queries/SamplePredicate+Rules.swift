package import Foundation
package import PaceModel

extension SamplePredicate {
    /// Checks that the predicate fits `type` before any backend runs it: date ranges in order,
    /// quantity comparisons on quantity types only, in a unit convertible to the type's.
    ///
    /// - Throws: ``StoreError/Code/invalidDateRange``, ``StoreError/Code/invalidPredicate`` or
    ///   ``StoreError/Code/incompatibleUnit``.
    package func validate(for type: HealthObjectType) throws(StoreError) {
        try Self.validate(node, type: type)
    }

    private static func validate(_ node: Node, type: HealthObjectType) throws(StoreError) {
        switch node {
        case .date(let from, let to, _):
            try checkRange(from: from, to: to)
        case .quantity(_, let quantity):
            _ = try canonicalValue(of: quantity, for: type)
        case .and(let lhs, let rhs), .or(let lhs, let rhs):
            try validate(lhs, type: type)
            try validate(rhs, type: type)
        case .not(let inner):
            try validate(inner, type: type)
        case .categoryValue:
            try requireCategory(type)
        case .workoutDuration:
            try requireWorkout(type, "A duration comparison")
        case .workoutTotal(let total, _, let quantity):
            try requireWorkout(type, "A total comparison")
            _ = try totalValue(quantity, total)
        case .all, .sources, .deviceName, .workout, .ids, .metadata, .metadataKey, .activityType:
            break
        }
    }

    /// Refuses a date range that ends before it starts.
    package static func checkRange(from: Date?, to: Date?) throws(StoreError) {
        if let from, let to, to < from {
            throw StoreError(code: .invalidDateRange,
                message: "The date predicate ends (\(to.formatted(.iso8601))) before it starts (\(from.formatted(.iso8601))). Pass the earlier date as `from`.")
        }
    }

    /// A comparison's quantity in the canonical unit of `type`, which must be a quantity type.
    package static func canonicalValue(of quantity: Quantity, for type: HealthObjectType) throws(StoreError) -> Double {
        guard case .quantity(let identifier) = type else {
            throw StoreError(code: .invalidPredicate,
                message: "A quantity comparison applies to quantity types only, not to \(type.identifier). Remove it or query a quantity type.")
        }
        do { return try quantity.doubleValue(for: identifier.canonicalUnit) } catch {
            throw StoreError(code: .incompatibleUnit,
                message: "The unit '\(quantity.unit.unitString)' cannot be converted to \(identifier.rawValue)'s unit '\(identifier.canonicalUnit.unitString)'. Compare with a quantity in a compatible unit.")
        }
    }

    /// Refuses a category value comparison on another kind of type.
    package static func requireCategory(_ type: HealthObjectType) throws(StoreError) {
        guard case .category = type else {
            throw StoreError(code: .invalidPredicate,
                message: "A category value comparison applies to category types only, not to \(type.identifier). Remove it or query a category type.")
        }
    }

    private static func requireWorkout(_ type: HealthObjectType, _ what: String) throws(StoreError) {
        guard type == .workout else {
            throw StoreError(code: .invalidPredicate,
                message: "\(what) applies to workouts only, not to \(type.identifier). Remove it or query workouts.")
        }
    }

    /// A workout total's quantity in the unit totals are compared in (metres, kilocalories).
    package static func totalValue(_ quantity: Quantity, _ total: WorkoutTotal) throws(StoreError) -> Double {
        do { return try quantity.doubleValue(for: total.unit) } catch {
            throw StoreError(code: .incompatibleUnit,
                message: "The unit '\(quantity.unit.unitString)' is not \(total == .distance ? "a length" : "an energy"); compare the workout's total with a quantity in a compatible unit.")
        }
    }
}
