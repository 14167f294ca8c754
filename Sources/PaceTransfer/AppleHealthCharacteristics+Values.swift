import PaceFormats
import PaceModel

extension AppleHealthCharacteristics {
    /// The values the `<Me>` element carried, in ``PaceModel/CharacteristicTypeIdentifier`` order;
    /// "not set" values are included (storing one removes a stored value).
    var values: [CharacteristicValue] {
        var values: [CharacteristicValue] = []
        if let dateOfBirth { values.append(.dateOfBirth(dateOfBirth)) }
        if let biologicalSex { values.append(.biologicalSex(biologicalSex)) }
        if let bloodType { values.append(.bloodType(bloodType)) }
        if let fitzpatrickSkinType { values.append(.fitzpatrickSkinType(fitzpatrickSkinType)) }
        if let wheelchairUse { values.append(.wheelchairUse(wheelchairUse)) }
        if let activityMoveMode { values.append(.activityMoveMode(activityMoveMode)) }
        return values
    }
}
