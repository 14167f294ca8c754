public import Foundation

extension HealthStore {
    /// Deletes the object with this UUID, leaving a tombstone for anchored queries.
    ///
    /// Deleting a workout also deletes its routes, each with its own tombstone.
    ///
    /// - Parameter id: The object's UUID.
    /// - Returns: Whether an object was deleted (`false` if none had this UUID).
    /// - Throws: ``StoreError`` if the store fails; nothing is changed then.
    @discardableResult
    public func delete(id: UUID) async throws(StoreError) -> Bool {
        try await delete(ids: [id]) == 1
    }

    /// Deletes several objects in one transaction.
    ///
    /// - Parameter ids: UUIDs; unknown ones are skipped.
    /// - Returns: How many of `ids` named a stored object (routes deleted along with their
    ///   workout are not counted).
    /// - Throws: ``StoreError`` if the store fails; nothing is changed then.
    @discardableResult
    public func delete(ids: [UUID]) async throws(StoreError) -> Int {
        try await backend.delete(ids: ids)
    }
}
