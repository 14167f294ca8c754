public import Foundation
public import PaceModel

/// A characteristic as the store holds it: its value and when it was last changed.
///
/// ```swift
/// for stored in try await store.characteristics() { print(stored.type.displayName, stored.setAt) }
/// ```
public struct StoredCharacteristic: Hashable, Sendable {
    /// The value.
    public var value: CharacteristicValue
    /// When the value was set; setting the same value again keeps the earlier date.
    public var setAt: Date

    /// The characteristic type, ``PaceModel/CharacteristicValue/type`` of the value.
    public var type: CharacteristicTypeIdentifier { value.type }

    /// Creates a stored characteristic.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - setAt: When it was set.
    public init(value: CharacteristicValue, setAt: Date) {
        self.value = value
        self.setAt = setAt
    }
}
