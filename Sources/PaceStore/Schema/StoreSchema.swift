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
}
