public import Foundation
public import PaceModel

extension AuthorizedStore {
    /// A characteristic, when the client may read its type; `nil` otherwise, as when none is stored.
    ///
    /// HealthKit apps only read characteristics: there is no setter here. Read permission is asked
    /// for with ``PaceModel/HealthObjectType/characteristic(_:)`` types.
    ///
    /// ```swift
    /// try app.requestAuthorization(toShare: [], read: [.characteristic(.dateOfBirth)]) { _, _ in true }
    /// let birthday = try app.dateOfBirth()
    /// ```
    ///
    /// - Parameter type: The characteristic type.
    /// - Throws: ``StoreError`` if SQLite fails.
    public func characteristic(_ type: CharacteristicTypeIdentifier) throws(StoreError) -> StoredCharacteristic? {
        try store.read { db in
            try canRead(.characteristic(type), db: db) ? try HealthStore.characteristic(type, db: db) : nil
        }
    }

    /// The user's date of birth, with read permission; see ``characteristic(_:)``.
    public func dateOfBirth() throws(StoreError) -> DateComponents? { try characteristic(.dateOfBirth)?.value.dateOfBirthValue }
    /// The user's biological sex, with read permission; see ``characteristic(_:)``.
    public func biologicalSex() throws(StoreError) -> BiologicalSex? { try characteristic(.biologicalSex)?.value.biologicalSexValue }
    /// The user's blood type, with read permission; see ``characteristic(_:)``.
    public func bloodType() throws(StoreError) -> BloodType? { try characteristic(.bloodType)?.value.bloodTypeValue }
    /// The user's Fitzpatrick skin type, with read permission; see ``characteristic(_:)``.
    public func fitzpatrickSkinType() throws(StoreError) -> FitzpatrickSkinType? {
        try characteristic(.fitzpatrickSkinType)?.value.fitzpatrickSkinTypeValue
    }
    /// The user's wheelchair use, with read permission; see ``characteristic(_:)``.
    public func wheelchairUse() throws(StoreError) -> WheelchairUse? { try characteristic(.wheelchairUse)?.value.wheelchairUseValue }
    /// The user's activity move mode, with read permission; see ``characteristic(_:)``.
    public func activityMoveMode() throws(StoreError) -> ActivityMoveMode? {
        try characteristic(.activityMoveMode)?.value.activityMoveModeValue
    }
}
