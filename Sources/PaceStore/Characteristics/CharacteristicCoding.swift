import Foundation
import PaceModel

/// How characteristic values are written in the `characteristic` table's `value` column (text):
/// the date of birth as `YYYY-MM-DD`, the enums as their HealthKit raw value in decimal.
enum CharacteristicCoding {
    /// The text stored for a value; `nil` for a date of birth lacking a valid year, month or day.
    static func text(_ value: CharacteristicValue) -> String? {
        switch value {
        case .dateOfBirth(let components):
            guard let day = validDay(components) else { return nil }
            return padded(day.year, 4) + "-" + padded(day.month, 2) + "-" + padded(day.day, 2)
        case .biologicalSex(let value): return String(value.rawValue)
        case .bloodType(let value): return String(value.rawValue)
        case .fitzpatrickSkinType(let value): return String(value.rawValue)
        case .wheelchairUse(let value): return String(value.rawValue)
        case .activityMoveMode(let value): return String(value.rawValue)
        }
    }

    /// The value stored as `text` for `type`, or `nil` when the text is not readable.
    static func value(_ text: String, type: CharacteristicTypeIdentifier) -> CharacteristicValue? {
        if type == .dateOfBirth {
            let parts = text.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 3 else { return nil }
            let components = DateComponents(year: parts[0], month: parts[1], day: parts[2])
            return validDay(components) == nil ? nil : .dateOfBirth(components)
        }
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

    private static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Year, month and day when all are present and name a real Gregorian day (year 1…9999).
    static func validDay(_ components: DateComponents) -> (year: Int, month: Int, day: Int)? {
        guard let year = components.year, let month = components.month, let day = components.day,
              (1...9999).contains(year), (1...12).contains(month), day >= 1 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        guard let first = calendar.date(from: DateComponents(year: year, month: month, day: 1)),
              let days = calendar.range(of: .day, in: .month, for: first), days.contains(day) else { return nil }
        return (year, month, day)
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
