/// The identifier of a characteristic type (Apple's `HKCharacteristicTypeIdentifier`): HealthKit's identifier string, with
/// HealthKit's Swift names as static members. Generated from PaceModel's catalogue, which is the
/// one list of types Pace knows.
public struct HKCharacteristicTypeIdentifier: RawRepresentable, Hashable, Sendable {
    /// HealthKit's identifier string, e.g. `HKCharacteristicTypeIdentifierBiologicalSex`.
    public let rawValue: String

    /// An identifier from its string.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// An identifier from its string (Apple's unlabelled form).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Biological sex (see ``BiologicalSex``).
    public static let biologicalSex = HKCharacteristicTypeIdentifier(rawValue: "HKCharacteristicTypeIdentifierBiologicalSex")
    /// ABO/Rh blood type (see ``BloodType``).
    public static let bloodType = HKCharacteristicTypeIdentifier(rawValue: "HKCharacteristicTypeIdentifierBloodType")
    /// Date of birth (calendar date components).
    public static let dateOfBirth = HKCharacteristicTypeIdentifier(rawValue: "HKCharacteristicTypeIdentifierDateOfBirth")
    /// Fitzpatrick skin type (see ``FitzpatrickSkinType``).
    public static let fitzpatrickSkinType = HKCharacteristicTypeIdentifier(rawValue: "HKCharacteristicTypeIdentifierFitzpatrickSkinType")
    /// Wheelchair use (see ``WheelchairUse``).
    public static let wheelchairUse = HKCharacteristicTypeIdentifier(rawValue: "HKCharacteristicTypeIdentifierWheelchairUse")
    /// Activity ring move mode (see ``ActivityMoveMode``).
    public static let activityMoveMode = HKCharacteristicTypeIdentifier(rawValue: "HKCharacteristicTypeIdentifierActivityMoveMode")
}
