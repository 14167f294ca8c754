/// HealthKit characteristic types (`HKCharacteristicTypeIdentifier`): facts
/// about the user that do not change over time.
public enum CharacteristicTypeIdentifier: String, Sendable, Codable, CaseIterable {
    /// Biological sex (see ``BiologicalSex``).
    case biologicalSex = "HKCharacteristicTypeIdentifierBiologicalSex"
    /// ABO/Rh blood type (see ``BloodType``).
    case bloodType = "HKCharacteristicTypeIdentifierBloodType"
    /// Date of birth (calendar date components).
    case dateOfBirth = "HKCharacteristicTypeIdentifierDateOfBirth"
    /// Fitzpatrick skin type (see ``FitzpatrickSkinType``).
    case fitzpatrickSkinType = "HKCharacteristicTypeIdentifierFitzpatrickSkinType"
    /// Wheelchair use (see ``WheelchairUse``).
    case wheelchairUse = "HKCharacteristicTypeIdentifierWheelchairUse"
    /// Activity ring move mode (see ``ActivityMoveMode``).
    case activityMoveMode = "HKCharacteristicTypeIdentifierActivityMoveMode"

    /// The common prefix of every raw value, `"HKCharacteristicTypeIdentifier"`.
    public static let identifierPrefix = "HKCharacteristicTypeIdentifier"

    /// HealthKit's Swift name for this type, e.g. `"biologicalSex"`.
    public var name: String {
        CatalogueNaming.lowerCamel(String(rawValue.dropFirst(Self.identifierPrefix.count)))
    }

    /// Human-readable name, e.g. "Biological Sex".
    public var displayName: String {
        switch self {
        case .biologicalSex: "Biological Sex"
        case .bloodType: "Blood Type"
        case .dateOfBirth: "Date of Birth"
        case .fitzpatrickSkinType: "Fitzpatrick Skin Type"
        case .wheelchairUse: "Wheelchair Use"
        case .activityMoveMode: "Activity Move Mode"
        }
    }
}

/// Biological sex, with HealthKit's `HKBiologicalSex` raw values.
public enum BiologicalSex: Int, Sendable, Codable, CaseIterable {
    /// Not set (0).
    case notSet = 0
    /// Female (1).
    case female = 1
    /// Male (2).
    case male = 2
    /// Other (3).
    case other = 3
}

/// Blood type, with HealthKit's `HKBloodType` raw values.
public enum BloodType: Int, Sendable, Codable, CaseIterable {
    /// Not set (0).
    case notSet = 0
    /// A+ (1).
    case aPositive = 1
    /// A− (2).
    case aNegative = 2
    /// B+ (3).
    case bPositive = 3
    /// B− (4).
    case bNegative = 4
    /// AB+ (5).
    case abPositive = 5
    /// AB− (6).
    case abNegative = 6
    /// O+ (7).
    case oPositive = 7
    /// O− (8).
    case oNegative = 8
}

/// Fitzpatrick skin type, with HealthKit's `HKFitzpatrickSkinType` raw values.
public enum FitzpatrickSkinType: Int, Sendable, Codable, CaseIterable {
    /// Not set (0).
    case notSet = 0
    /// Type I: pale white skin, always burns, never tans (1).
    case typeI = 1
    /// Type II: white skin, burns easily, tans minimally (2).
    case typeII = 2
    /// Type III: white to light brown skin, burns moderately, tans uniformly (3).
    case typeIII = 3
    /// Type IV: beige-olive skin, rarely burns, tans easily (4).
    case typeIV = 4
    /// Type V: brown skin, very rarely burns, tans very easily (5).
    case typeV = 5
    /// Type VI: dark brown to black skin, never burns (6).
    case typeVI = 6
}

/// Wheelchair use, with HealthKit's `HKWheelchairUse` raw values.
public enum WheelchairUse: Int, Sendable, Codable, CaseIterable {
    /// Not set (0).
    case notSet = 0
    /// Does not use a wheelchair (1).
    case no = 1
    /// Uses a wheelchair (2).
    case yes = 2
}

/// Activity ring move mode, with HealthKit's `HKActivityMoveMode` raw values.
public enum ActivityMoveMode: Int, Sendable, Codable, CaseIterable {
    /// Move goal measured in active energy, kcal (1).
    case activeEnergy = 1
    /// Move goal measured in move time, min (2).
    case appleMoveTime = 2
}
