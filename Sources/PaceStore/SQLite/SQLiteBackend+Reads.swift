package import Foundation
import GRDB
package import PaceModel

extension SQLiteBackend {
    package func storeIdentifier() async throws(StoreError) -> UUID {
        try await read { db in try Self.storeIdentifier(db) }
    }

    /// The store's identity row.
    static func storeIdentifier(_ db: Database) throws -> UUID {
        guard let text = try String.fetchOne(db, sql: "SELECT storeID FROM storeIdentity WHERE id = 1") else {
            throw StoreError(code: .corrupt, message: "The store has no identity row. The store was changed outside Pace; restore it from a backup.")
        }
        return try StoreCoding.uuid(text)
    }

    package func currentAnchor() async throws(StoreError) -> Anchor {
        try await read { db in Anchor(rawValue: try Self.lastAnchor(db)) }
    }

    /// The anchor of the latest change.
    static func lastAnchor(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT lastAnchor FROM storeState")) ?? 0
    }

    package func object(id: UUID) async throws(StoreError) -> HealthObject? {
        try await read { db in try ObjectReader(db: db).object(id: StoreCoding.text(id)) }
    }

    package func objects(ids: [UUID]) async throws(StoreError) -> [HealthObject] {
        try await read { db in
            // Which of them are stored, 500 to a statement: a batch of new objects (a sync push's
            // usual case) then costs a few index lookups instead of a statement per object.
            let texts = ids.map(StoreCoding.text)
            var stored = Set<String>()
            var start = 0
            while start < texts.count {
                let chunk = Array(texts[start..<min(start + 500, texts.count)])
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
                stored.formUnion(try String.fetchAll(db, sql: "SELECT uuid FROM healthObject WHERE uuid IN (\(marks))",
                                                     arguments: StatementArguments(chunk)))
                start += chunk.count
            }
            let reader = ObjectReader(db: db)
            return try texts.filter(stored.contains).compactMap { id in try reader.object(id: id) }
        }
    }

    package func anchor(of id: UUID) async throws(StoreError) -> Anchor? {
        try await read { db in
            try Int64.fetchOne(db, sql: "SELECT anchor FROM healthObject WHERE uuid = ?", arguments: [StoreCoding.text(id)])
                .map(Anchor.init(rawValue:))
        }
    }

    package func changes(after anchor: Anchor) async throws(StoreError) -> StoreChanges {
        try await read { db in
            let saved = try Row.fetchAll(db, sql: """
                SELECT uuid, typeIdentifier, anchor FROM healthObject WHERE anchor > ? ORDER BY anchor
                """, arguments: [anchor.rawValue]).map { row in
                StoredObjectReference(id: try StoreCoding.uuid(row["uuid"]),
                                      objectType: try StoreCoding.objectType(row["typeIdentifier"]),
                                      anchor: Anchor(rawValue: row["anchor"]))
            }
            let deleted = try Row.fetchAll(db, sql: """
                SELECT uuid, typeIdentifier, deletedAt, anchor FROM tombstone WHERE anchor > ? ORDER BY anchor
                """, arguments: [anchor.rawValue]).map { row in
                Tombstone(id: try StoreCoding.uuid(row["uuid"]),
                          objectType: try StoreCoding.objectType(row["typeIdentifier"]),
                          deletedAt: StoreCoding.date(row["deletedAt"]),
                          anchor: Anchor(rawValue: row["anchor"]))
            }
            return StoreChanges(saved: saved, deleted: deleted, anchor: Anchor(rawValue: try Self.lastAnchor(db)))
        }
    }

    package func objects(of type: HealthObjectType, matching predicate: SamplePredicate, sort: [SampleSortDescriptor],
                         limit: Int?) async throws(StoreError) -> [HealthObject] {
        let condition = try predicate.sqlCondition(for: type)
        var sql = "SELECT o.uuid FROM healthObject o WHERE o.typeIdentifier = ? AND \(condition.sql) ORDER BY "
        sql += (sort.map(\.sqlTerm) + ["o.anchor"]).joined(separator: ", ")
        var arguments: StatementArguments = [type.identifier]
        arguments += condition.arguments
        if let limit {
            sql += " LIMIT ?"
            arguments += [max(0, limit)]
        }
        let query = sql, values = arguments
        return try await read { db in
            let reader = ObjectReader(db: db)
            return try String.fetchAll(db, sql: query, arguments: values).compactMap { id in try reader.object(id: id) }
        }
    }

    package func routes(forWorkout workoutID: UUID, source: String?) async throws(StoreError) -> [WorkoutRoute] {
        try await read { db in
            var sql = """
                SELECT r.uuid FROM workoutRoute r JOIN healthObject o ON o.uuid = r.uuid
                WHERE r.workoutUUID = ?
                """
            var arguments: StatementArguments = [StoreCoding.text(workoutID)]
            if let source {
                sql += " AND o.sourceBundleIdentifier = ?"
                arguments += [source]
            }
            sql += " ORDER BY o.startDate, o.anchor"
            let reader = ObjectReader(db: db)
            return try String.fetchAll(db, sql: sql, arguments: arguments).compactMap { id -> WorkoutRoute? in
                if case .workoutRoute(let route)? = try reader.object(id: id) { return route }
                return nil
            }
        }
    }

    package func sources(of type: HealthObjectType, matching predicate: SamplePredicate,
                         onlySource: String?) async throws(StoreError) -> [Source] {
        let condition = try predicate.sqlCondition(for: type)
        // SQLite takes the bare columns of an aggregate query from the row holding MAX(anchor).
        var sql = """
            SELECT o.sourceBundleIdentifier, MAX(o.anchor), o.sourceName, o.sourceVersion, o.sourceProductType,
                   o.sourceOperatingSystemVersion
            FROM healthObject o WHERE o.typeIdentifier = ? AND \(condition.sql)
            """
        var arguments: StatementArguments = [type.identifier]
        arguments += condition.arguments
        if let onlySource {
            sql += " AND o.sourceBundleIdentifier = ?"
            arguments += [onlySource]
        }
        sql += " GROUP BY o.sourceBundleIdentifier ORDER BY o.sourceName COLLATE NOCASE, o.sourceName, o.sourceBundleIdentifier"
        let query = sql, values = arguments
        return try await read { db in
            try Row.fetchAll(db, sql: query, arguments: values).map { row in
                Source(name: row["sourceName"], bundleIdentifier: row["sourceBundleIdentifier"], version: row["sourceVersion"],
                       productType: row["sourceProductType"], operatingSystemVersion: row["sourceOperatingSystemVersion"])
            }
        }
    }

    package func quantitySeries(of type: QuantityTypeIdentifier, from start: Date, to end: Date) async throws(StoreError) -> [TimedQuantity] {
        let arms = try QuantityValueArm.arms(of: type, matching: .date(from: start, to: end))
        return try await read { db in
            try SQLiteBackend.cumulativeSpans(db, arms: arms).map {
                TimedQuantity(start: StoreCoding.date($0.start), end: StoreCoding.date($0.end), value: $0.value)
            }
        }
    }

    package func anchoredObjects(_ query: AnchoredObjectQuery, scope: ReadScope) async throws(StoreError) -> AnchoredObjectResult {
        let location = self.location
        return try await read { db in try AnchoredObjectReader(db: db, location: location).run(query, scope: scope) }
    }

    package func latestChange(of type: HealthObjectType, source: String?) async throws(StoreError) -> Anchor {
        try await read { db in
            let latest: Int64? = if let source {
                try Int64.fetchOne(db, sql: """
                    SELECT COALESCE(MAX(anchor), 0) FROM healthObject WHERE typeIdentifier = ? AND sourceBundleIdentifier = ?
                    """, arguments: [type.identifier, source])
            } else {
                try Int64.fetchOne(db, sql: """
                    SELECT MAX(COALESCE((SELECT MAX(anchor) FROM healthObject WHERE typeIdentifier = ?1), 0),
                               COALESCE((SELECT MAX(anchor) FROM tombstone WHERE typeIdentifier = ?1), 0))
                    """, arguments: [type.identifier])
            }
            return Anchor(rawValue: latest ?? 0)
        }
    }
}
