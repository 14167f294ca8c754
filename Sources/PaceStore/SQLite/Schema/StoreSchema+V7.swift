import PaceModel

extension StoreSchema {
    /// The metadata key whose string value lives in the `syncIdentifier` column only (since ``v7``).
    static let syncIdentifierKey = MetadataKey.syncIdentifier.rawValue
    /// The metadata key whose integer value lives in the `syncVersion` column only (since ``v7``).
    static let syncVersionKey = MetadataKey.syncVersion.rawValue

    /// Fewer bytes and fewer B-trees per object (docs/DECISIONS.md, "Compact object rows").
    /// `healthObject` is rebuilt:
    ///
    /// - the anchor becomes the row identifier (`INTEGER PRIMARY KEY`): the table is ordered by it,
    ///   the separate unique index on `anchor` is gone, and `healthObject_type_anchor` indexes the type
    ///   alone (an index ends with the row id, so it still orders each type's objects by anchor);
    /// - the device, the same JSON in thousands of rows, moves to a `device` table, referenced by `deviceID`;
    /// - the metadata JSON no longer repeats the sync identifier (when it is a string) and the sync
    ///   version (when it is an integer): they are in their columns, and readers put them back;
    /// - the index on `(kind, startDate)`, which no query uses, is dropped;
    /// - the rollup insert trigger stands aside while the one-row `rollupDeferral` table has its row:
    ///   a save transaction's sample fast path then adds its samples to `quantityRollup` itself, one
    ///   row update per type, bucket and source (`DeferredRollup`), and deletes the row before it
    ///   commits, so no committed state ever has it (docs/DECISIONS.md, "Deferred rollup");
    /// - sync identifiers that Pace's Apple Health import wrote before they carried a time key
    ///   (`applehealth:` and 32 hex digits) get it, as the import now writes them (PaceTransfer's
    ///   `AppleHealthSyncIdentity`): `applehealth:`, the start date as whole seconds since 1970 in
    ///   8 hex digits, then the same 32 digits. A re-import of the same export still finds them.
    ///
    /// Rows are copied in anchor order with every other column unchanged; the rollup triggers are
    /// dropped before and recreated after with the text of ``v6`` (the insert trigger with its new
    /// condition). Foreign keys are checked when the migration ends (GRDB's deferred checks), so the
    /// children of `healthObject` stay attached. The pages the old table used become free pages of
    /// the file, reused by later writes (the file does not shrink without `VACUUM`); about 1.8 s per
    /// 100 000 objects on the 2-core build machine.
    static var v7: String {
        let identifier = "'$.\"\(syncIdentifierKey)\"'"
        let version = "'$.\"\(syncVersionKey)\"'"
        let hasIdentifier = "(syncIdentifier IS NOT NULL AND json_type(metadata, '$.\"\(syncIdentifierKey)\".string') = 'text')"
        let hasVersion = "(syncVersion IS NOT NULL AND json_type(metadata, '$.\"\(syncVersionKey)\".integer') = 'integer')"
        let metadata = """
            CASE WHEN NOT json_valid(metadata) THEN metadata
                 WHEN \(hasIdentifier) AND \(hasVersion) THEN json_remove(metadata, \(identifier), \(version))
                 WHEN \(hasIdentifier) THEN json_remove(metadata, \(identifier))
                 WHEN \(hasVersion) THEN json_remove(metadata, \(version))
                 ELSE metadata END
            """
        let legacyAppleHealth = "'applehealth:" + String(repeating: "[0-9a-f]", count: 32) + "'"
        let unixSeconds = "(startDate + 978307200.0)"
        let timeKey = """
            CASE WHEN \(unixSeconds) <= 0 THEN 0 WHEN \(unixSeconds) >= 4294967295.0 THEN 4294967295
                 ELSE CAST(\(unixSeconds) AS INTEGER) END
            """
        let syncIdentifier = """
            CASE WHEN syncIdentifier GLOB \(legacyAppleHealth)
                 THEN 'applehealth:' || printf('%08x', \(timeKey)) || substr(syncIdentifier, 13)
                 ELSE syncIdentifier END
            """
        return """
        DROP TRIGGER quantitySample_rollup_insert;
        DROP TRIGGER healthObject_rollup_delete;
        DROP TRIGGER healthObject_rollup_frozen;
        DROP TRIGGER quantitySample_rollup_frozen;

        CREATE TABLE rollupDeferral (
            id INTEGER PRIMARY KEY CHECK (id = 1)
        );

        CREATE TABLE device (
            id INTEGER PRIMARY KEY,
            json TEXT NOT NULL UNIQUE
        );
        INSERT INTO device (json) SELECT DISTINCT device FROM healthObject WHERE device IS NOT NULL ORDER BY device;

        CREATE TABLE healthObjectV7 (
            anchor INTEGER PRIMARY KEY,
            uuid TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL CHECK (kind IN ('quantity', 'category', 'workout', 'route')),
            typeIdentifier TEXT NOT NULL,
            startDate REAL NOT NULL,
            endDate REAL NOT NULL,
            sourceName TEXT NOT NULL,
            sourceBundleIdentifier TEXT NOT NULL,
            sourceVersion TEXT,
            sourceProductType TEXT,
            sourceOperatingSystemVersion TEXT,
            deviceID INTEGER REFERENCES device (id),
            metadata TEXT NOT NULL,
            syncIdentifier TEXT,
            syncVersion INTEGER,
            savedAt REAL NOT NULL
        );
        INSERT INTO healthObjectV7 (anchor, uuid, kind, typeIdentifier, startDate, endDate, sourceName,
            sourceBundleIdentifier, sourceVersion, sourceProductType, sourceOperatingSystemVersion, deviceID,
            metadata, syncIdentifier, syncVersion, savedAt)
        SELECT anchor, uuid, kind, typeIdentifier, startDate, endDate, sourceName,
            sourceBundleIdentifier, sourceVersion, sourceProductType, sourceOperatingSystemVersion,
            (SELECT id FROM device WHERE json = healthObject.device),
            \(metadata),
            \(syncIdentifier), syncVersion, savedAt
        FROM healthObject
        ORDER BY anchor;

        DROP TABLE healthObject;
        ALTER TABLE healthObjectV7 RENAME TO healthObject;

        CREATE UNIQUE INDEX healthObject_sync
            ON healthObject (sourceBundleIdentifier, syncIdentifier) WHERE syncIdentifier IS NOT NULL;
        CREATE INDEX healthObject_type_start ON healthObject (typeIdentifier, startDate);
        -- The anchor is the row id, which every index ends with: this orders each type's objects by anchor.
        CREATE INDEX healthObject_type_anchor ON healthObject (typeIdentifier);

        \(rollupTriggers(insertCondition: "NOT EXISTS (SELECT 1 FROM rollupDeferral)"))
        """
    }
}
