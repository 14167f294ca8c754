package import Foundation
package import PaceModel

/// The user's characteristics (date of birth, biological sex, …), one value per type.
package protocol CharacteristicBackend: Sendable {
    /// Stores a characteristic's encoded value (``CharacteristicCoding``) set at `date`.
    ///
    /// - Returns: Whether the stored value changed.
    func setCharacteristic(_ type: CharacteristicTypeIdentifier, text: String, at date: Date) async throws(StoreError) -> Bool

    /// Removes a characteristic; returns whether one was stored.
    func removeCharacteristic(_ type: CharacteristicTypeIdentifier) async throws(StoreError) -> Bool

    /// The stored characteristics among `types`, in the order of `types`, in one snapshot.
    func characteristics(_ types: [CharacteristicTypeIdentifier]) async throws(StoreError) -> [StoredCharacteristic]

    /// ``characteristics(_:)``, blocking its caller (for APIs that must answer synchronously).
    func characteristicsBlocking(_ types: [CharacteristicTypeIdentifier]) throws(StoreError) -> [StoredCharacteristic]
}
