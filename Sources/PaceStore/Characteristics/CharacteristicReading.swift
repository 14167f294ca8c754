public import Foundation
public import PaceModel

/// Anything that reads the user's characteristics: the owner's ``HealthStore`` (everything) and a
/// client's ``AuthorizedStore`` (only with read permission; `nil` otherwise, as if not set).
public protocol CharacteristicReading {
    /// The stored value of a characteristic, or `nil` when not set (or not readable).
    func characteristic(_ type: CharacteristicTypeIdentifier) throws(StoreError) -> StoredCharacteristic?
}

extension CharacteristicReading {
    /// The user's date of birth (`year`, `month`, `day`), or `nil`.
    public func dateOfBirth() throws(StoreError) -> DateComponents? { try characteristic(.dateOfBirth)?.value.dateOfBirthValue }
    /// The user's biological sex, or `nil`.
    public func biologicalSex() throws(StoreError) -> BiologicalSex? { try characteristic(.biologicalSex)?.value.biologicalSexValue }
    /// The user's blood type, or `nil`.
    public func bloodType() throws(StoreError) -> BloodType? { try characteristic(.bloodType)?.value.bloodTypeValue }
    /// The user's Fitzpatrick skin type, or `nil`.
    public func fitzpatrickSkinType() throws(StoreError) -> FitzpatrickSkinType? {
        try characteristic(.fitzpatrickSkinType)?.value.fitzpatrickSkinTypeValue
    }
    /// The user's wheelchair use, or `nil`.
    public func wheelchairUse() throws(StoreError) -> WheelchairUse? { try characteristic(.wheelchairUse)?.value.wheelchairUseValue }
    /// The user's activity move mode, or `nil`.
    public func activityMoveMode() throws(StoreError) -> ActivityMoveMode? {
        try characteristic(.activityMoveMode)?.value.activityMoveModeValue
    }
}
