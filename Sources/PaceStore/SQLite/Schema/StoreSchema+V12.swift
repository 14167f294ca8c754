import GRDB

extension StoreSchema {
    /// The foreign-key clauses v1 gave the two tables a large import writes a row to per point.
    static let v12ForeignKeys = [
        (table: "quantitySample", clause: " REFERENCES healthObject (uuid) ON DELETE CASCADE"),
        (table: "routeLocation", clause: " REFERENCES workoutRoute (uuid) ON DELETE CASCADE"),
    ]

    /// What the foreign keys' cascades did, as a trigger: deleting a quantity sample's object deletes
    /// its quantity row, deleting a route's object deletes its locations.
    static let v12Cascade = """
        CREATE TRIGGER healthObject_rows_cascade AFTER DELETE ON healthObject WHEN OLD.kind IN ('quantity', 'route')
        BEGIN
            DELETE FROM quantitySample WHERE OLD.kind = 'quantity' AND uuid = OLD.uuid;
            DELETE FROM routeLocation WHERE OLD.kind = 'route' AND routeUUID = OLD.uuid;
        END;
        """

    /// `quantitySample` and `routeLocation` without foreign keys (migration
    /// `v12-sample-rows-without-foreign-keys`, DECISIONS 123).
    ///
    /// Their foreign keys (a quantity row's object, `healthObject.uuid`; a location's route,
    /// `workoutRoute.uuid`) cost SQLite an index lookup or a deferred count per row — a million of
    /// each in a one-hour-at-1-Hz import — and only ever checked what the insert path guarantees: an
    /// object's row is written before its quantity row, a route's locations only with its object in
    /// the same transaction (a streamed save that writes locations without their route fails before
    /// it commits). Their cascades become ``v12Cascade``, as `workoutSample`'s (v10).
    ///
    /// A foreign-key clause does not change how rows are stored, so the clauses are taken out of the
    /// tables' schema text in place, by SQLite's documented procedure for such changes (`writable_schema`,
    /// then a new schema version so every connection reads the schema again): no row is copied, so a
    /// store of millions of samples migrates at once. Rebuilding the tables instead failed on a large
    /// store: dropping the old table in the migration's transaction gave `SQLITE_FULL` under Pace's
    /// 8 MiB statement-journal setting (reproduced outside Pace with that setting alone).
    static func migrateV12(_ db: Database) throws {
        let version = try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
        try db.execute(sql: "PRAGMA writable_schema = ON")
        for (table, clause) in v12ForeignKeys {
            try db.execute(sql: "UPDATE sqlite_master SET sql = replace(sql, ?, '') WHERE type = 'table' AND name = ?",
                           arguments: [clause, table])
        }
        try db.execute(sql: "PRAGMA writable_schema = OFF")
        try db.execute(sql: "PRAGMA schema_version = \(version + 1)")
        for (table, _) in v12ForeignKeys where try !Row.fetchAll(db, sql: "PRAGMA foreign_key_list(\(table))").isEmpty {
            throw DatabaseError(message: "v12: the \(table) table's schema is not the one Pace wrote; its foreign key was left in place")
        }
        try db.execute(sql: v12Cascade)
    }
}
