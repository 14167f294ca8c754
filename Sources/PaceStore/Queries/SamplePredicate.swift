public import Foundation
public import PaceModel

/// Which stored objects a query returns, like HealthKit's `NSPredicate`s from `HKQuery`.
///
/// Predicates are values; combine them with `&&`, `||` and `!`. The store translates them
/// to SQL with bound arguments.
///
/// ```swift
/// let predicate = SamplePredicate.date(from: start, to: end, options: .strictStartDate)
///     && .source("com.apple.health") && !.device(named: "Strap")
/// let samples = try await store.samples(matching: .quantity(.heartRate), predicate: predicate)
/// ```
public struct SamplePredicate: Sendable, Hashable {
    /// The predicate's tree, which each backend compiles in its own dialect (DECISIONS 120, 125).
    package indirect enum Node: Sendable, Hashable {
        case all
        case date(from: Date?, to: Date?, options: DateRangeOptions)
        case sources([String])
        case deviceName(String)
        case workout(UUID)
        case ids([UUID])
        case metadata(MetadataKey, MetadataValue)
        case metadataKey(MetadataKey)
        case quantity(ComparisonOperator, Quantity)
        case activityType(WorkoutActivityType)
        case categoryValue(ComparisonOperator, Int)
        case workoutDuration(ComparisonOperator, Double)
        case workoutTotal(WorkoutTotal, ComparisonOperator, Quantity)
        case and(Node, Node)
        case or(Node, Node)
        case not(Node)
    }

    /// The root of the tree.
    package let node: Node

    init(_ node: Node) { self.node = node }

    /// Every object of the queried type.
    public static let all = SamplePredicate(.all)

    /// Objects in a date range, with HealthKit's options.
    ///
    /// Without options an object matches when it overlaps `[from, to)`: it starts before `to`
    /// and ends after `from` (an instantaneous object at `from` matches, one at `to` does not).
    /// ``DateRangeOptions/strictStartDate`` requires `startDate ≥ from`;
    /// ``DateRangeOptions/strictEndDate`` requires `endDate ≤ to`. A `nil` bound is open.
    ///
    /// - Parameters:
    ///   - from: The start of the range, or `nil`.
    ///   - to: The end of the range, or `nil`.
    ///   - options: Strict start and/or end.
    public static func date(from: Date?, to: Date?, options: DateRangeOptions = []) -> SamplePredicate {
        SamplePredicate(.date(from: from, to: to, options: options))
    }

    /// Objects whose source has this bundle identifier (e.g. `"org.pace"`).
    public static func source(_ bundleIdentifier: String) -> SamplePredicate {
        SamplePredicate(.sources([bundleIdentifier]))
    }

    /// Objects whose source has one of these bundle identifiers.
    public static func sources(_ bundleIdentifiers: [String]) -> SamplePredicate {
        SamplePredicate(.sources(bundleIdentifiers))
    }

    /// Objects whose device has this name (``Device/name``), compared exactly.
    public static func device(named name: String) -> SamplePredicate {
        SamplePredicate(.deviceName(name))
    }

    /// The samples associated with a workout (HealthKit's `predicateForObjects(from:)`; see
    /// ``WorkoutAssociation`` and ``HealthStore/add(samples:to:)``) and the workout's routes.
    public static func workout(_ workoutID: UUID) -> SamplePredicate {
        SamplePredicate(.workout(workoutID))
    }

    /// The object with this UUID.
    public static func id(_ id: UUID) -> SamplePredicate { SamplePredicate(.ids([id])) }

    /// Objects with one of these UUIDs (none for an empty list).
    public static func ids(_ ids: [UUID]) -> SamplePredicate { SamplePredicate(.ids(ids)) }

    /// Objects whose metadata holds exactly this value under `key` (same value kind:
    /// a string never equals an integer). Quantity values are not supported and match nothing.
    public static func metadata(_ key: MetadataKey, equals value: MetadataValue) -> SamplePredicate {
        SamplePredicate(.metadata(key, value))
    }

    /// Objects whose metadata has a value, of any kind, under `key`.
    public static func hasMetadata(_ key: MetadataKey) -> SamplePredicate {
        SamplePredicate(.metadataKey(key))
    }

    /// Quantity samples whose value compares to `quantity`; both are compared in the queried
    /// type's canonical unit, so `Quantity(value: 2, unit: .kilometer)` works for distances in metres.
    ///
    /// Querying another kind of type with this predicate, or a unit of another dimension, throws
    /// ``StoreError/Code/incompatibleUnit`` or ``StoreError/Code/invalidPredicate``.
    public static func quantity(_ comparison: ComparisonOperator, _ quantity: Quantity) -> SamplePredicate {
        SamplePredicate(.quantity(comparison, quantity))
    }

    /// Workouts of this activity type.
    public static func activityType(_ activityType: WorkoutActivityType) -> SamplePredicate {
        SamplePredicate(.activityType(activityType))
    }

    /// Category samples whose value compares so with `value` (e.g. a sleep stage's raw value).
    public static func categoryValue(_ comparison: ComparisonOperator, _ value: Int) -> SamplePredicate {
        SamplePredicate(.categoryValue(comparison, value))
    }

    /// Workouts whose active duration, in seconds, compares so with `seconds`.
    public static func workoutDuration(_ comparison: ComparisonOperator, seconds: Double) -> SamplePredicate {
        SamplePredicate(.workoutDuration(comparison, seconds))
    }

    /// Workouts whose total distance compares so with `quantity` (a length); workouts without a
    /// distance never match.
    public static func totalDistance(_ comparison: ComparisonOperator, _ quantity: Quantity) -> SamplePredicate {
        SamplePredicate(.workoutTotal(.distance, comparison, quantity))
    }

    /// Workouts whose total active energy compares so with `quantity` (an energy); workouts
    /// without one never match.
    public static func totalEnergyBurned(_ comparison: ComparisonOperator, _ quantity: Quantity) -> SamplePredicate {
        SamplePredicate(.workoutTotal(.energy, comparison, quantity))
    }

    /// Objects matching both predicates.
    public static func && (lhs: SamplePredicate, rhs: SamplePredicate) -> SamplePredicate {
        SamplePredicate(.and(lhs.node, rhs.node))
    }

    /// Objects matching either predicate.
    public static func || (lhs: SamplePredicate, rhs: SamplePredicate) -> SamplePredicate {
        SamplePredicate(.or(lhs.node, rhs.node))
    }

    /// Objects not matching the predicate.
    public static prefix func ! (predicate: SamplePredicate) -> SamplePredicate {
        SamplePredicate(.not(predicate.node))
    }

    /// Objects matching this predicate and `other`.
    public func and(_ other: SamplePredicate) -> SamplePredicate { self && other }

    /// Objects matching this predicate or `other`.
    public func or(_ other: SamplePredicate) -> SamplePredicate { self || other }

    /// Objects not matching this predicate.
    public func negated() -> SamplePredicate { !self }
}

/// HealthKit's `HKQueryOptions` for date predicates.
public struct DateRangeOptions: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The object must start at or after the range's start.
    public static let strictStartDate = DateRangeOptions(rawValue: 1)
    /// The object must end at or before the range's end.
    public static let strictEndDate = DateRangeOptions(rawValue: 2)
}

/// How a quantity predicate compares a sample's value with the given quantity.
public enum ComparisonOperator: String, Sendable, Hashable, CaseIterable {
    /// Value < quantity.
    case lessThan = "<"
    /// Value ≤ quantity.
    case lessThanOrEqual = "<="
    /// Value = quantity.
    case equal = "="
    /// Value ≠ quantity.
    case notEqual = "<>"
    /// Value ≥ quantity.
    case greaterThanOrEqual = ">="
    /// Value > quantity.
    case greaterThan = ">"
}

/// A workout total a predicate compares.
package enum WorkoutTotal: Sendable, Hashable {
    /// The total distance, compared in metres.
    case distance
    /// The total active energy, compared in kilocalories.
    case energy

    /// The unit totals are compared in.
    package var unit: HealthUnit { self == .distance ? .meter : .kilocalorie }
}
