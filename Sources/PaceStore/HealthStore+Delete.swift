public import Foundation
import GRDB
import PaceModel

extension HealthStore {
    /// Deletes the object with this UUID, leaving a tombstone for anchored queries.
    ///
    /// Deleting a workout also deletes its routes, each with its own tombstone.
    ///
    /// - Parameter id: The object's UUID.
    /// - Returns: Whether an object was deleted (`false` if none had this UUID).
    /// - Throws: ``StoreError`` if SQLite fails; nothing is changed then.
    @discardableResult
    public func delete(id: UUID) async throws(StoreError) -> Bool {
        try await delete(ids: [id]) == 1
    }

    /// Deletes several objects in one transaction.
    ///
    /// - Parameter ids: UUIDs; unknown ones are skipped.
    /// - Returns: How many of `ids` named a stored object (routes deleted along with their
    ///   workout are not counted).
    /// - Throws: ``StoreError`` if SQLite fails; nothing is changed then.
    @discardableResult
    public func delete(ids: [UUID]) async throws(StoreError) -> Int {
        return try await write { db in
            let deleter = ObjectDeleter(db: db, now: Date(), writer: ObjectWriter(db: db, now: Date()))
            var count = 0
            for id in ids where try deleter.delete(id: StoreCoding.text(id)) { count += 1 }
            return count
        }
    }
}

/// Deletes objects inside a write transaction, writing a tombstone for each.
struct ObjectDeleter {
    let db: Database
    let now: Date
    let writer: ObjectWriter

    @discardableResult
    func delete(id: String) throws -> Bool {
        guard let row = try Row.fetchOne(db, sql: "SELECT kind, typeIdentifier FROM healthObject WHERE uuid = ?",
                                         arguments: [id]) else { return false }
        let kind: String = row["kind"]
        if kind == "workout" {
            let routes = try String.fetchAll(db, sql: "SELECT uuid FROM workoutRoute WHERE workoutUUID = ?", arguments: [id])
            for route in routes { try delete(id: route) }
        }
        let anchor = try writer.nextAnchor()
        try db.execute(sql: "DELETE FROM healthObject WHERE uuid = ?", arguments: [id])
        try db.execute(sql: """
            INSERT INTO tombstone (uuid, kind, typeIdentifier, deletedAt, anchor) VALUES (?, ?, ?, ?, ?)
            """, arguments: [id, kind, row["typeIdentifier"] as String, StoreCoding.value(now), anchor])
        return true
    }
}
