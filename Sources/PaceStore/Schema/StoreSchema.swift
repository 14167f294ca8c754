import Foundation
import GRDB

/// The store's schema, as an ordered list of migrations from an empty file.
///
/// Migrations are never edited once released: a change is a new migration. Dates are
/// stored as REAL seconds since 2001-01-01 UTC (Foundation's reference date, which
/// round-trips a `Date` exactly); UUIDs as upper-case text; metadata, devices and
/// workout statistics as JSON text.
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
}
