public import Foundation
import PaceModel

extension AuthorizedStore {
    /// Deletes an object this client saved, leaving a tombstone, as HealthKit lets an app do.
    ///
    /// An object the client may not see counts as not stored (`false`), revealing nothing.
    ///
    /// ```swift
    /// try await app.delete(id: sample.id)
    /// ```
    ///
    /// - Parameter id: The object's UUID.
    /// - Returns: Whether an object was deleted.
    /// - Throws: ``StoreError/Code/notAuthorized`` when the client may not share the object's type
    ///   or the object comes from another source; ``StoreError`` if SQLite fails.
    @discardableResult
    public func delete(id: UUID) async throws(StoreError) -> Bool {
        guard let object = try await object(id: id) else { return false }
        let type = object.objectType
        guard try await authorizationStatus(for: type) == .sharingAuthorized else {
            throw StoreError(code: .notAuthorized,
                message: "'\(client)' may not delete \(type.identifier) objects: sharing this type is not authorized. Nothing was deleted.",
                path: store.path)
        }
        guard object.source.bundleIdentifier == client else {
            throw StoreError(code: .notAuthorized,
                message: "'\(client)' may not delete object \(id.uuidString): it was saved by another source. Nothing was deleted.",
                path: store.path)
        }
        return try await store.delete(id: id)
    }
}
