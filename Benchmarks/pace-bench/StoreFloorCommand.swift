import ArgumentParser
import Foundation
import GRDB
import PaceStore

/// `pace-bench store-floor`: how long SQLite alone takes to write the rows an import wrote.
///
/// The rows of a store filled by `pace-bench files applehealth` are copied into memory (not timed),
/// then written into a fresh store — the same schema, indexes, pragmas and batches of 12 000
/// samples per transaction as the import — by `INSERT … SELECT` statements only: no XML, no Swift
/// per row. No importer keeping this schema can be faster on this machine, so it bounds the ratio
/// any Pace import can reach against a peer (docs/BENCHMARKS.md, "File reading").
struct StoreFloorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store-floor",
        abstract: "Time SQLite alone writing the samples of an imported store into a fresh one.",
        discussion: """
            Prints one line: rows=<samples written> seconds=<wall time of the timed inserts>.
            Only quantity and category samples are copied (what the Apple Health fast path writes), with the \
            rollup triggers standing aside as on that path; the rollup sums are not written, so the time is a \
            lower bound of the import's store work.
            """)

    @Argument(help: "A store filled by `pace-bench files applehealth FILE --store PATH`.")
    var source: String

    @Option(help: "The fresh store to write; must not exist.")
    var store: String

    @Option(help: "Samples per transaction (the importer's default batch).")
    var batch = 12_000

    @Option(help: """
        pace: Pace's store schema. lean: the smallest schema that still answers HealthKit's lookups (a 16-byte \
        UUID, integer type, source and unit ids, empty metadata as NULL, no rollup; unique UUID, unique sync \
        identifier per source, type and start, type and anchor), written into a plain SQLite file with the \
        store's pragmas. lean-index-after: the lean schema with its indexes built once at the end (a bulk load).
        """)
    var schema: FloorSchema = .pace

    enum FloorSchema: String, ExpressibleByArgument, CaseIterable {
        case pace, lean
        case leanIndexAfter = "lean-index-after"
    }

    func run() throws {
        guard !FileManager.default.fileExists(atPath: store) else {
            throw ValidationError("--store '\(store)' exists; give a path for a fresh store.")
        }
        if schema != .pace {
            try LeanStoreFloor(source: source, path: store, batch: batch, indexAfter: schema == .leanIndexAfter).run()
            return
        }
        let target = try SQLiteBackend(path: store)
        let rows = try target.writer.writeWithoutTransaction { db -> Int in
            // The rows to write, held in an in-memory database so that reading them costs (almost) nothing.
            try db.execute(sql: "ATTACH DATABASE ':memory:' AS held")
            try db.execute(sql: "ATTACH DATABASE ? AS source", arguments: [source])
            try db.execute(sql: """
                CREATE TABLE held.object AS SELECT * FROM source.healthObject WHERE kind IN ('quantity', 'category') ORDER BY anchor;
                CREATE INDEX held.object_anchor ON object (anchor);
                CREATE TABLE held.quantity AS SELECT h.anchor, q.* FROM source.quantitySample q JOIN source.healthObject h USING (uuid) ORDER BY h.anchor;
                CREATE INDEX held.quantity_anchor ON quantity (anchor);
                CREATE TABLE held.category AS SELECT h.anchor, c.* FROM source.categorySample c JOIN source.healthObject h USING (uuid) ORDER BY h.anchor;
                CREATE INDEX held.category_anchor ON category (anchor);
                INSERT INTO main.device SELECT * FROM source.device;
                """)
            try db.execute(sql: "DETACH DATABASE source")
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM held.object") ?? 0
        }
        let lastAnchor = try target.writer.writeWithoutTransaction { db in
            try Int64.fetchOne(db, sql: "SELECT max(anchor) FROM held.object")
        } ?? 0
        let clock = ContinuousClock()
        let start = clock.now
        var low: Int64 = 0
        while low < lastAnchor {
            let high = low + Int64(batch)
            try target.writer.write { db in
                try db.execute(sql: "INSERT INTO rollupDeferral (id) VALUES (1)")
                try db.execute(sql: "INSERT INTO healthObject SELECT * FROM held.object WHERE anchor > ? AND anchor <= ?",
                               arguments: [low, high])
                try db.execute(sql: """
                    INSERT INTO quantitySample (uuid, value, unit, canonicalValue)
                        SELECT uuid, value, unit, canonicalValue FROM held.quantity WHERE anchor > ? AND anchor <= ?
                    """, arguments: [low, high])
                try db.execute(sql: "INSERT INTO categorySample (uuid, value) SELECT uuid, value FROM held.category WHERE anchor > ? AND anchor <= ?",
                               arguments: [low, high])
                try db.execute(sql: "DELETE FROM rollupDeferral")
            }
            low = high
        }
        let seconds = (clock.now - start) / .seconds(1)
        print(String(format: "rows=%d seconds=%.6f", rows, seconds))
    }
}
