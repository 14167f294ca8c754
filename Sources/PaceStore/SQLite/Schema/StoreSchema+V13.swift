import GRDB

extension StoreSchema {
    /// The cascade of ``v12Cascade`` with a quantity row found by its anchor: deleting a quantity
    /// sample's object deletes its quantity row, deleting a route's object deletes its locations.
    static let v13Cascade = """
        CREATE TRIGGER healthObject_rows_cascade AFTER DELETE ON healthObject WHEN OLD.kind IN ('quantity', 'route')
        BEGIN
            DELETE FROM quantitySample WHERE OLD.kind = 'quantity' AND anchor = OLD.anchor;
            DELETE FROM routeLocation WHERE OLD.kind = 'route' AND routeUUID = OLD.uuid;
        END;
        """

    /// `quantitySample` keyed by its object's anchor (migration `v13-quantity-rows-by-anchor`,
    /// DECISIONS 147).
    ///
    /// Until v13 a quantity row was keyed by its object's 36-character UUID text, in a table without
    /// row ids. Objects get their UUIDs from their makers — random, for every device and importer — so
    /// each insert landed at a random place of a B-tree as large as the store's samples: SQLite
    /// moved cells to make room (the largest share of a sync push's CPU into a store of 100,000
    /// samples) and the rollup trigger looked the object up once more through the UUID index. Keyed
    /// by the anchor, which only grows, a quantity row is appended at the end of its table, joined
    /// to its object row id to row id, and is 40 bytes smaller.
    ///
    /// The table is rebuilt: the rows are copied in anchor order (a quantity row whose object is gone
    /// could never be read and is left behind), the old table is emptied before it is dropped, and
    /// the triggers that name it are made again around it, the rollup's insert trigger with the
    /// deferral condition of ``v7``. The rollup tables are unchanged: they hold the same rows' sums.
    static func migrateV13(_ db: Database) throws {
        try db.execute(sql: """
            DROP TRIGGER quantitySample_rollup_insert;
            DROP TRIGGER healthObject_rollup_delete;
            DROP TRIGGER healthObject_rollup_frozen;
            DROP TRIGGER quantitySample_rollup_frozen;
            DROP TRIGGER healthObject_rows_cascade;

            CREATE TABLE quantitySampleV13 (
                anchor INTEGER PRIMARY KEY,
                value REAL NOT NULL,
                unit TEXT NOT NULL,
                canonicalValue REAL NOT NULL
            );
            INSERT INTO quantitySampleV13 (anchor, value, unit, canonicalValue)
                SELECT o.anchor, q.value, q.unit, q.canonicalValue
                FROM healthObject o JOIN quantitySample q ON q.uuid = o.uuid
                WHERE o.kind = 'quantity'
                ORDER BY o.anchor;
            DELETE FROM quantitySample;
            DROP TABLE quantitySample;
            ALTER TABLE quantitySampleV13 RENAME TO quantitySample;

            \(rollupTriggers(insertCondition: "NOT EXISTS (SELECT 1 FROM rollupDeferral)", key: "anchor"))
            \(v13Cascade)
            """)
    }
}
