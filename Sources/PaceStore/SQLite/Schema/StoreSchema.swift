import Foundation
import GRDB

/// The store's schema, as an ordered list of migrations from an empty file.
///
/// Migrations are never edited once released: a change is a new migration. Dates are
/// stored as REAL seconds since 2001-01-01 UTC (Foundation's reference date, which
/// round-trips a `Date` exactly); UUIDs as upper-case text; metadata, devices and
/// workout statistics as JSON text. Since ``v7``, an object's device is a row of the
/// `device` table, and its sync identifier and version are kept in their columns only.
enum StoreSchema {
    /// The identifier of the first migration; its presence marks a file as a Pace store.
    static let firstMigration = "v1-health-objects"

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(firstMigration) { db in
            try db.execute(sql: v1)
        }
        migrator.registerMigration("v2-recording-journal") { db in
            try db.execute(sql: v2)
        }
        migrator.registerMigration("v3-authorization") { db in
            try db.execute(sql: v3)
            try db.execute(sql: "INSERT INTO storeIdentity (id, storeID) VALUES (1, ?)", arguments: [UUID().uuidString])
        }
        migrator.registerMigration("v4-characteristics") { db in
            try db.execute(sql: v4)
        }
        // Anchored queries page by (type, anchor): without this index each page scanned every object of the type.
        migrator.registerMigration("v5-anchor-indexes") { db in
            try db.execute(sql: """
                CREATE INDEX healthObject_type_anchor ON healthObject (typeIdentifier, anchor);
                CREATE INDEX tombstone_type_anchor ON tombstone (typeIdentifier, anchor);
                """)
        }
        migrator.registerMigration("v6-quantity-rollup") { db in
            try db.execute(sql: v6)
        }
        // Fewer bytes and B-trees per sample (docs/DECISIONS.md, "Compact object rows"): `StoreSchema+V7.swift`.
        migrator.registerMigration("v7-compact-objects") { db in
            try db.execute(sql: v7)
        }
        // An hourly rollup beside the 15-minute one, kept by triggers on it: `StoreSchema+V8.swift`.
        migrator.registerMigration("v8-hourly-rollup") { db in
            try db.execute(sql: v8)
        }
        // One row per day of activity rings (HKActivitySummary), in canonical units: `StoreSchema+V9.swift`.
        migrator.registerMigration("v9-activity-summaries") { db in
            try db.execute(sql: v9)
        }
        // Samples belong to their workouts in a table of their own: `StoreSchema+V10.swift`.
        migrator.registerMigration("v10-workout-samples") { db in
            try migrateV10(db)
        }
        migrator.registerMigration("v11-authorization-requests") { db in
            try db.execute(sql: v11)
        }
        // The rows a large import writes per point, without foreign keys: `StoreSchema+V12.swift`.
        migrator.registerMigration("v12-sample-rows-without-foreign-keys") { db in
            try migrateV12(db)
        }
        // A quantity sample's row keyed by its object's anchor, not its UUID text: `StoreSchema+V13.swift`.
        migrator.registerMigration("v13-quantity-rows-by-anchor") { db in
            try migrateV13(db)
        }
        // Series samples: a quantity sample with many values, rolled up value by value: `StoreSchema+V14.swift`.
        migrator.registerMigration("v14-quantity-series") { db in
            try db.execute(sql: v14)
        }
        return migrator
    }

    private static let v1 = """
        CREATE TABLE storeState (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            lastAnchor INTEGER NOT NULL
        );
        INSERT INTO storeState (id, lastAnchor) VALUES (1, 0);

        CREATE TABLE healthObject (
            uuid TEXT PRIMARY KEY NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('quantity', 'category', 'workout', 'route')),
            typeIdentifier TEXT NOT NULL,
            startDate REAL NOT NULL,
            endDate REAL NOT NULL,
            anchor INTEGER NOT NULL UNIQUE,
            sourceName TEXT NOT NULL,
            sourceBundleIdentifier TEXT NOT NULL,
            sourceVersion TEXT,
            sourceProductType TEXT,
            sourceOperatingSystemVersion TEXT,
            device TEXT,
            metadata TEXT NOT NULL,
            syncIdentifier TEXT,
            syncVersion INTEGER,
            savedAt REAL NOT NULL
        );
        CREATE UNIQUE INDEX healthObject_sync
            ON healthObject (sourceBundleIdentifier, syncIdentifier) WHERE syncIdentifier IS NOT NULL;
        CREATE INDEX healthObject_type_start ON healthObject (typeIdentifier, startDate);
        CREATE INDEX healthObject_kind_start ON healthObject (kind, startDate);

        CREATE TABLE quantitySample (
            uuid TEXT PRIMARY KEY NOT NULL REFERENCES healthObject (uuid) ON DELETE CASCADE,
            value REAL NOT NULL,
            unit TEXT NOT NULL,
            canonicalValue REAL NOT NULL
        ) WITHOUT ROWID;

        CREATE TABLE categorySample (
            uuid TEXT PRIMARY KEY NOT NULL REFERENCES healthObject (uuid) ON DELETE CASCADE,
            value INTEGER NOT NULL
        ) WITHOUT ROWID;

        CREATE TABLE workout (
            uuid TEXT PRIMARY KEY NOT NULL REFERENCES healthObject (uuid) ON DELETE CASCADE,
            activityType INTEGER NOT NULL,
            duration REAL NOT NULL,
            totalDistance REAL,
            totalDistanceUnit TEXT,
            totalDistanceMeters REAL,
            totalEnergyBurned REAL,
            totalEnergyBurnedUnit TEXT,
            totalEnergyBurnedKilocalories REAL,
            statistics TEXT NOT NULL
        ) WITHOUT ROWID;

        CREATE TABLE workoutEvent (
            workoutUUID TEXT NOT NULL REFERENCES workout (uuid) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            type INTEGER NOT NULL,
            startDate REAL NOT NULL,
            duration REAL NOT NULL,
            metadata TEXT NOT NULL,
            PRIMARY KEY (workoutUUID, position)
        ) WITHOUT ROWID;

        CREATE TABLE workoutRoute (
            uuid TEXT PRIMARY KEY NOT NULL REFERENCES healthObject (uuid) ON DELETE CASCADE,
            workoutUUID TEXT NOT NULL REFERENCES workout (uuid),
            locationCount INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX workoutRoute_workout ON workoutRoute (workoutUUID);
        CREATE TRIGGER workoutRoute_stays_with_its_workout
            BEFORE UPDATE OF workoutUUID ON workoutRoute
            WHEN NEW.workoutUUID IS NOT OLD.workoutUUID
            BEGIN SELECT RAISE(ABORT, 'a workout route cannot be moved to another workout'); END;

        CREATE TABLE routeLocation (
            routeUUID TEXT NOT NULL REFERENCES workoutRoute (uuid) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            timestamp REAL NOT NULL,
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            altitude REAL NOT NULL,
            speed REAL NOT NULL,
            course REAL NOT NULL,
            horizontalAccuracy REAL NOT NULL,
            verticalAccuracy REAL NOT NULL,
            speedAccuracy REAL NOT NULL,
            courseAccuracy REAL NOT NULL,
            PRIMARY KEY (routeUUID, position)
        ) WITHOUT ROWID;

        CREATE TABLE tombstone (
            uuid TEXT PRIMARY KEY NOT NULL,
            kind TEXT NOT NULL,
            typeIdentifier TEXT NOT NULL,
            deletedAt REAL NOT NULL,
            anchor INTEGER NOT NULL UNIQUE
        ) WITHOUT ROWID;
        """

    /// The recording journal: sessions, their readings in chunks, their transitions, and the
    /// 5-second workout points a live map draws. Nothing here is deleted when a session ends.
    private static let v2 = """
        CREATE TABLE recordingSession (
            uuid TEXT PRIMARY KEY NOT NULL,
            activityType INTEGER NOT NULL,
            createdAt REAL NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('open', 'saved', 'discarded', 'failed')),
            configuration BLOB NOT NULL,
            workoutUUID TEXT,
            endedAt REAL,
            lastSequence INTEGER NOT NULL DEFAULT 0
        ) WITHOUT ROWID;
        CREATE INDEX recordingSession_status ON recordingSession (status);

        CREATE TABLE recordingChunk (
            sessionUUID TEXT NOT NULL REFERENCES recordingSession (uuid) ON DELETE CASCADE,
            firstSequence INTEGER NOT NULL,
            count INTEGER NOT NULL,
            payload BLOB NOT NULL,
            PRIMARY KEY (sessionUUID, firstSequence)
        ) WITHOUT ROWID;

        CREATE TABLE recordingEvent (
            sessionUUID TEXT NOT NULL REFERENCES recordingSession (uuid) ON DELETE CASCADE,
            sequence INTEGER NOT NULL,
            time REAL NOT NULL,
            kind TEXT NOT NULL,
            payload BLOB NOT NULL,
            PRIMARY KEY (sessionUUID, sequence)
        ) WITHOUT ROWID;

        CREATE TABLE workoutPoint (
            sessionUUID TEXT NOT NULL REFERENCES recordingSession (uuid) ON DELETE CASCADE,
            time REAL NOT NULL,
            latitude REAL,
            longitude REAL,
            altitude REAL,
            heartRate REAL,
            speed REAL,
            distance REAL NOT NULL,
            PRIMARY KEY (sessionUUID, time)
        ) WITHOUT ROWID;

        CREATE TABLE workoutSummary (
            workoutUUID TEXT PRIMARY KEY NOT NULL REFERENCES workout (uuid) ON DELETE CASCADE,
            summary BLOB NOT NULL
        ) WITHOUT ROWID;
        """

    /// Permissions and store identity: one decision per client (a source bundle identifier) and
    /// object type, share and read status apart; and a random identifier that query anchors carry,
    /// so an anchor from another store is recognised and refused.
    private static let v3 = """
        CREATE TABLE authorizationDecision (
            client TEXT NOT NULL,
            typeIdentifier TEXT NOT NULL,
            shareStatus TEXT NOT NULL CHECK (shareStatus IN ('notDetermined', 'sharingDenied', 'sharingAuthorized')),
            readStatus TEXT NOT NULL CHECK (readStatus IN ('notDetermined', 'denied', 'authorized')),
            decidedAt REAL NOT NULL,
            PRIMARY KEY (client, typeIdentifier)
        ) WITHOUT ROWID;

        CREATE TABLE storeIdentity (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            storeID TEXT NOT NULL
        );
        """

    /// Characteristics (date of birth, biological sex, …): one row per characteristic type that has a
    /// value, as text (`YYYY-MM-DD` for the date of birth, the HealthKit raw value for the enums), and
    /// when it was set. Not health objects: no anchor, no tombstone.
    private static let v4 = """
        CREATE TABLE characteristic (
            typeIdentifier TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL,
            setAt REAL NOT NULL
        ) WITHOUT ROWID;
        """

    /// Width of a ``v6`` rollup bucket in seconds: 15 minutes, so every time zone offset and
    /// daylight-saving shift in use (all whole multiples of 15 minutes) falls on a bucket boundary.
    static let rollupBucketSeconds = 900.0

    /// The rollup bucket of a date column `x` (seconds since 2001-01-01 UTC): ⌊x / 900⌋, corrected by
    /// one either way so that `bucket × 900 ≤ x < (bucket + 1) × 900` holds exactly in floating point —
    /// the same comparisons a query with 900-second-aligned boundaries makes on the samples.
    static func rollupBucket(_ x: String) -> String {
        let truncated = "CAST(\(x) / 900.0 AS INTEGER)"
        let floor = "(\(truncated) - (\(x) / 900.0 < \(truncated)))"
        return "(\(floor) - (\(x) < \(floor) * 900.0) + (\(x) >= (\(floor) + 1) * 900.0))"
    }

    /// A rollup table (v6's 15-minute one, v8's hourly one): per type, bucket and source, the
    /// count, sum, minimum and maximum of canonical values.
    static func rollupTable(_ name: String) -> String {
        """
        CREATE TABLE \(name) (
            typeIdentifier TEXT NOT NULL,
            bucket INTEGER NOT NULL,
            sourceBundleIdentifier TEXT NOT NULL,
            sampleCount INTEGER NOT NULL,
            total REAL NOT NULL,
            minimum REAL NOT NULL,
            maximum REAL NOT NULL,
            PRIMARY KEY (typeIdentifier, bucket, sourceBundleIdentifier)
        ) WITHOUT ROWID;
        """
    }

    /// Per type, source and 15-minute bucket of start dates: the count, sum, minimum and maximum of
    /// the quantity samples' canonical values. Kept exact by triggers (an insert adds, a delete
    /// recomputes its bucket); the columns a rollup depends on cannot be updated in place. Statistics
    /// collections of discrete types read it instead of every sample when the interval boundaries
    /// fall on bucket boundaries (DECISIONS 54).
    private static var v6: String {
        let newBucket = rollupBucket("o.startDate")
        return """
        \(rollupTable("quantityRollup"))

        INSERT INTO quantityRollup (typeIdentifier, bucket, sourceBundleIdentifier, sampleCount, total, minimum, maximum)
            SELECT o.typeIdentifier, \(newBucket) AS b, o.sourceBundleIdentifier,
                   count(*), sum(q.canonicalValue), min(q.canonicalValue), max(q.canonicalValue)
            FROM healthObject o JOIN quantitySample q ON q.uuid = o.uuid
            GROUP BY o.typeIdentifier, b, o.sourceBundleIdentifier;

        \(rollupTriggers(insertCondition: nil))
        """
    }

    /// The triggers that keep `quantityRollup` exact (``v6``); ``v7`` drops and recreates them
    /// around rebuilding `healthObject`, the insert trigger with a condition, and ``migrateV13(_:)``
    /// once more for `quantitySample` keyed by the anchor.
    ///
    /// - Parameters:
    ///   - insertCondition: The insert trigger's `WHEN` clause, if any.
    ///   - key: The column a quantity row shares with its object: `uuid` before v13, `anchor` since.
    static func rollupTriggers(insertCondition: String?, key: String = "uuid") -> String {
        let newBucket = rollupBucket("o.startDate")
        let oldBucket = rollupBucket("OLD.startDate")
        let insertWhen = insertCondition.map { " WHEN \($0)" } ?? ""
        return """
        CREATE TRIGGER quantitySample_rollup_insert AFTER INSERT ON quantitySample\(insertWhen)
        BEGIN
            INSERT INTO quantityRollup (typeIdentifier, bucket, sourceBundleIdentifier, sampleCount, total, minimum, maximum)
                SELECT o.typeIdentifier, \(newBucket), o.sourceBundleIdentifier,
                       1, NEW.canonicalValue, NEW.canonicalValue, NEW.canonicalValue
                FROM healthObject o WHERE o.\(key) = NEW.\(key)
                ON CONFLICT (typeIdentifier, bucket, sourceBundleIdentifier) DO UPDATE SET
                    sampleCount = sampleCount + 1, total = total + excluded.total,
                    minimum = min(minimum, excluded.minimum), maximum = max(maximum, excluded.maximum);
        END;

        CREATE TRIGGER healthObject_rollup_delete AFTER DELETE ON healthObject WHEN OLD.kind = 'quantity'
        BEGIN
            DELETE FROM quantityRollup WHERE typeIdentifier = OLD.typeIdentifier
                AND bucket = \(oldBucket) AND sourceBundleIdentifier = OLD.sourceBundleIdentifier;
            INSERT INTO quantityRollup (typeIdentifier, bucket, sourceBundleIdentifier, sampleCount, total, minimum, maximum)
                SELECT o.typeIdentifier, \(newBucket) AS b, o.sourceBundleIdentifier,
                       count(*), sum(q.canonicalValue), min(q.canonicalValue), max(q.canonicalValue)
                FROM healthObject o JOIN quantitySample q ON q.\(key) = o.\(key)
                WHERE o.typeIdentifier = OLD.typeIdentifier AND o.sourceBundleIdentifier = OLD.sourceBundleIdentifier
                    AND o.startDate >= (\(oldBucket) - 1) * 900.0 AND o.startDate < (\(oldBucket) + 2) * 900.0
                    AND \(newBucket) = \(oldBucket)
                GROUP BY o.typeIdentifier, b, o.sourceBundleIdentifier;
        END;

        CREATE TRIGGER healthObject_rollup_frozen BEFORE UPDATE OF typeIdentifier, startDate, sourceBundleIdentifier
            ON healthObject WHEN OLD.kind = 'quantity'
            BEGIN SELECT RAISE(ABORT, 'the type, start date and source of a stored quantity sample cannot change'); END;
        CREATE TRIGGER quantitySample_rollup_frozen BEFORE UPDATE OF canonicalValue ON quantitySample
            BEGIN SELECT RAISE(ABORT, 'the value of a stored quantity sample cannot change'); END;
        """
    }
}
