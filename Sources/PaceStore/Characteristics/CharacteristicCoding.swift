import Foundation
package import PaceModel

/// How characteristic values are written in the `characteristic` table's `value` column (text):
/// the date of birth as `YYYY-MM-DD`, the enums as their HealthKit raw value in decimal.
package enum CharacteristicCoding {
    /// The text stored for a value; `nil` for a date of birth lacking a valid year, month or day.
    package static func text(_ value: CharacteristicValue) -> String? {
        switch value {
        case .dateOfBirth(let components): return CalendarDay.text(components)
        case .biologicalSex(let value): return String(value.rawValue)
        case .bloodType(let value): return String(value.rawValue)
        case .fitzpatrickSkinType(let value): return String(value.rawValue)
        case .wheelchairUse(let value): return String(value.rawValue)
        case .activityMoveMode(let value): return String(value.rawValue)
        }
    }

    /// The value stored as `text` for `type`, or `nil` when the text is not readable.
    package static func value(_ text: String, type: CharacteristicTypeIdentifier) -> CharacteristicValue? {
        if type == .dateOfBirth { return CalendarDay.components(fromText: text).map(CharacteristicValue.dateOfBirth) }
        guard let raw = Int(text) else { return nil }
        switch type {
        case .dateOfBirth: return nil
        case .biologicalSex: return BiologicalSex(rawValue: raw).map(CharacteristicValue.biologicalSex)
        case .bloodType: return BloodType(rawValue: raw).map(CharacteristicValue.bloodType)
        case .fitzpatrickSkinType: return FitzpatrickSkinType(rawValue: raw).map(CharacteristicValue.fitzpatrickSkinType)
        case .wheelchairUse: return WheelchairUse(rawValue: raw).map(CharacteristicValue.wheelchairUse)
        case .activityMoveMode: return ActivityMoveMode(rawValue: raw).map(CharacteristicValue.activityMoveMode)
        }
    }
}

extension CharacteristicValue {
    /// The date of birth, if this is one.
    var dateOfBirthValue: DateComponents? { if case .dateOfBirth(let value) = self { value } else { nil } }
    /// The biological sex, if this is one.
    var biologicalSexValue: BiologicalSex? { if case .biologicalSex(let value) = self { value } else { nil } }
    /// The blood type, if this is one.
    var bloodTypeValue: BloodType? { if case .bloodType(let value) = self { value } else { nil } }
    /// The Fitzpatrick skin type, if this is one.
    var fitzpatrickSkinTypeValue: FitzpatrickSkinType? { if case .fitzpatrickSkinType(let value) = self { value } else { nil } }
    /// The wheelchair use, if this is one.
    var wheelchairUseValue: WheelchairUse? { if case .wheelchairUse(let value) = self { value } else { nil } }
    /// The activity move mode, if this is one.
    var activityMoveModeValue: ActivityMoveMode? { if case .activityMoveMode(let value) = self { value } else { nil } }
}
