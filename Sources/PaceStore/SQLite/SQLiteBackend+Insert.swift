import Foundation
import GRDB
import PaceModel

extension SQLiteBackend {
    /// Writes `batch` inside the caller's write transaction: the one insert path of every producer
    /// (``save(_:)-(HealthObjectBatch)``, the recording journal's finish).
    ///
    /// - Returns: The positions of the objects left out because their sync identifier was stored
    ///   (only when `skipping`), in increasing order.
    static func insert(_ batch: HealthObjectBatch, skippingStoredSyncIdentifiers skipping: Bool, _ db: Database) throws -> [Int] {
        try insert(batch, skippingStoredSyncIdentifiers: skipping, anchors: false, db).skipped
    }

    /// ``insert(_:skippingStoredSyncIdentifiers:_:)``, also returning the anchor each object was
    /// written with (0 for one left out) when `wanted` or when the batch associates samples.
    static func insert(_ batch: HealthObjectBatch, skippingStoredSyncIdentifiers skipping: Bool, anchors wanted: Bool,
                       _ db: Database) throws -> (skipped: [Int], anchors: [Int64]) {
        let objects = batch.objects
        let isRoute: (HealthObject) -> Bool = { if case .workoutRoute = $0 { true } else { false } }
        let ordered = objects.indices.filter { !isRoute(objects[$0]) } + objects.indices.filter { isRoute(objects[$0]) }
        let transaction = WriteTransactionState(db: db)
        let objectWriter = ObjectWriter(db: db, now: Date(), transaction: transaction)
        var skipped: [Int] = []
        // The anchor each object was written with, when the batch associates samples (DECISIONS 104).
        var anchors: [Int64] = batch.associations.isEmpty && !wanted ? [] : Array(repeating: 0, count: objects.count)
        /// Notes the anchors of `written`, the objects written last, in order (anchors are consecutive).
        func noteAnchors(of written: [Int]) {
            guard !anchors.isEmpty, let last = transaction.lastAnchor else { return }
            for (row, index) in written.enumerated() { anchors[index] = last - Int64(written.count - 1 - row) }
        }
        var position = 0
        while position < ordered.count {
            // Runs of samples go in chunks while no tombstone can match them (see SampleChunk).
            var end = position
            while end < ordered.count, end - position < SampleChunk.maximumRows,
                  SampleChunk.fits(objects[ordered[end]], batch.encoded[ordered[end]]) { end += 1 }
            var rows = Array(ordered[position..<max(end, position + 1)])
            if end - position > 1, try !transaction.mustCheckTombstones() {
                if try objectWriter.insertChunk(objects, batch.encoded, indices: rows[...], transaction: transaction) {
                    noteAnchors(of: rows)
                    position = end
                    continue
                }
                if skipping {
                    // A refused chunk in an import is mostly samples stored before (an export
                    // imported again): one index probe each leaves those out, and the rest is
                    // tried as a chunk again, instead of a failing INSERT per stored sample.
                    rows = try rows.filter { index in
                        guard try objectWriter.isSyncIdentifierStored(of: objects[index]) else { return true }
                        skipped.append(index)
                        return false
                    }
                    if rows.count > 1,
                       try objectWriter.insertChunk(objects, batch.encoded, indices: rows[...], transaction: transaction) {
                        noteAnchors(of: rows)
                        rows = []
                    }
                }
            }
            for index in rows {
                if try objectWriter.insert(objects[index], encoded: batch.encoded[index], skippingStoredSyncIdentifier: skipping) {
                    noteAnchors(of: [index])
                } else {
                    skipped.append(index)
                }
            }
            position = max(end, position + 1)
        }
        try transaction.finish()
        if !batch.associations.isEmpty {
            try WorkoutSampleRule.associate(batch.associations, objects: objects, anchors: anchors, skipped: Set(skipped), db)
        }
        return (skipped.sorted(), anchors)
    }
}

/// Writes objects inside one write transaction.
///
/// Statements are GRDB cached statements (prepared once per connection), and one JSON encoder
/// serves the whole transaction: an Apple Health import saves millions of objects through here.
///
/// Given a ``WriteTransactionState`` (every ``HealthStore/save(_:)-([HealthObject])`` passes one),
/// anchors are counted in memory and samples take the bulk path of `ObjectWriter+Samples.swift`;
/// without one (deletions, the recording journal), every anchor is taken from `storeState` at once.
struct ObjectWriter {
    let db: Database
    let now: Date
    let transaction: WriteTransactionState?
    let encoder: StoreCoding.JSONText

    init(db: Database, now: Date, transaction: WriteTransactionState? = nil) {
        self.db = db
        self.now = now
        self.transaction = transaction
        self.encoder = transaction?.encoder ?? StoreCoding.JSONText()
    }

    func nextAnchor() throws -> Int64 {
        if let transaction { return try transaction.takeAnchor() }
        return try Int64.fetchOne(db.cachedStatement(sql: "UPDATE storeState SET lastAnchor = lastAnchor + 1 WHERE id = 1 RETURNING lastAnchor")) ?? 0
    }

    /// Inserts `object`, or leaves it out when `skipping` and its sync identifier is stored.
    /// - Returns: `false` when the object was left out.
    func insert(_ object: HealthObject, encoded: EncodedSample?, skippingStoredSyncIdentifier skipping: Bool) throws -> Bool {
        if let transaction, let encoded {
            return try insertSample(object, encoded: encoded, transaction: transaction, skipping: skipping)
        }
        if skipping, try isSyncIdentifierStored(of: object) { return false }
        try insert(object)
        return true
    }

    /// Whether the sync identifier of `object` is stored for its source.
    func isSyncIdentifierStored(of object: HealthObject) throws -> Bool {
        guard let syncIdentifier = object.metadata.syncIdentifier else { return false }
        return try Bool.fetchOne(db.cachedStatement(sql: """
            SELECT 1 FROM healthObject WHERE sourceBundleIdentifier = ? AND syncIdentifier = ?
            """), arguments: [object.source.bundleIdentifier, syncIdentifier]) == true
    }

    func insert(_ object: HealthObject) throws {
        try transaction?.noteSlowInsert()
        let id = StoreCoding.text(object.id)
        try checkIdentity(of: object, id: id)
        try replaceSyncedObject(with: object)
        let anchor = try nextAnchor()
        switch object {
        case .quantitySample(let sample):
            try insertHeader(object, start: sample.startDate, end: sample.endDate, device: sample.device, anchor: anchor)
            let canonical: Double
            do { canonical = try sample.quantity.doubleValue(for: sample.type.canonicalUnit) } catch {
                throw StoreError(code: .invalidObject, message: "Sample \(id): \(error)", cause: error)
            }
            try db.cachedStatement(sql: "INSERT INTO quantitySample (anchor, value, unit, canonicalValue, count) VALUES (?, ?, ?, ?, ?)")
                .execute(arguments: [anchor, sample.quantity.value, sample.quantity.unit.unitString, canonical, sample.count])
        case .categorySample(let sample):
            try insertHeader(object, start: sample.startDate, end: sample.endDate, device: sample.device, anchor: anchor)
            try db.cachedStatement(sql: "INSERT INTO categorySample (uuid, value) VALUES (?, ?)").execute(arguments: [id, sample.value])
        case .workout(let workout):
            try insertHeader(object, start: workout.startDate, end: workout.endDate, device: workout.device, anchor: anchor)
            try insertWorkoutRow(workout)
        case .workoutRoute(let route):
            try insertRoute(route, anchor: anchor)
        }
    }

    func checkIdentity(of object: HealthObject, id: String) throws {
        // One statement answers both questions: is the UUID stored, and was it ever deleted?
        guard let identity = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT (SELECT kind FROM healthObject WHERE uuid = ?1) AS kind,
                   (SELECT workoutUUID FROM workoutRoute WHERE uuid = ?1) AS workoutUUID,
                   (SELECT 1 FROM tombstone WHERE uuid = ?1) AS deleted
            """), arguments: [id]) else { return }
        let storedKind: String? = identity["kind"]
        if let row = storedKind.map({ _ in identity }) {
            if case .workoutRoute(let route) = object, let owner: String = row["workoutUUID"] {
                let target = StoreCoding.text(route.workoutID)
                throw StoreError(code: .routeAlreadyAttached,
                    message: owner == target
                        ? "Route \(id) is already saved for workout \(owner). Routes are immutable; delete it first to save a new one."
                        : "Route \(id) belongs to workout \(owner) and cannot be moved to workout \(target). Save the locations as a new route instead.")
            }
            throw StoreError(code: .duplicateObject,
                message: "An object with UUID \(id) is already stored. Objects are immutable: delete it first, or give the new object a new UUID.")
        }
        if identity["deleted"] as Bool? == true {
            throw StoreError(code: .deletedObject,
                message: "Object \(id) was deleted; UUIDs of deleted objects are never reused. Give the new object a new UUID.")
        }
    }

    /// Deletes the stored object that `object` replaces by sync identifier, or throws when it may not.
    private func replaceSyncedObject(with object: HealthObject) throws {
        let metadata = object.metadata
        guard let syncIdentifier = metadata.syncIdentifier, let version = metadata.syncVersion else { return }
        let bundle = object.source.bundleIdentifier
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT uuid, typeIdentifier, syncVersion FROM healthObject
            WHERE sourceBundleIdentifier = ? AND syncIdentifier = ?
            """), arguments: [bundle, syncIdentifier]) else { return }
        let storedID: String = row["uuid"]
        let storedType: String = row["typeIdentifier"]
        let storedVersion: Int64 = row["syncVersion"]
        guard storedType == object.objectType.identifier else {
            throw StoreError(code: .syncIdentifierConflict,
                message: "Sync identifier '\(syncIdentifier)' of source \(bundle) is used by \(storedType) \(storedID), not by a \(object.objectType.identifier). Use a distinct sync identifier per object.")
        }
        guard version > storedVersion else {
            throw StoreError(code: .syncVersionNotHigher,
                message: "Not saved: object \(storedID) with sync identifier '\(syncIdentifier)' is stored at version \(storedVersion), and the new version \(version) is not higher. Raise \(MetadataKey.syncVersion) to replace it.")
        }
        try ObjectDeleter(db: db, now: now, writer: self).delete(id: storedID)
    }

    private func insertHeader(_ object: HealthObject, start: Date, end: Date, device: Device?, anchor: Int64) throws {
        let source = object.source
        let kind: String = switch object {
        case .quantitySample: "quantity"
        case .categorySample: "category"
        case .workout: "workout"
        case .workoutRoute: "route"
        }
        let deviceJSON = try device.map(encoder.device)
        let deviceID: Int64? = if let transaction {
            try transaction.devices.id(of: deviceJSON, db: db)
        } else {
            try deviceJSON.map { try DeviceRows.id(of: $0, db: db) }
        }
        try db.cachedStatement(sql: HealthObjectInsert.sql()).execute(arguments: [
                StoreCoding.text(object.id), kind, object.objectType.identifier,
                StoreCoding.value(start), StoreCoding.value(end), anchor,
                source.name, source.bundleIdentifier, source.version, source.productType, source.operatingSystemVersion,
                deviceID, try encoder.objectMetadata(object.metadata),
                object.metadata.syncIdentifier, object.metadata.syncVersion, StoreCoding.value(now),
            ])
    }

    private func insertWorkoutRow(_ workout: Workout) throws {
        let id = StoreCoding.text(workout.id)
        let meters = try workout.totalDistance.map { try $0.doubleValue(for: .meter) }
        let kilocalories = try workout.totalEnergyBurned.map { try $0.doubleValue(for: .kilocalorie) }
        let statistics = workout.statistics.values.sorted { $0.type.rawValue < $1.type.rawValue }
        try db.execute(sql: """
            INSERT INTO workout (uuid, activityType, duration, totalDistance, totalDistanceUnit, totalDistanceMeters,
                totalEnergyBurned, totalEnergyBurnedUnit, totalEnergyBurnedKilocalories, statistics)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [id, Int64(workout.activityType.rawValue), workout.duration,
                             workout.totalDistance?.value, workout.totalDistance?.unit.unitString, meters,
                             workout.totalEnergyBurned?.value, workout.totalEnergyBurned?.unit.unitString, kilocalories,
                             try encoder.text(statistics)])
        for (position, event) in workout.events.enumerated() {
            try db.execute(sql: """
                INSERT INTO workoutEvent (workoutUUID, position, type, startDate, duration, metadata)
                VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [id, position, event.type.rawValue, StoreCoding.value(event.startDate),
                                 event.duration, try encoder.metadata(event.metadata)])
        }
    }

    private func insertRoute(_ route: WorkoutRoute, anchor: Int64) throws {
        // validate() guarantees at least one location.
        let start = route.startDate ?? Date(timeIntervalSinceReferenceDate: 0)
        try insertRouteHeader(route, start: start, end: route.endDate ?? start, locationCount: route.locations.count, anchor: anchor)
        try insertRouteLocations(route.locations, routeID: StoreCoding.text(route.id), firstPosition: 0)
    }

    /// Writes a route whose locations follow in parts (``insertRouteLocations(_:routeID:firstPosition:)``):
    /// its identity is checked and it takes its anchor as any object does.
    func insertStreamedRouteHeader(_ route: WorkoutRoute, start: Date, end: Date, locationCount: Int) throws {
        try checkIdentity(of: .workoutRoute(route), id: StoreCoding.text(route.id))
        try insertRouteHeader(route, start: start, end: end, locationCount: locationCount, anchor: nextAnchor())
    }

    /// The route's object row and its `workoutRoute` row; its workout must be stored.
    private func insertRouteHeader(_ route: WorkoutRoute, start: Date, end: Date, locationCount: Int, anchor: Int64) throws {
        let workoutID = StoreCoding.text(route.workoutID)
        guard try Bool.fetchOne(db, sql: "SELECT 1 FROM workout WHERE uuid = ?", arguments: [workoutID]) == true else {
            throw StoreError(code: .workoutNotFound,
                message: "Route \(route.id.uuidString) names workout \(workoutID), which is not stored. Save the workout first (or in the same batch).")
        }
        try insertHeader(.workoutRoute(route), start: start, end: end, device: route.device, anchor: anchor)
        try db.execute(sql: "INSERT INTO workoutRoute (uuid, workoutUUID, locationCount) VALUES (?, ?, ?)",
                       arguments: [StoreCoding.text(route.id), workoutID, locationCount])
    }

    /// Writes locations of a route at positions `firstPosition`, `firstPosition + 1`, …, bound with
    /// `sqlite3_bind_*` directly (a route holds a location per second).
    func insertRouteLocations(_ locations: some Collection<RouteLocation>, routeID: String, firstPosition: Int) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO routeLocation (routeUUID, position, timestamp, latitude, longitude, altitude, speed, course,
                horizontalAccuracy, verticalAccuracy, speedAccuracy, courseAccuracy)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        statement.setUncheckedArguments([])
        // A binding outlives sqlite3_reset: the route's UUID is bound (copied) once, not per location.
        statement.bind(routeID, at: 1)
        for (offset, location) in locations.enumerated() {
            statement.resetForBinding()
            statement.bind(Int64(firstPosition + offset), at: 2)
            statement.bind(StoreCoding.value(location.timestamp), at: 3)
            // One call per column: an array of the nine values cost an allocation per location.
            statement.bind(location.latitude, at: 4)
            statement.bind(location.longitude, at: 5)
            statement.bind(location.altitude, at: 6)
            statement.bind(location.speed, at: 7)
            statement.bind(location.course, at: 8)
            statement.bind(location.horizontalAccuracy, at: 9)
            statement.bind(location.verticalAccuracy, at: 10)
            statement.bind(location.speedAccuracy, at: 11)
            statement.bind(location.courseAccuracy, at: 12)
            try statement.execute()
        }
        statement.resetForBinding()
    }
}
