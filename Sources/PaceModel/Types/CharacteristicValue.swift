public import Foundation

/// The value of one characteristic: a fact about the user that HealthKit keeps apart from samples.
///
/// One case per ``CharacteristicTypeIdentifier``, carrying HealthKit's value type: date
/// components for the date of birth, an enum for the others.
///
/// ```swift
/// let birthday = CharacteristicValue.dateOfBirth(DateComponents(year: 1990, month: 2, day: 2))
/// let sex = CharacteristicValue.biologicalSex(.female)
/// ```
public enum CharacteristicValue: Hashable, Sendable {
    /// Date of birth as calendar date components (`year`, `month`, `day`; no time, no time zone).
    case dateOfBirth(DateComponents)
    /// Biological sex.
    case biologicalSex(BiologicalSex)
    /// Blood type.
    case bloodType(BloodType)
    /// Fitzpatrick skin type.
    case fitzpatrickSkinType(FitzpatrickSkinType)
    /// Wheelchair use.
    case wheelchairUse(WheelchairUse)
    /// Activity ring move mode.
    case activityMoveMode(ActivityMoveMode)

    /// The characteristic type this value belongs to.
    public var type: CharacteristicTypeIdentifier {
        switch self {
        case .dateOfBirth: .dateOfBirth
        case .biologicalSex: .biologicalSex
        case .bloodType: .bloodType
        case .fitzpatrickSkinType: .fitzpatrickSkinType
        case .wheelchairUse: .wheelchairUse
        case .activityMoveMode: .activityMoveMode
        }
    }

    /// Whether the value says "not set" (HealthKit's `…NotSet` cases); a date of birth always counts as set.
    public var isNotSet: Bool {
        switch self {
        case .dateOfBirth, .activityMoveMode: false
        case .biologicalSex(let value): value == .notSet
        case .bloodType(let value): value == .notSet
        case .fitzpatrickSkinType(let value): value == .notSet
        case .wheelchairUse(let value): value == .notSet
        }
    }
}
