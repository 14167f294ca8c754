import Foundation
import GRDB
import PaceModel

/// Which samples belong to which workout: the one place the store defines it.
///
/// A sample belongs to a workout when a row of `workoutSample` says so. Rows are written when a
/// batch names the association (``WorkoutAssociation``: the recorder, workout builders, activity
/// imports), by ``HealthStore/add(samples:to:)`` (HealthKit's `add(_:to:)`), and by the time rule
/// (``HealthStore/associateSamplesByTime(withWorkouts:)``: an Apple Health export states no link, so
/// a workout gets the samples of its own source recorded inside its interval). A route belongs to
/// its workout through `workoutRoute`, as before. "Samples of this workout"
/// (``SamplePredicate/workout(_:)``) reads both.
enum WorkoutSampleRule {
    /// The metadata key with which the recorder named a sample's workout before `workoutSample`
    /// existed; read only by the migration.
    static let legacyMetadataKey = "org.pace.workoutID"

    /// The SQL condition, on the object aliased `o`, "belongs to the workout": bind the workout's
    /// UUID text to both parameters (plain `?`, so the condition composes with others).
    static let condition = """
        (o.anchor IN (SELECT sampleAnchor FROM workoutSample \
        WHERE workoutAnchor = (SELECT anchor FROM healthObject WHERE uuid = ? AND kind = 'workout')) \
        OR o.uuid IN (SELECT uuid FROM workoutRoute WHERE workoutUUID = ?))
        """

    /// Samples per statement when associating: one `INSERT … SELECT` looks them up by UUID.
    static let chunk = 500

    /// The anchor of the stored workout `workout` (UUID text).
    ///
    /// - Throws: ``StoreError/Code/workoutNotFound`` when no workout has this UUID.
    static func storedWorkoutAnchor(_ workout: String, _ db: Database) throws -> Int64 {
        guard let anchor = try Int64.fetchOne(db.cachedStatement(sql: """
            SELECT anchor FROM healthObject WHERE uuid = ? AND kind = 'workout'
            """), arguments: [workout]) else {
            throw StoreError(code: .workoutNotFound,
                message: "Samples cannot be associated with workout \(workout), which is not stored. Save the workout first (or in the same batch).")
        }
        return anchor
    }

    /// Associates stored `samples` (UUID texts) with `workout`, looked up by UUID.
    ///
    /// - Throws: ``StoreError/Code/workoutNotFound`` when the workout is not stored;
    ///   ``StoreError/Code/objectNotFound`` when a sample is not a stored quantity or category sample.
    static func associate(workout: String, samples wanted: [String], _ db: Database) throws {
        let anchor = try storedWorkoutAnchor(workout, db)
        var start = 0
        while start < wanted.count {
            let part = Array(wanted[start..<min(wanted.count, start + chunk)])
            start += part.count
            let list = "(" + Array(repeating: "?", count: part.count).joined(separator: ",") + ")"
            try db.cachedStatement(sql: """
                INSERT OR IGNORE INTO workoutSample (workoutAnchor, sampleAnchor)
                SELECT ?, anchor FROM healthObject WHERE uuid IN \(list) AND kind IN ('quantity', 'category')
                """).execute(arguments: StatementArguments([anchor] + part))
            guard db.changesCount < part.count else { continue }
            // Fewer rows than samples: some were associated already (fine) or are not stored samples.
            let found = try Set(String.fetchAll(db.cachedStatement(sql: """
                SELECT uuid FROM healthObject WHERE uuid IN \(list) AND kind IN ('quantity', 'category')
                """), arguments: StatementArguments(part)))
            if let missing = part.first(where: { !found.contains($0) }) {
                throw StoreError(code: .objectNotFound,
                    message: "Object \(missing) is not a stored quantity or category sample, so it cannot be associated with workout \(workout). Save the sample first (or in the same batch).")
            }
        }
    }

    /// Pairs per statement when the anchors are known.
    static let pairChunk = 400

    /// Writes a batch's associations after its objects: samples of the batch by the anchors they
    /// were just written with (no look-up), anything else by UUID through
    /// ``associate(workout:samples:_:)``.
    ///
    /// - Parameters:
    ///   - associations: The batch's associations.
    ///   - objects: The batch's objects.
    ///   - anchors: The anchor each object was written with (position by position).
    ///   - skipped: Positions of the objects left out (sync identifier already stored).
    static func associate(_ associations: [WorkoutAssociation], objects: [HealthObject], anchors: [Int64],
                          skipped: Set<Int>, _ db: Database) throws {
        var positions: [UUID: Int] = [:]
        positions.reserveCapacity(objects.count)
        for (index, object) in objects.enumerated() { positions[object.id] = index }
        for association in associations {
            let workoutText = StoreCoding.text(association.workoutID)
            let workoutAnchor: Int64
            if let index = positions[association.workoutID], case .workout = objects[index], !skipped.contains(index) {
                workoutAnchor = anchors[index]
            } else {
                workoutAnchor = try storedWorkoutAnchor(workoutText, db)
            }
            var pairs: [Int64] = []
            pairs.reserveCapacity(association.sampleIDs.count)
            var elsewhere: [String] = []
            for id in association.sampleIDs {
                guard let index = positions[id] else {
                    elsewhere.append(StoreCoding.text(id))
                    continue
                }
                if skipped.contains(index) { continue }
                switch objects[index] {
                case .quantitySample, .categorySample: pairs.append(anchors[index])
                case .workout, .workoutRoute:
                    throw StoreError(code: .objectNotFound,
                        message: "Object \(StoreCoding.text(id)) is not a quantity or category sample, so it cannot be associated with workout \(workoutText). Associate samples only; a route belongs to its workout by its own workout identifier.")
                }
            }
            try insertPairs(workoutAnchor: workoutAnchor, sampleAnchors: pairs, db)
            if !elsewhere.isEmpty { try associate(workout: workoutText, samples: elsewhere, db) }
        }
    }

    /// Associates the samples written with `sampleAnchors` with the workout written with `workoutAnchor`,
    /// ``pairChunk`` pairs per statement bound with `sqlite3_bind_int64` directly.
    static func insertPairs(workoutAnchor: Int64, sampleAnchors pairs: [Int64], _ db: Database) throws {
        var start = 0
        while start < pairs.count {
            let part = pairs[start..<min(pairs.count, start + pairChunk)]
            start += part.count
            let values = Array(repeating: "(?, ?)", count: part.count).joined(separator: ",")
            let statement = try db.cachedStatement(sql: "INSERT OR IGNORE INTO workoutSample (workoutAnchor, sampleAnchor) VALUES " + values)
            statement.setUncheckedArguments([])
            statement.resetForBinding()
            for (row, sample) in part.enumerated() {
                statement.bind(workoutAnchor, at: Int32(2 * row + 1))
                statement.bind(sample, at: Int32(2 * row + 2))
            }
            try statement.execute()
            statement.resetForBinding()
        }
    }

    /// Associates with each workout (UUID texts; `nil`: every stored workout) the quantity and
    /// category samples of its source (bundle identifier) that start and end inside its interval.
    ///
    /// One indexed range query per workout and sample type (`healthObject_type_start`).
    /// - Returns: How many associations were added.
    @discardableResult
    static func linkByTimeAndSource(workouts: [String]?, _ db: Database) throws -> Int {
        let ids = try workouts ?? String.fetchAll(db, sql: "SELECT uuid FROM healthObject WHERE kind = 'workout'")
        guard !ids.isEmpty else { return 0 }
        let types = try String.fetchAll(db, sql: """
            SELECT DISTINCT typeIdentifier FROM healthObject WHERE kind IN ('quantity', 'category')
            """)
        guard !types.isEmpty else { return 0 }
        let statement = try db.cachedStatement(sql: """
            INSERT OR IGNORE INTO workoutSample (workoutAnchor, sampleAnchor)
            SELECT w.anchor, s.anchor FROM healthObject w
            JOIN healthObject s ON s.typeIdentifier = ?2
                AND s.startDate >= w.startDate AND s.startDate <= w.endDate AND s.endDate <= w.endDate
                AND s.sourceBundleIdentifier = w.sourceBundleIdentifier
            WHERE w.uuid = ?1 AND w.kind = 'workout' AND s.kind IN ('quantity', 'category')
            """)
        var added = 0
        for id in ids {
            for type in types {
                try statement.execute(arguments: [id, type])
                added += db.changesCount
            }
        }
        return added
    }

    /// Associates the samples whose metadata names a stored workout under ``legacyMetadataKey``.
    static func linkLegacyMetadata(_ db: Database) throws {
        try db.execute(sql: """
            INSERT OR IGNORE INTO workoutSample (workoutAnchor, sampleAnchor)
            SELECT w.anchor, o.anchor FROM healthObject o,
                json_each(CASE WHEN json_valid(o.metadata) THEN o.metadata ELSE '{}' END) m
            JOIN healthObject w ON w.uuid = json_extract(m.value, '$.string') AND w.kind = 'workout'
            WHERE o.kind IN ('quantity', 'category') AND o.metadata LIKE ?1 AND m.key = ?2
            """, arguments: ["%" + legacyMetadataKey + "%", legacyMetadataKey])
    }
}
