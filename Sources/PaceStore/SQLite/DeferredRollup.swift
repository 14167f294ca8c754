import GRDB

/// The quantity samples a save transaction's fast path inserted, added to `quantityRollup` as
/// one row update per type, 15-minute bucket and source instead of one trigger run per sample
/// (migration v7; docs/DECISIONS.md, "Deferred rollup").
///
/// While `rollupDeferral` holds its row, the insert trigger `quantitySample_rollup_insert` does
/// nothing. ``begin(db:)`` puts the row in before the fast path's first quantity sample; each
/// sample is then ``add(typeIdentifier:start:sourceBundleIdentifier:value:db:)``-ed here, and
/// ``apply(db:)`` writes the sums and deletes the row. `WriteTransactionState` applies before
/// anything else could read or change the rollup inside the transaction (the general path, which
/// relies on the triggers and may delete, and the end of the transaction), so the rollup is exact
/// whenever the trigger would have kept it exact, and a committed store never holds the row.
struct DeferredRollup {
    private struct Group {
        var typeIdentifier: String
        var bucket: Int64
        var sourceBundleIdentifier: String
    }

    /// A type and source pair, by its position in ``series``: hashing two strings per sample
    /// (one of them often non-ASCII, which Swift normalises before hashing) cost more than the sums.
    private struct Key: Hashable {
        var series: Int32
        var bucket: Int64
    }

    private var series: [(typeIdentifier: String, sourceBundleIdentifier: String)] = []
    private var lastSeries = -1
    private var groups: [Key: RollupTotal] = [:]
    /// The same samples per hour (migration v8), whose triggers also stand aside.
    private var hours: [Key: RollupTotal] = [:]
    /// Whether the row of `rollupDeferral` is in (the trigger stands aside).
    private(set) var isActive = false

    /// Makes the insert trigger stand aside, unless it already does.
    mutating func begin(db: Database) throws {
        guard !isActive else { return }
        try db.cachedStatement(sql: "INSERT INTO rollupDeferral (id) VALUES (1)").execute()
        isActive = true
    }

    /// Counts a quantity sample just inserted while the trigger stands aside.
    ///
    /// - Parameters:
    ///   - start: The start date column value (seconds since 2001-01-01 UTC).
    ///   - value: The value in the type's canonical unit (the `canonicalValue` column).
    mutating func add(typeIdentifier: String, start: Double, sourceBundleIdentifier: String, value: Double, db: Database) throws {
        let group = Key(series: seriesIndex(typeIdentifier, sourceBundleIdentifier), bucket: try Self.bucket(of: start, db: db))
        Self.add(value, to: group, in: &groups)
        // ⌊quarter / 4⌋: an arithmetic shift floors negative bucket numbers too.
        var hour = group
        hour.bucket = group.bucket >> 2
        Self.add(value, to: hour, in: &hours)
    }

    /// The position of a type and source pair in ``series``, added when new. A handful of pairs
    /// exist per import; the last one used is tried first.
    private mutating func seriesIndex(_ typeIdentifier: String, _ sourceBundleIdentifier: String) -> Int32 {
        if lastSeries >= 0, series[lastSeries].typeIdentifier == typeIdentifier,
           series[lastSeries].sourceBundleIdentifier == sourceBundleIdentifier {
            return Int32(lastSeries)
        }
        let index = series.firstIndex { $0.typeIdentifier == typeIdentifier && $0.sourceBundleIdentifier == sourceBundleIdentifier }
            ?? { series.append((typeIdentifier, sourceBundleIdentifier)); return series.count - 1 }()
        lastSeries = index
        return Int32(index)
    }

    private static func add(_ value: Double, to group: Key, in table: inout [Key: RollupTotal]) {
        table[group, default: RollupTotal()].add(RollupTotal(count: 1, total: value, minimum: value, maximum: value))
    }

    /// Adds the counted samples to the rollup and lets the insert trigger work again.
    mutating func apply(db: Database) throws {
        guard isActive else { return }
        try upsert(groups, into: "quantityRollup", db: db)
        try upsert(hours, into: "quantityRollupHour", db: db)
        groups.removeAll(keepingCapacity: true)
        hours.removeAll(keepingCapacity: true)
        try db.cachedStatement(sql: "DELETE FROM rollupDeferral").execute()
        isActive = false
    }

    /// Adds `totals` to a rollup table, in key order (the B-tree then takes runs of neighbouring keys).
    private func upsert(_ totals: [Key: RollupTotal], into table: String, db: Database) throws {
        let upsert = try db.cachedStatement(sql: """
            INSERT INTO \(table) (typeIdentifier, bucket, sourceBundleIdentifier, sampleCount, total, minimum, maximum)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (typeIdentifier, bucket, sourceBundleIdentifier) DO UPDATE SET
                    sampleCount = sampleCount + excluded.sampleCount, total = total + excluded.total,
                    minimum = min(minimum, excluded.minimum), maximum = max(maximum, excluded.maximum)
            """)
        let ordered = totals.map { (group: Group(typeIdentifier: series[Int($0.key.series)].typeIdentifier, bucket: $0.key.bucket,
                                                 sourceBundleIdentifier: series[Int($0.key.series)].sourceBundleIdentifier),
                                    sums: $0.value) }
            .sorted { a, b in
                (a.group.typeIdentifier, a.group.bucket, a.group.sourceBundleIdentifier)
                    < (b.group.typeIdentifier, b.group.bucket, b.group.sourceBundleIdentifier)
            }
        for (group, sums) in ordered {
            try upsert.execute(arguments: [group.typeIdentifier, group.bucket, group.sourceBundleIdentifier,
                                           sums.count, sums.total, sums.minimum, sums.maximum])
        }
    }

    /// The rollup bucket of a start date, exactly as ``StoreSchema/rollupBucket(_:)`` computes it in
    /// SQL: the same floating-point operations, in the range where a `Double` holds every bucket
    /// number exactly; SQLite itself computes the rare date outside it.
    static func bucket(of x: Double, db: Database) throws -> Int64 {
        let quotient = x / 900.0
        guard abs(quotient) < 4.0e15 else {
            return try Int64.fetchOne(db, sql: "SELECT \(StoreSchema.rollupBucket("?1"))", arguments: [x]) ?? 0
        }
        let truncated = Int64(quotient)
        let floor = truncated - (quotient < Double(truncated) ? 1 : 0)
        return floor - (x < Double(floor) * 900.0 ? 1 : 0) + (x >= Double(floor + 1) * 900.0 ? 1 : 0)
    }
}
