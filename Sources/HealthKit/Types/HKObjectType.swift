public import Foundation
import PaceModel

/// A kind of data the store holds (Apple's `HKObjectType`), the root of the type hierarchy:
/// ``HKSampleType`` (``HKQuantityType``, ``HKCategoryType``, ``HKWorkoutType``, ``HKSeriesType``,
/// ``HKCorrelationType``), ``HKCharacteristicType`` and ``HKActivitySummaryType``.
///
/// Types are equal when their identifiers are, so `HKQuantityType(.heartRate)` and
/// `HKObjectType.quantityType(forIdentifier: .heartRate)!` are the same element of a set.
public class HKObjectType: NSObject, @unchecked Sendable {
    /// HealthKit's identifier string, e.g. `HKQuantityTypeIdentifierHeartRate`.
    public let identifier: String

    init(identifier: String) {
        self.identifier = identifier
    }

    /// The Pace type this maps to, or `nil` for a type Pace does not store (correlations, heartbeat series).
    var paceType: HealthObjectType? { try? HealthObjectType(identifier: identifier) }

    /// The quantity type with this identifier, or `nil` when there is none.
    public class func quantityType(forIdentifier identifier: HKQuantityTypeIdentifier) -> HKQuantityType? {
        guard let pace = QuantityTypeIdentifier(rawValue: identifier.rawValue) else { return nil }
        return HKQuantityType(pace: pace)
    }

    /// The category type with this identifier, or `nil` when there is none.
    public class func categoryType(forIdentifier identifier: HKCategoryTypeIdentifier) -> HKCategoryType? {
        guard let pace = CategoryTypeIdentifier(rawValue: identifier.rawValue) else { return nil }
        return HKCategoryType(pace: pace)
    }

    /// The characteristic type with this identifier, or `nil` when there is none.
    public class func characteristicType(forIdentifier identifier: HKCharacteristicTypeIdentifier) -> HKCharacteristicType? {
        guard let pace = CharacteristicTypeIdentifier(rawValue: identifier.rawValue) else { return nil }
        return HKCharacteristicType(pace: pace)
    }

    /// The correlation type with this identifier, or `nil` when there is none.
    public class func correlationType(forIdentifier identifier: HKCorrelationTypeIdentifier) -> HKCorrelationType? {
        guard HKCorrelationTypeIdentifier.known.contains(identifier) else { return nil }
        return HKCorrelationType(identifier: identifier.rawValue)
    }

    /// The series type with this identifier (`HKWorkoutRouteTypeIdentifier`,
    /// `HKDataTypeIdentifierHeartbeatSeries`), or `nil`.
    public class func seriesType(forIdentifier identifier: String) -> HKSeriesType? {
        switch identifier {
        case HKWorkoutRouteTypeIdentifier: .workoutRoute()
        case HKDataTypeIdentifierHeartbeatSeries: .heartbeat()
        default: nil
        }
    }

    /// The workout type.
    public class func workoutType() -> HKWorkoutType { HKWorkoutType(identifier: HKWorkoutTypeIdentifier) }

    /// The activity summary type.
    public class func activitySummaryType() -> HKActivitySummaryType {
        HKActivitySummaryType(identifier: HealthObjectType.activitySummaryIdentifier)
    }

    /// Whether each object of the type needs its own permission (vision prescriptions; never on Pace).
    public var requiresPerObjectAuthorization: Bool { false }

    /// Types are equal when they are of the same class with the same identifier.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKObjectType else { return false }
        return type(of: other) == type(of: self) && other.identifier == identifier
    }

    /// A hash consistent with ``isEqual(_:)``.
    public override var hash: Int { identifier.hashValue }

    /// The identifier.
    public override var description: String { identifier }
}

/// The identifier of the workout type.
public let HKWorkoutTypeIdentifier = HealthObjectType.workoutIdentifier
/// The identifier of the workout route series type.
public let HKWorkoutRouteTypeIdentifier = HealthObjectType.workoutRouteIdentifier
/// The identifier of the heartbeat series type.
public let HKDataTypeIdentifierHeartbeatSeries = "HKDataTypeIdentifierHeartbeatSeries"

/// A type whose objects are samples, with a start and an end (Apple's `HKSampleType`).
public class HKSampleType: HKObjectType, @unchecked Sendable {
    /// Whether samples of the type may last at most ``maximumAllowedDuration``.
    public var isMaximumDurationRestricted: Bool { false }
    /// The longest a sample may last, in seconds, when restricted.
    public var maximumAllowedDuration: TimeInterval { 0 }
    /// Whether samples of the type must last at least ``minimumAllowedDuration``.
    public var isMinimumDurationRestricted: Bool { false }
    /// The shortest a sample may last, in seconds, when restricted.
    public var minimumAllowedDuration: TimeInterval { 0 }
    /// Whether estimates of the type may be recalibrated (never on Pace).
    public var allowsRecalibrationForEstimates: Bool { false }
}

/// A quantity type: samples of an amount in a unit (Apple's `HKQuantityType`).
public final class HKQuantityType: HKSampleType, @unchecked Sendable {
    /// The Pace identifier.
    let quantityIdentifier: QuantityTypeIdentifier

    init(pace identifier: QuantityTypeIdentifier) {
        self.quantityIdentifier = identifier
        super.init(identifier: identifier.rawValue)
    }

    /// The quantity type with this identifier (iOS 15's form). An identifier HealthKit does not
    /// define stops the program, as Apple's does; ``HKObjectType/quantityType(forIdentifier:)`` returns `nil` instead.
    public convenience init(_ identifier: HKQuantityTypeIdentifier) {
        guard let pace = QuantityTypeIdentifier(rawValue: identifier.rawValue) else {
            preconditionFailure("HKQuantityType(_:): '\(identifier.rawValue)' is not a quantity type identifier")
        }
        self.init(pace: pace)
    }

    /// How samples of the type combine over time.
    public var aggregationStyle: HKQuantityAggregationStyle {
        switch quantityIdentifier.aggregationStyle {
        case .cumulative: .cumulative
        case .discreteArithmetic: .discreteArithmetic
        case .discreteTemporallyWeighted: .discreteTemporallyWeighted
        case .discreteEquivalentContinuousLevel: .discreteEquivalentContinuousLevel
        }
    }

    /// Whether amounts of the type may be given in `unit`.
    public func `is`(compatibleWith unit: HKUnit) -> Bool {
        quantityIdentifier.canonicalUnit.isCompatible(with: unit.unit)
    }
}

/// A category type: samples of a value from a list (Apple's `HKCategoryType`).
public final class HKCategoryType: HKSampleType, @unchecked Sendable {
    /// The Pace identifier.
    let categoryIdentifier: CategoryTypeIdentifier

    init(pace identifier: CategoryTypeIdentifier) {
        self.categoryIdentifier = identifier
        super.init(identifier: identifier.rawValue)
    }

    /// The category type with this identifier (iOS 15's form); stops the program for an
    /// identifier HealthKit does not define, as Apple's does.
    public convenience init(_ identifier: HKCategoryTypeIdentifier) {
        guard let pace = CategoryTypeIdentifier(rawValue: identifier.rawValue) else {
            preconditionFailure("HKCategoryType(_:): '\(identifier.rawValue)' is not a category type identifier")
        }
        self.init(pace: pace)
    }
}

/// The workout type (Apple's `HKWorkoutType`).
public final class HKWorkoutType: HKSampleType, @unchecked Sendable {}

/// A series type: workout routes and heartbeat series (Apple's `HKSeriesType`).
public final class HKSeriesType: HKSampleType, @unchecked Sendable {
    /// The workout route type.
    public class func workoutRoute() -> HKSeriesType { HKSeriesType(identifier: HKWorkoutRouteTypeIdentifier) }
    /// The heartbeat series type (not stored by Pace: saving one fails).
    public class func heartbeat() -> HKSeriesType { HKSeriesType(identifier: HKDataTypeIdentifierHeartbeatSeries) }
}

/// A correlation type: blood pressure or food, grouping samples (Apple's `HKCorrelationType`).
/// Pace does not store correlations yet: saving one fails with ``HKError/Code/errorInvalidArgument``.
public final class HKCorrelationType: HKSampleType, @unchecked Sendable {}

/// A characteristic type: a fact about the user (Apple's `HKCharacteristicType`).
public final class HKCharacteristicType: HKObjectType, @unchecked Sendable {
    init(pace identifier: CharacteristicTypeIdentifier) {
        super.init(identifier: identifier.rawValue)
    }

    /// The characteristic type with this identifier; stops the program for an unknown one, as Apple's does.
    public convenience init(_ identifier: HKCharacteristicTypeIdentifier) {
        guard let pace = CharacteristicTypeIdentifier(rawValue: identifier.rawValue) else {
            preconditionFailure("HKCharacteristicType(_:): '\(identifier.rawValue)' is not a characteristic type identifier")
        }
        self.init(pace: pace)
    }
}

/// The activity summary type: the daily rings (Apple's `HKActivitySummaryType`).
public final class HKActivitySummaryType: HKObjectType, @unchecked Sendable {}
