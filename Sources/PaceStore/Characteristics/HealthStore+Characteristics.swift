public import Foundation
public import PaceModel

extension HealthStore {
    /// Sets a characteristic of the user (HealthKit's date of birth, biological sex and the others).
    ///
    /// Setting the value already stored changes nothing, not even ``StoredCharacteristic/setAt``, so
    /// repeated imports are idempotent. A "not set" value (``PaceModel/BiologicalSex/notSet`` and the
    /// like) removes the stored value. Characteristics are not health objects: they take no anchor and
    /// appear in no change list.
    ///
    /// ```swift
    /// try await store.setCharacteristic(.dateOfBirth(DateComponents(year: 1990, month: 2, day: 2)))
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value; a date of birth keeps only its year, month and day.
    ///   - date: When it was set; now by default.
    /// - Returns: Whether the store changed.
    /// - Throws: ``StoreError/Code/invalidObject`` for a date of birth without a valid year, month
    ///   and day (nothing is written); ``StoreError`` if SQLite fails.
    @discardableResult
    public func setCharacteristic(_ value: CharacteristicValue, at date: Date = Date()) async throws(StoreError) -> Bool {
        let type = value.type
        if value.isNotSet { return try await removeCharacteristic(type) }
        guard let text = CharacteristicCoding.text(value) else {
            throw StoreError(code: .invalidObject,
                message: "The date of birth needs a valid year, month and day (e.g. 1990-02-02). Nothing was written.",
                path: path)
        }
        return try await backend.setCharacteristic(type, text: text, at: date)
    }

    /// Removes a characteristic, so that it reads as `nil`.
    ///
    /// - Parameter type: The characteristic type.
    /// - Returns: Whether a value was stored.
    /// - Throws: ``StoreError`` if SQLite fails.
    @discardableResult
    public func removeCharacteristic(_ type: CharacteristicTypeIdentifier) async throws(StoreError) -> Bool {
        try await backend.removeCharacteristic(type)
    }

    /// The stored value of a characteristic and when it was set, or `nil` when none is stored.
    ///
    /// ```swift
    /// if let stored = try await store.characteristic(.biologicalSex) { print(stored.value, stored.setAt) }
    /// ```
    ///
    /// - Parameter type: The characteristic type.
    /// - Throws: ``StoreError`` if SQLite fails or the stored value is unreadable.
    public func characteristic(_ type: CharacteristicTypeIdentifier) async throws(StoreError) -> StoredCharacteristic? {
        try await backend.characteristics([type]).first
    }

    /// Every stored characteristic, in ``PaceModel/CharacteristicTypeIdentifier`` order.
    ///
    /// - Throws: ``StoreError`` if SQLite fails or a stored value is unreadable.
    public func characteristics() async throws(StoreError) -> [StoredCharacteristic] {
        try await backend.characteristics(CharacteristicTypeIdentifier.allCases)
    }
}

extension HealthStore: CharacteristicReading {}
