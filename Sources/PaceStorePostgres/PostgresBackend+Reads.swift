package import Foundation
package import PaceModel
package import PaceStore
import PostgresNIO

extension PostgresBackend {
    package func storeIdentifier() async throws(StoreError) -> UUID {
        try await transaction(kind: .read) { connection, account in try await storeIdentifier(connection, account) }
    }

    /// The account's store identity, read in the caller's transaction.
    func storeIdentifier(_ connection: PostgresConnection, _ account: String) async throws -> UUID {
        guard let row = try await connection.rows("SELECT storeID FROM storeState WHERE account = \(account)", logger: logger).first else {
            throw StoreError(code: .corrupt, message: "The PostgreSQL store of account \(account) has no identity row. It was changed outside Pace.")
        }
        return try row.decode(UUID.self)
    }

    /// The account's last anchor, read in the caller's transaction.
    func lastAnchor(_ connection: PostgresConnection, _ account: String) async throws -> Int64 {
        try await connection.rows("SELECT lastAnchor FROM storeState WHERE account = \(account)", logger: logger)
            .first?.decode(Int64.self) ?? 0
    }

    package func currentAnchor() async throws(StoreError) -> Anchor {
        try await transaction(kind: .read) { connection, account in Anchor(rawValue: try await lastAnchor(connection, account)) }
    }

    package func object(id: UUID) async throws(StoreError) -> HealthObject? {
        try await transaction(kind: .read) { connection, account in
            try await objects(ids: [id], connection, account).first
        }
    }

    package func objects(ids: [UUID]) async throws(StoreError) -> [HealthObject] {
        try await transaction(kind: .read) { connection, account in
            try await objects(ids: ids, connection, account)
        }
    }

    /// The stored objects among `ids`, in the order of `ids` (missing ones left out), with their
    /// routes' locations, read in the caller's transaction.
    func objects(ids: [UUID], _ connection: PostgresConnection, _ account: String) async throws -> [HealthObject] {
        guard !ids.isEmpty else { return [] }
        var rows: [UUID: (kind: String, body: String)] = [:]
        for try await (id, kind, body) in try await connection.query("""
            SELECT uuid, kind, body FROM healthObject WHERE account = \(account) AND uuid = ANY(\(ids))
            """, logger: logger).decode((UUID, String, String).self) {
            rows[id] = (kind, body)
        }
        var objects: [HealthObject] = []
        objects.reserveCapacity(rows.count)
        for id in ids {
            guard let row = rows[id] else { continue }
            let locations = row.kind == "route" ? try await routeLocations(id, connection, account) : []
            objects.append(try PostgresObjectCoding.object(kind: row.kind, body: row.body, locations: locations))
        }
        return objects
    }

    /// Every location of a route, in order.
    func routeLocations(_ routeID: UUID, _ connection: PostgresConnection, _ account: String) async throws -> [RouteLocation] {
        try await routeLocations(routeID, after: -1, interval: nil, limit: nil, connection, account).locations
    }

    package func anchor(of id: UUID) async throws(StoreError) -> Anchor? {
        try await transaction(kind: .read) { connection, account in
            try await connection.rows("SELECT anchor FROM healthObject WHERE account = \(account) AND uuid = \(id)", logger: logger)
                .first.map { Anchor(rawValue: try $0.decode(Int64.self)) }
        }
    }

    package func changes(after anchor: Anchor) async throws(StoreError) -> StoreChanges {
        try await transaction(kind: .read) { connection, account in
            var saved: [StoredObjectReference] = []
            for try await (id, type, savedAnchor) in try await connection.query("""
                SELECT uuid, typeIdentifier, anchor FROM healthObject WHERE account = \(account) AND anchor > \(anchor.rawValue)
                ORDER BY anchor
                """, logger: logger).decode((UUID, String, Int64).self) {
                saved.append(StoredObjectReference(id: id, objectType: try PostgresObjectCoding.objectType(type),
                                                   anchor: Anchor(rawValue: savedAnchor)))
            }
            let deleted = try await tombstones(after: anchor.rawValue, type: nil, limit: nil, connection, account)
            return StoreChanges(saved: saved, deleted: deleted, anchor: Anchor(rawValue: try await lastAnchor(connection, account)))
        }
    }

    /// The tombstones after `anchor`, of `type` when given, in anchor order, at most `limit`.
    func tombstones(after anchor: Int64, type: HealthObjectType?, limit: Int?, _ connection: PostgresConnection,
                    _ account: String) async throws -> [Tombstone] {
        var statement = PostgresStatement("SELECT uuid, typeIdentifier, deletedAt, anchor FROM tombstone WHERE account = ")
        statement.append(statement.bind(account) + " AND anchor > " + statement.bind(anchor))
        if let type { statement.append(" AND typeIdentifier = " + statement.bind(type.identifier)) }
        statement.append(" ORDER BY anchor")
        if let limit { statement.append(" LIMIT \(limit)") }
        var tombstones: [Tombstone] = []
        for try await (id, type, deletedAt, deletedAnchor) in try await connection.query(statement.query, logger: logger)
            .decode((UUID, String, Double, Int64).self) {
            tombstones.append(Tombstone(id: id, objectType: try PostgresObjectCoding.objectType(type),
                                        deletedAt: Date(timeIntervalSinceReferenceDate: deletedAt), anchor: Anchor(rawValue: deletedAnchor)))
        }
        return tombstones
    }

    package func objects(of type: HealthObjectType, matching predicate: SamplePredicate, sort: [SampleSortDescriptor],
                         limit: Int?) async throws(StoreError) -> [HealthObject] {
        var statement = PostgresStatement("SELECT o.uuid FROM healthObject o WHERE o.account = ")
        statement.append(statement.bind(account) + " AND o.typeIdentifier = " + statement.bind(type.identifier))
        statement.append(" AND " + (try predicate.postgresCondition(for: type, into: &statement)))
        statement.append(" ORDER BY " + (sort.map(\.postgresTerm) + ["o.anchor"]).joined(separator: ", "))
        if let limit { statement.append(" LIMIT \(max(0, limit))") }
        let query = statement.query
        return try await transaction(kind: .read) { connection, account in
            var ids: [UUID] = []
            for try await id in try await connection.query(query, logger: logger).decode(UUID.self) { ids.append(id) }
            return try await objects(ids: ids, connection, account)
        }
    }

    package func routes(forWorkout workoutID: UUID, source: String?) async throws(StoreError) -> [WorkoutRoute] {
        try await transaction(kind: .read) { connection, account in
            var ids: [UUID] = []
            for try await id in try await connection.query("""
                SELECT uuid FROM healthObject WHERE account = \(account) AND routeWorkout = \(workoutID)
                AND (\(source)::text IS NULL OR sourceBundleIdentifier = \(source)) ORDER BY startDate, anchor
                """, logger: logger).decode(UUID.self) {
                ids.append(id)
            }
            return try await objects(ids: ids, connection, account).compactMap { object -> WorkoutRoute? in
                if case .workoutRoute(let route) = object { route } else { nil }
            }
        }
    }

    package func sources(of type: HealthObjectType, matching predicate: SamplePredicate,
                         onlySource: String?) async throws(StoreError) -> [Source] {
        // Each source as its latest object names it.
        var statement = PostgresStatement("""
            SELECT DISTINCT ON (o.sourceBundleIdentifier) o.sourceBundleIdentifier, o.sourceName, o.sourceVersion,
                o.sourceProductType, o.sourceOperatingSystemVersion
            FROM healthObject o WHERE o.account =
            """)
        statement.append(" " + statement.bind(account) + " AND o.typeIdentifier = " + statement.bind(type.identifier))
        statement.append(" AND " + (try predicate.postgresCondition(for: type, into: &statement)))
        if let onlySource { statement.append(" AND o.sourceBundleIdentifier = " + statement.bind(onlySource)) }
        statement.append(" ORDER BY o.sourceBundleIdentifier, o.anchor DESC")
        let query = statement.query
        let sources = try await transaction(kind: .read) { connection, _ in
            var sources: [Source] = []
            for try await (bundle, name, version, product, system) in try await connection.query(query, logger: logger)
                .decode((String, String, String?, String?, String?).self) {
                sources.append(Source(name: name, bundleIdentifier: bundle, version: version, productType: product,
                                      operatingSystemVersion: system))
            }
            return sources
        }
        // SQLite's order: by name without case, then by name, then by bundle identifier.
        return sources.sorted { lhs, rhs in
            let left = lhs.name.lowercased(), right = rhs.name.lowercased()
            if left != right { return left < right }
            if lhs.name != rhs.name { return lhs.name < rhs.name }
            return lhs.bundleIdentifier < rhs.bundleIdentifier
        }
    }

    package func quantitySeries(of type: QuantityTypeIdentifier, from start: Date, to end: Date) async throws(StoreError) -> [TimedQuantity] {
        try await statisticsSamples(of: type, matching: .date(from: start, to: end), range: nil).map {
            TimedQuantity(start: Date(timeIntervalSinceReferenceDate: $0.span.start),
                          end: Date(timeIntervalSinceReferenceDate: $0.span.end), value: $0.span.value)
        }
    }

    package func latestChange(of type: HealthObjectType, source: String?) async throws(StoreError) -> Anchor {
        try await transaction(kind: .read) { connection, account in
            let rows = if let source {
                try await connection.rows("""
                    SELECT COALESCE(MAX(anchor), 0) FROM healthObject
                    WHERE account = \(account) AND typeIdentifier = \(type.identifier) AND sourceBundleIdentifier = \(source)
                    """, logger: logger)
            } else {
                try await connection.rows("""
                    SELECT GREATEST(
                        COALESCE((SELECT MAX(anchor) FROM healthObject WHERE account = \(account) AND typeIdentifier = \(type.identifier)), 0),
                        COALESCE((SELECT MAX(anchor) FROM tombstone WHERE account = \(account) AND typeIdentifier = \(type.identifier)), 0))
                    """, logger: logger)
            }
            return Anchor(rawValue: try rows.first?.decode(Int64.self) ?? 0)
        }
    }
}
