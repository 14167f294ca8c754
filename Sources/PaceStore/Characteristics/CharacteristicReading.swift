public import Foundation
public import PaceModel

/// Anything that reads the user's characteristics: the owner's ``HealthStore`` (everything) and a
/// client's ``AuthorizedStore`` (only with read permission; `nil` otherwise, as if not set).
public protocol CharacteristicReading {
    /// The stored value of a characteristic, or `nil` when not set (or not readable).
    func characteristic(_ type: CharacteristicTypeIdentifier) async throws(StoreError) -> StoredCharacteristic?
}

extension CharacteristicReading {
    /// The user's date of birth (`year`, `month`, `day`), or `nil`.
    public func dateOfBirth() async throws(StoreError) -> DateComponents? { try await characteristic(.dateOfBirth)?.value.dateOfBirthValue }
    /// The user's biological sex, or `nil`.
    public func biologicalSex() async throws(StoreError) -> BiologicalSex? { try await characteristic(.biologicalSex)?.value.biologicalSexValue }
    /// The user's blood type, or `nil`.
    public func bloodType() async throws(StoreError) -> BloodType? { try await characteristic(.bloodType)?.value.bloodTypeValue }
    /// The user's Fitzpatrick skin type, or `nil`.
    public func fitzpatrickSkinType() async throws(StoreError) -> FitzpatrickSkinType? {
        try await characteristic(.fitzpatrickSkinType)?.value.fitzpatrickSkinTypeValue
    }
    /// The user's wheelchair use, or `nil`.
    public func wheelchairUse() async throws(StoreError) -> WheelchairUse? { try await characteristic(.wheelchairUse)?.value.wheelchairUseValue }
    /// The user's activity move mode, or `nil`.
    public func activityMoveMode() async throws(StoreError) -> ActivityMoveMode? {
        try await characteristic(.activityMoveMode)?.value.activityMoveModeValue
    }
}
