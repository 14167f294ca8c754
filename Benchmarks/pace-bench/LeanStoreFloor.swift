import Foundation
import GRDB

/// The lean-schema variant of `pace-bench store-floor`: the rows of an imported store written into
/// the smallest schema that still answers HealthKit's lookups, to show how far any schema change could
/// take the Apple Health import on this machine (docs/BENCHMARKS.md, "File reading").
///
/// Per sample: one row keyed by its anchor (a 16-byte UUID blob, integer type, source and device ids,
/// dates, metadata or NULL, sync identifier and version, save time) and one value row keyed by the
/// same anchor; indexes on the UUID (unique), the sync identifier per source (unique), type and start,
/// and type (anchor order). No rollup, no foreign keys. The file gets the store's pragmas (WAL,
/// `synchronous = FULL`, a 64 MiB page cache).
struct LeanStoreFloor {
    var source: String
    var path: String
    var batch: Int
    /// Build the indexes after all rows are written instead of keeping them as rows arrive.
    var indexAfter: Bool

    static let indexes = [
        "CREATE UNIQUE INDEX sample_uuid ON sample (uuid)",
        "CREATE UNIQUE INDEX sample_sync ON sample (sourceID, syncIdentifier) WHERE syncIdentifier IS NOT NULL",
        "CREATE INDEX sample_type_start ON sample (typeID, startDate)",
        "CREATE INDEX sample_type_anchor ON sample (typeID)",
    ]

    func run() throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let pool = try DatabasePool(path: path)
        try pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            try db.execute(sql: "PRAGMA cache_size = -65536")
            db.add(function: DatabaseFunction("uuidBlob", argumentCount: 1, pure: true) { values in
                guard let text = String.fromDatabaseValue(values[0]), let uuid = UUID(uuidString: text) else { return nil }
                return withUnsafeBytes(of: uuid.uuid) { Data($0) }
            })
            try db.execute(sql: """
                CREATE TABLE sample (
                    anchor INTEGER PRIMARY KEY, uuid BLOB NOT NULL, kind INTEGER NOT NULL, typeID INTEGER NOT NULL,
                    startDate REAL NOT NULL, endDate REAL NOT NULL, sourceID INTEGER NOT NULL, deviceID INTEGER,
                    metadata TEXT, syncIdentifier TEXT, syncVersion INTEGER, savedAt REAL NOT NULL);
                CREATE TABLE quantityValue (anchor INTEGER PRIMARY KEY, value REAL NOT NULL, unitID INTEGER NOT NULL,
                    canonicalValue REAL NOT NULL);
                CREATE TABLE categoryValue (anchor INTEGER PRIMARY KEY, value INTEGER NOT NULL);
                """)
            if !indexAfter {
                for index in Self.indexes { try db.execute(sql: index) }
            }
            // The rows, converted and held in memory (untimed).
            try db.execute(sql: "ATTACH DATABASE ':memory:' AS held")
            try db.execute(sql: "ATTACH DATABASE ? AS source", arguments: [source])
            try db.execute(sql: """
                CREATE TABLE held.type AS SELECT DISTINCT typeIdentifier AS name FROM source.healthObject;
                CREATE TABLE held.source AS SELECT DISTINCT sourceBundleIdentifier AS name FROM source.healthObject;
                CREATE TABLE held.unit AS SELECT DISTINCT unit AS name FROM source.quantitySample;
                CREATE TABLE held.object AS SELECT h.anchor, uuidBlob(h.uuid) AS uuid,
                    CASE h.kind WHEN 'quantity' THEN 1 ELSE 2 END AS kind,
                    (SELECT rowid FROM held.type t WHERE t.name = h.typeIdentifier) AS typeID, h.startDate, h.endDate,
                    (SELECT rowid FROM held.source s WHERE s.name = h.sourceBundleIdentifier) AS sourceID, h.deviceID,
                    CASE h.metadata WHEN '{}' THEN NULL ELSE h.metadata END AS metadata, h.syncIdentifier, h.syncVersion, h.savedAt
                    FROM source.healthObject h WHERE h.kind IN ('quantity', 'category') ORDER BY h.anchor;
                CREATE INDEX held.object_anchor ON object (anchor);
                CREATE TABLE held.quantity AS SELECT h.anchor, q.value,
                    (SELECT rowid FROM held.unit u WHERE u.name = q.unit) AS unitID, q.canonicalValue
                    FROM source.quantitySample q JOIN source.healthObject h USING (uuid) ORDER BY h.anchor;
                CREATE INDEX held.quantity_anchor ON quantity (anchor);
                CREATE TABLE held.category AS SELECT h.anchor, c.value
                    FROM source.categorySample c JOIN source.healthObject h USING (uuid) ORDER BY h.anchor;
                CREATE INDEX held.category_anchor ON category (anchor);
                """)
            try db.execute(sql: "DETACH DATABASE source")
        }
        let (rows, lastAnchor) = try pool.writeWithoutTransaction { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM held.object") ?? 0,
             try Int64.fetchOne(db, sql: "SELECT max(anchor) FROM held.object") ?? 0)
        }
        let clock = ContinuousClock()
        let start = clock.now
        var low: Int64 = 0
        while low < lastAnchor {
            let high = low + Int64(batch)
            try pool.write { db in
                try db.execute(sql: "INSERT INTO sample SELECT * FROM held.object WHERE anchor > ? AND anchor <= ?",
                               arguments: [low, high])
                try db.execute(sql: "INSERT INTO quantityValue SELECT * FROM held.quantity WHERE anchor > ? AND anchor <= ?",
                               arguments: [low, high])
                try db.execute(sql: "INSERT INTO categoryValue SELECT * FROM held.category WHERE anchor > ? AND anchor <= ?",
                               arguments: [low, high])
            }
            low = high
        }
        if indexAfter {
            try pool.write { db in
                for index in Self.indexes { try db.execute(sql: index) }
            }
        }
        let seconds = (clock.now - start) / .seconds(1)
        print(String(format: "rows=%d seconds=%.6f", rows, seconds))
    }
}
