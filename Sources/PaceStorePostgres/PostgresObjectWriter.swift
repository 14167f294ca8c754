import Foundation
import Logging
import PaceModel
import PaceStore
import PostgresNIO

/// Writes objects inside one write transaction of ``PostgresBackend``, with every rule of a save:
/// duplicate and deleted UUIDs refused, sync identifier + version replacement per source, a route's
/// workout stored first and the route never moved, deletions with tombstones, consecutive anchors.
///
/// The transaction holds the account's `storeState` row lock, so the anchors are counted here and
/// written back once by ``finish()``, which also announces the commit to the account's listeners.
final class PostgresObjectWriter {
    let connection: PostgresConnection
    let account: String
    let channel: String
    let logger: Logger
    /// The save or deletion time: now, in seconds since 2001-01-01 UTC.
    let now: Double
    /// The account's anchor before the transaction.
    private let firstAnchor: Int64
    /// The last anchor taken.
    private(set) var lastAnchor: Int64
    /// Which areas the transaction changed (``StoreAreas`` raw bits), announced at commit.
    var changedAreas: StoreAreas = []

    /// A writer in the transaction of `connection`, reading the account's current anchor.
    init(connection: PostgresConnection, account: String, channel: String, logger: Logger) async throws {
        self.connection = connection
        self.account = account
        self.channel = channel
        self.logger = logger
        self.now = Date().timeIntervalSinceReferenceDate
        var anchor: Int64 = 0
        for try await value in try await connection.query(
            "SELECT lastAnchor FROM storeState WHERE account = \(account)", logger: logger).decode(Int64.self) {
            anchor = value
        }
        firstAnchor = anchor
        lastAnchor = anchor
    }

    /// The next anchor.
    func nextAnchor() -> Int64 {
        lastAnchor += 1
        changedAreas.insert(.healthObjects)
        return lastAnchor
    }

    /// Writes the account's last anchor back and announces the changes (delivered at commit).
    func finish() async throws {
        if lastAnchor != firstAnchor {
            try await connection.run("UPDATE storeState SET lastAnchor = \(lastAnchor) WHERE account = \(account)", logger: logger)
        }
        if !changedAreas.isEmpty {
            try await connection.run("SELECT pg_notify(\(channel), \(String(changedAreas.rawValue)))", logger: logger)
        }
    }

    // MARK: Saving

    /// Inserts a batch's objects, workouts before routes, then its associations.
    ///
    /// - Returns: The positions of the objects left out because their sync identifier was stored
    ///   (only when `skipping`), in increasing order.
    func insert(_ batch: HealthObjectBatch, skipping: Bool) async throws -> [Int] {
        let objects = batch.objects
        let isRoute: (HealthObject) -> Bool = { if case .workoutRoute = $0 { true } else { false } }
        let ordered = objects.indices.filter { !isRoute(objects[$0]) } + objects.indices.filter { isRoute(objects[$0]) }
        var skipped: [Int] = []
        // Plain samples (no sync identifier: no replacement, nothing to skip) go many to a statement.
        var plain: [Int] = []
        for index in ordered {
            if Self.isPlain(objects[index]) {
                plain.append(index)
                if plain.count == Self.rowsPerStatement {
                    try await insertPlain(plain.map { objects[$0] }, skipping: skipping)
                    plain.removeAll(keepingCapacity: true)
                }
                continue
            }
            if !plain.isEmpty {
                try await insertPlain(plain.map { objects[$0] }, skipping: skipping)
                plain.removeAll(keepingCapacity: true)
            }
            if try await !insert(objects[index], skipping: skipping) { skipped.append(index) }
        }
        if !plain.isEmpty { try await insertPlain(plain.map { objects[$0] }, skipping: skipping) }
        let left = Set(skipped.map { objects[$0].id })
        for association in batch.associations {
            try await associate(samples: association.sampleIDs.filter { !left.contains($0) }, with: association.workoutID)
        }
        return skipped.sorted()
    }

    /// Rows written by one multi-row `INSERT` (26 parameters each, under the protocol's 32,767).
    static let rowsPerStatement = 1000

    /// Whether `object` is a sample without a sync identifier, which no rule but "new UUID" concerns.
    static func isPlain(_ object: HealthObject) -> Bool {
        switch object {
        case .quantitySample(let sample): sample.metadata.syncIdentifier == nil
        case .categorySample(let sample): sample.metadata.syncIdentifier == nil
        case .workout, .workoutRoute: false
        }
    }

    /// Inserts plain samples (``isPlain(_:)``) with one lookup and one `INSERT` for all of them, in
    /// order, with consecutive anchors — what inserting them one by one does, in two round trips
    /// instead of three per sample. When one of them collides (a UUID twice in the run, stored or
    /// deleted), they go one by one instead, so the error and its object are exactly those of the
    /// single-object path.
    private func insertPlain(_ objects: [HealthObject], skipping: Bool) async throws {
        let ids = objects.map(\.id)
        var collides = Set(ids).count != ids.count
        if !collides {
            let rows = try await connection.rows("""
                SELECT 1 FROM healthObject WHERE account = \(account) AND uuid = ANY(\(ids))
                UNION ALL SELECT 1 FROM tombstone WHERE account = \(account) AND uuid = ANY(\(ids)) LIMIT 1
                """, logger: logger)
            collides = !rows.isEmpty
        }
        if collides {
            for object in objects { _ = try await insert(object, skipping: skipping) }
            return
        }
        let rows = try objects.map { object throws(StoreError) in try PostgresObjectRow(object) }
        var statement = PostgresStatement("INSERT INTO healthObject (\(PostgresObjectRow.columns)) VALUES ")
        for (position, row) in rows.enumerated() {
            statement.append((position == 0 ? "(" : ", (") + row.values(account: account, anchor: nextAnchor(), savedAt: now, into: &statement) + ")")
        }
        try await connection.run(statement.query, logger: logger)
    }

    /// Inserts `object`, or leaves it out when `skipping` and its sync identifier is stored.
    ///
    /// - Parameter span: A route's start and end when its locations were written apart from it
    ///   (a streamed save's, DECISIONS 179).
    /// - Returns: `false` when the object was left out.
    func insert(_ object: HealthObject, skipping: Bool, span: (start: Date, end: Date)? = nil) async throws -> Bool {
        if skipping, try await isSyncIdentifierStored(of: object) { return false }
        try await checkIdentity(of: object)
        try await replaceSyncedObject(with: object)
        if case .workoutRoute(let route) = object {
            guard try await storedKind(of: route.workoutID) == "workout" else {
                throw StoreError(code: .workoutNotFound,
                    message: "Route \(route.id.uuidString) names workout \(route.workoutID.uuidString), which is not stored. Save the workout first (or in the same batch).")
            }
        }
        var row = try PostgresObjectRow(object)
        if let span {
            row.start = span.start.timeIntervalSinceReferenceDate
            row.end = span.end.timeIntervalSinceReferenceDate
        }
        var statement = PostgresStatement("INSERT INTO healthObject (\(PostgresObjectRow.columns)) VALUES (")
        statement.append(row.values(account: account, anchor: nextAnchor(), savedAt: now, into: &statement))
        statement.append(")")
        try await connection.run(statement.query, logger: logger)
        if case .workoutRoute(let route) = object {
            try await insertLocations(route.locations, routeID: route.id)
        }
        return true
    }

    /// Writes a route's locations in one statement (arrays unnested into rows), at positions from
    /// `firstPosition`.
    func insertLocations(_ locations: [RouteLocation], routeID: UUID, firstPosition: Int = 0) async throws {
        guard !locations.isEmpty else { return }
        var statement = PostgresStatement("""
            INSERT INTO routeLocation (account, routeUUID, locationIndex, locationTime, latitude, longitude, altitude, speed, course,
                horizontalAccuracy, verticalAccuracy, speedAccuracy, courseAccuracy)
            SELECT
            """)
        statement.append(" \(statement.bind(account)), \(statement.bind(routeID)), u.* FROM unnest(")
        var arrays = [statement.bind(locations.indices.map { Int64(firstPosition + $0) }) + "::bigint[]"]
        let columns: [(RouteLocation) -> Double] = [
            { $0.timestamp.timeIntervalSinceReferenceDate }, \.latitude, \.longitude, \.altitude, \.speed, \.course,
            \.horizontalAccuracy, \.verticalAccuracy, \.speedAccuracy, \.courseAccuracy,
        ]
        for column in columns { arrays.append(statement.bind(locations.map(column)) + "::double precision[]") }
        statement.append(arrays.joined(separator: ", ") + ") AS u")
        try await connection.run(statement.query, logger: logger)
    }

    /// Whether the sync identifier of `object` is stored for its source.
    func isSyncIdentifierStored(of object: HealthObject) async throws -> Bool {
        guard let syncIdentifier = object.metadata.syncIdentifier else { return false }
        let rows = try await connection.rows("""
            SELECT 1 FROM healthObject WHERE account = \(account)
            AND sourceBundleIdentifier = \(object.source.bundleIdentifier) AND syncIdentifier = \(syncIdentifier)
            """, logger: logger)
        return !rows.isEmpty
    }

    /// The kind of the stored object `id`, or `nil`.
    func storedKind(of id: UUID) async throws -> String? {
        try await connection.rows("SELECT kind FROM healthObject WHERE account = \(account) AND uuid = \(id)", logger: logger)
            .first?.decode(String.self)
    }

    private func checkIdentity(of object: HealthObject) async throws {
        let id = object.id
        let rows = try await connection.rows("""
            SELECT (SELECT kind FROM healthObject WHERE account = \(account) AND uuid = \(id)),
                   (SELECT routeWorkout FROM healthObject WHERE account = \(account) AND uuid = \(id)),
                   EXISTS (SELECT 1 FROM tombstone WHERE account = \(account) AND uuid = \(id))
            """, logger: logger)
        for row in rows {
            let (kind, owner, deleted) = try row.decode((String?, UUID?, Bool).self)
            if kind != nil {
                if case .workoutRoute(let route) = object, let owner {
                    throw StoreError(code: .routeAlreadyAttached,
                        message: owner == route.workoutID
                            ? "Route \(id.uuidString) is already saved for workout \(owner.uuidString). Routes are immutable; delete it first to save a new one."
                            : "Route \(id.uuidString) belongs to workout \(owner.uuidString) and cannot be moved to workout \(route.workoutID.uuidString). Save the locations as a new route instead.")
                }
                throw StoreError(code: .duplicateObject,
                    message: "An object with UUID \(id.uuidString) is already stored. Objects are immutable: delete it first, or give the new object a new UUID.")
            }
            if deleted {
                throw StoreError(code: .deletedObject,
                    message: "Object \(id.uuidString) was deleted; UUIDs of deleted objects are never reused. Give the new object a new UUID.")
            }
        }
    }

    /// Deletes the stored object that `object` replaces by sync identifier, or throws when it may not.
    private func replaceSyncedObject(with object: HealthObject) async throws {
        let metadata = object.metadata
        guard let syncIdentifier = metadata.syncIdentifier, let version = metadata.syncVersion else { return }
        let bundle = object.source.bundleIdentifier
        let rows = try await connection.query("""
            SELECT uuid, typeIdentifier, syncVersion FROM healthObject
            WHERE account = \(account) AND sourceBundleIdentifier = \(bundle) AND syncIdentifier = \(syncIdentifier)
            """, logger: logger)
        var stored: (UUID, String, Int64)?
        for try await row in rows.decode((UUID, String, Int64).self) { stored = row }
        guard let (storedID, storedType, storedVersion) = stored else { return }
        guard storedType == object.objectType.identifier else {
            throw StoreError(code: .syncIdentifierConflict,
                message: "Sync identifier '\(syncIdentifier)' of source \(bundle) is used by \(storedType) \(storedID.uuidString), not by a \(object.objectType.identifier). Use a distinct sync identifier per object.")
        }
        guard version > storedVersion else {
            throw StoreError(code: .syncVersionNotHigher,
                message: "Not saved: object \(storedID.uuidString) with sync identifier '\(syncIdentifier)' is stored at version \(storedVersion), and the new version \(version) is not higher. Raise \(MetadataKey.syncVersion) to replace it.")
        }
        _ = try await delete(id: storedID)
    }

    // MARK: Deleting

    /// Deletes the object `id` with a tombstone; a workout's routes go first, each with its own.
    ///
    /// - Returns: Whether `id` named a stored object.
    @discardableResult
    func delete(id: UUID) async throws -> Bool {
        var found: (String, String)?
        for try await row in try await connection.query(
            "SELECT kind, typeIdentifier FROM healthObject WHERE account = \(account) AND uuid = \(id)",
            logger: logger).decode((String, String).self) {
            found = row
        }
        guard let (kind, type) = found else { return false }
        if kind == "workout" {
            var routes: [UUID] = []
            for try await route in try await connection.query("""
                SELECT uuid FROM healthObject WHERE account = \(account) AND routeWorkout = \(id) ORDER BY anchor
                """, logger: logger).decode(UUID.self) {
                routes.append(route)
            }
            for route in routes { try await delete(id: route) }
        }
        let anchor = nextAnchor()
        try await connection.run("DELETE FROM healthObject WHERE account = \(account) AND uuid = \(id)", logger: logger)
        try await connection.run("""
            INSERT INTO tombstone (account, uuid, kind, typeIdentifier, deletedAt, anchor)
            VALUES (\(account), \(id), \(kind), \(type), \(now), \(anchor))
            """, logger: logger)
        return true
    }

    // MARK: Associations

    /// Associates stored samples with a stored workout (idempotent).
    /// Gives the quantity and category samples of `ids`, stored by this account, `device`: its
    /// column and the object kept in `body`, re-encoded.
    /// - Throws: ``StoreError/Code/objectNotFound`` when one of them is not such a sample.
    func setDevice(_ device: Device, ofSamples ids: [UUID]) async throws {
        guard let first = ids.first else { return }
        let json = try PostgresObjectCoding.json(device, id: first)
        var rows: [(id: UUID, kind: String, body: String)] = []
        for try await (id, kind, body) in try await connection.query("""
            SELECT uuid, kind, body FROM healthObject
            WHERE account = \(account) AND uuid = ANY(\(ids)) AND kind IN ('quantity', 'category')
            """, logger: logger).decode((UUID, String, String).self) {
            rows.append((id, kind, body))
        }
        guard rows.count == ids.count else {
            throw StoreError(code: .objectNotFound,
                             message: "\(ids.count - rows.count) of the \(ids.count) samples to be given a device are not stored samples.")
        }
        for row in rows {
            let body = try PostgresObjectCoding.body(of: PostgresObjectCoding.object(kind: row.kind, body: row.body).withDevice(device))
            try await connection.run("""
                UPDATE healthObject SET device = \(json)::jsonb, body = \(body) WHERE account = \(account) AND uuid = \(row.id)
                """, logger: logger)
        }
    }

    func associate(samples: [UUID], with workoutID: UUID) async throws {
        guard try await storedKind(of: workoutID) == "workout" else {
            throw StoreError(code: .workoutNotFound,
                message: "Samples cannot be associated with workout \(workoutID.uuidString), which is not stored. Save the workout first (or in the same batch).")
        }
        guard !samples.isEmpty else { return }
        try await connection.run("""
            INSERT INTO workoutSample (account, workoutUUID, sampleUUID)
            SELECT account, \(workoutID), uuid FROM healthObject
            WHERE account = \(account) AND uuid = ANY(\(samples)) AND kind IN ('quantity', 'category')
            ON CONFLICT DO NOTHING
            """, logger: logger)
        var found = Set<UUID>()
        for try await id in try await connection.query("""
            SELECT uuid FROM healthObject
            WHERE account = \(account) AND uuid = ANY(\(samples)) AND kind IN ('quantity', 'category')
            """, logger: logger).decode(UUID.self) {
            found.insert(id)
        }
        if let missing = samples.first(where: { !found.contains($0) }) {
            throw StoreError(code: .objectNotFound,
                message: "Object \(missing.uuidString) is not a stored quantity or category sample, so it cannot be associated with workout \(workoutID.uuidString). Save the sample first (or in the same batch).")
        }
    }

    /// Associates each workout with the samples of its source that start and end inside its span.
    ///
    /// - Returns: How many associations were added.
    func associateByTime(workouts: [UUID]) async throws -> Int {
        var added = 0
        for workout in workouts {
            for try await _ in try await connection.query("""
                INSERT INTO workoutSample (account, workoutUUID, sampleUUID)
                SELECT w.account, w.uuid, s.uuid FROM healthObject w
                JOIN healthObject s ON s.account = w.account AND s.kind IN ('quantity', 'category')
                    AND s.startDate >= w.startDate AND s.startDate <= w.endDate AND s.endDate <= w.endDate
                    AND s.sourceBundleIdentifier = w.sourceBundleIdentifier
                WHERE w.account = \(account) AND w.uuid = \(workout) AND w.kind = 'workout'
                ON CONFLICT DO NOTHING
                RETURNING 1
                """, logger: logger) {
                added += 1
            }
        }
        return added
    }
}
