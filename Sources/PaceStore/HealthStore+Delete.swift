public import Foundation
package import PaceModel

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

    /// Saves objects and deletes others in one transaction: both or neither (device sync applies a
    /// page of changes, or a push, this way).
    ///
    /// Every rule of ``save(_:)-([HealthObject])`` applies to `objects`; the deletions follow the
    /// save, so an object the batch replaces by sync version is already gone (and not counted).
    ///
    /// - Parameters:
    ///   - objects: The objects to save.
    ///   - ids: UUIDs to delete; unknown ones are skipped.
    /// - Returns: How many of `ids` named a stored object.
    /// - Throws: ``StoreError`` for the first object that cannot be saved; nothing is changed then.
    @discardableResult
    package func save(_ objects: [HealthObject], deleting ids: [UUID]) async throws(StoreError) -> Int {
        let batch: HealthObjectBatch
        do { batch = try HealthObjectBatch(objects) } catch {
            var error = error
            error.path = path
            throw error
        }
        return try await backend.save(batch, deleting: ids)
    }
}
