extension StoreSchema {
    /// The two tables a large import writes a row to per point, `quantitySample` and `routeLocation`,
    /// without foreign keys (migration `v12-sample-rows-without-foreign-keys`, DECISIONS 123).
    ///
    /// Their foreign keys (a quantity row's object, `healthObject.uuid`; a location's route,
    /// `workoutRoute.uuid`) cost SQLite an index lookup or a deferred count per row — a million of
    /// each in a one-hour-at-1-Hz import — and only ever checked what the insert path guarantees: an
    /// object's row is written before its quantity row in the same statement sequence, a route's
    /// locations only with its object in the same transaction (a streamed save that writes locations
    /// without their route fails before it commits). What the keys also did, deleting the rows with
    /// their object, is a trigger now, as `workoutSample`'s (v10): deleting a quantity sample's object
    /// deletes its quantity row, deleting a route's object deletes its locations.
    ///
    /// Both tables are rebuilt with the same columns, keys and rows (SQLite cannot drop a foreign key
    /// in place); the rollup triggers, which name `quantitySample`, are dropped first and made again
    /// with the text of ``v7``.
    static var v12: String {
        """
        DROP TRIGGER quantitySample_rollup_insert;
        DROP TRIGGER healthObject_rollup_delete;
        DROP TRIGGER healthObject_rollup_frozen;
        DROP TRIGGER quantitySample_rollup_frozen;

        CREATE TABLE quantitySampleV12 (
            uuid TEXT PRIMARY KEY NOT NULL,
            value REAL NOT NULL,
            unit TEXT NOT NULL,
            canonicalValue REAL NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO quantitySampleV12 (uuid, value, unit, canonicalValue)
            SELECT uuid, value, unit, canonicalValue FROM quantitySample ORDER BY uuid;
        DROP TABLE quantitySample;
        ALTER TABLE quantitySampleV12 RENAME TO quantitySample;

        CREATE TABLE routeLocationV12 (
            routeUUID TEXT NOT NULL,
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
        INSERT INTO routeLocationV12 (routeUUID, position, timestamp, latitude, longitude, altitude, speed, course,
            horizontalAccuracy, verticalAccuracy, speedAccuracy, courseAccuracy)
            SELECT routeUUID, position, timestamp, latitude, longitude, altitude, speed, course,
                horizontalAccuracy, verticalAccuracy, speedAccuracy, courseAccuracy
            FROM routeLocation ORDER BY routeUUID, position;
        DROP TABLE routeLocation;
        ALTER TABLE routeLocationV12 RENAME TO routeLocation;

        CREATE TRIGGER healthObject_rows_cascade AFTER DELETE ON healthObject WHEN OLD.kind IN ('quantity', 'route')
        BEGIN
            DELETE FROM quantitySample WHERE OLD.kind = 'quantity' AND uuid = OLD.uuid;
            DELETE FROM routeLocation WHERE OLD.kind = 'route' AND routeUUID = OLD.uuid;
        END;

        \(rollupTriggers(insertCondition: "NOT EXISTS (SELECT 1 FROM rollupDeferral)"))
        """
    }
}
