package import Foundation
import GRDB
package import PaceModel

extension SQLiteBackend {
    package func save(_ batch: HealthObjectBatch, skippingStoredSyncIdentifiers skipping: Bool) async throws(StoreError) -> [Int] {
        try await write { db in try SQLiteBackend.insert(batch, skippingStoredSyncIdentifiers: skipping, db) }
    }

    package func saveBlocking(_ batch: HealthObjectBatch, skippingStoredSyncIdentifiers skipping: Bool) throws(StoreError) -> [Int] {
        try writeBlocking { db in try SQLiteBackend.insert(batch, skippingStoredSyncIdentifiers: skipping, db) }
    }

    package func saveBlocking(_ series: [QuantitySeriesSample], then batch: HealthObjectBatch) throws(StoreError) {
        _ = try writeBlocking { db in
            for each in series { _ = try SQLiteBackend.insert(each, db) }
            return try SQLiteBackend.insert(batch, skippingStoredSyncIdentifiers: false, db)
        }
    }

    package func storedSyncIdentifiers(_ ids: [String], sourceBundleIdentifier: String) throws(StoreError) -> Set<String> {
        guard !ids.isEmpty else { return [] }
        return try readBlocking { db in
            var found = Set<String>()
            var start = 0
            while start < ids.count {
                let chunk = Array(ids[start..<min(start + 500, ids.count)])
                start += chunk.count
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                let rows = try String.fetchAll(db, sql: """
                    SELECT syncIdentifier FROM healthObject
                    WHERE sourceBundleIdentifier = ? AND syncIdentifier IN (\(marks))
                    """, arguments: StatementArguments([sourceBundleIdentifier] + chunk))
                found.formUnion(rows)
            }
            return found
        }
    }

    package func delete(ids: [UUID]) async throws(StoreError) -> Int {
        try await write { db in
            let deleter = ObjectDeleter(db: db, now: Date(), writer: ObjectWriter(db: db, now: Date()))
            var count = 0
            for id in ids where try deleter.delete(id: StoreCoding.text(id)) { count += 1 }
            return count
        }
    }

    package func save(_ batch: HealthObjectBatch, deleting ids: [UUID]) async throws(StoreError) -> Int {
        try await write { db in
            _ = try SQLiteBackend.insert(batch, skippingStoredSyncIdentifiers: false, db)
            let deleter = ObjectDeleter(db: db, now: Date(), writer: ObjectWriter(db: db, now: Date()))
            var count = 0
            for id in ids where try deleter.delete(id: StoreCoding.text(id)) { count += 1 }
            return count
        }
    }

    package func associate(samples sampleIDs: [UUID], with workoutID: UUID) async throws(StoreError) {
        try await write { db in
            try WorkoutSampleRule.associate(workout: StoreCoding.text(workoutID), samples: sampleIDs.map(StoreCoding.text), db)
        }
    }

    package func associateSamplesByTime(withWorkouts workoutIDs: [UUID]) async throws(StoreError) -> Int {
        try await write { db in try WorkoutSampleRule.linkByTimeAndSource(workouts: workoutIDs.map(StoreCoding.text), db) }
    }
}

/// Deletes objects inside a write transaction, writing a tombstone for each.
struct ObjectDeleter {
    let db: Database
    let now: Date
    let writer: ObjectWriter

    @discardableResult
    func delete(id: String) throws -> Bool {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT kind, typeIdentifier FROM healthObject WHERE uuid = ?"),
                                         arguments: [id]) else { return false }
        let kind: String = row["kind"]
        if kind == "workout" {
            let routes = try String.fetchAll(db, sql: "SELECT uuid FROM workoutRoute WHERE workoutUUID = ?", arguments: [id])
            for route in routes { try delete(id: route) }
        }
        let anchor = try writer.nextAnchor()
        // Cached: preparing the DELETE compiles the delete triggers into it (v14's rollup recompute is
        // large), which once per object cost more than the delete itself.
        try db.cachedStatement(sql: "DELETE FROM healthObject WHERE uuid = ?").execute(arguments: [id])
        try db.cachedStatement(sql: """
            INSERT INTO tombstone (uuid, kind, typeIdentifier, deletedAt, anchor) VALUES (?, ?, ?, ?, ?)
            """).execute(arguments: [id, kind, row["typeIdentifier"] as String, StoreCoding.value(now), anchor])
        return true
    }
}
