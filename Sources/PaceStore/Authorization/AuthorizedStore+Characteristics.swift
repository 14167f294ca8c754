import Foundation
public import PaceModel

extension AuthorizedStore {
    /// A characteristic, when the client may read its type; `nil` otherwise, as when none is stored.
    ///
    /// HealthKit apps only read characteristics: there is no setter here. Read permission is asked
    /// for with ``PaceModel/HealthObjectType/characteristic(_:)`` types.
    ///
    /// ```swift
    /// try await app.requestAuthorization(toShare: [], read: [.characteristic(.dateOfBirth)]) { _, _ in true }
    /// let birthday = try await app.dateOfBirth()
    /// ```
    ///
    /// - Parameter type: The characteristic type.
    /// - Throws: ``StoreError`` if SQLite fails.
    public func characteristic(_ type: CharacteristicTypeIdentifier) async throws(StoreError) -> StoredCharacteristic? {
        try await canRead(.characteristic(type)) ? try await store.characteristic(type) : nil
    }
}

extension AuthorizedStore {
    /// ``characteristic(_:)``, blocking its caller until the store answers: for APIs that must
    /// answer synchronously (HealthKit's `dateOfBirthComponents()`, `biologicalSex()`, …).
    public func characteristicBlocking(_ type: CharacteristicTypeIdentifier) throws(StoreError) -> StoredCharacteristic? {
        guard try store.backend.canReadBlocking(client: client, type: .characteristic(type)) else { return nil }
        return try store.backend.characteristicsBlocking([type]).first
    }
}

extension AuthorizedStore: CharacteristicReading {}
