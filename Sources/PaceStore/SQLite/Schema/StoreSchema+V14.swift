import GRDB

extension StoreSchema {
    /// Series samples (migration `v14-quantity-series`, DECISIONS 172): a quantity sample may hold
    /// many values, HealthKit's series sample.
    ///
    /// - `quantitySample.count` is how many values a sample holds: 1 for an ordinary sample (every
    ///   row stored before v14, at no cost: an added column with a default is not written into old
    ///   rows), more for a series sample, whose `value` and `canonicalValue` are its summary (the
    ///   sum for a cumulative type, the average for a discrete one). A partial index lists the
    ///   series samples alone, so a query's series part never walks the ordinary samples.
    /// - `quantitySeriesValue` holds a series sample's values, in its canonical unit, keyed by the
    ///   sample's anchor and the value's position (start order): a series is appended at the end of
    ///   the table, about 35 bytes a value where an ordinary sample takes about 300.
    /// - The rollups count a series sample's values, each in the bucket of its own start, never the
    ///   summary: the insert trigger skips a series row (the writer adds the values), and the delete
    ///   trigger recomputes every bucket the deleted sample's values fell into before it deletes its
    ///   rows — one trigger, so the values are still there to say where the series ended. Its series
    ///   part starts from the series samples' partial index (`CROSS JOIN` fixes the order): left to
    ///   itself, SQLite walked every earlier sample of the type through `healthObject_type_start`.
    static var v14: String {
        let first = rollupBucket("OLD.startDate")
        let last = rollupBucket("COALESCE((SELECT max(startDate) FROM quantitySeriesValue WHERE anchor = OLD.anchor), OLD.startDate)")
        let valueBucket = rollupBucket("x.startDate")
        return """
        DROP TRIGGER quantitySample_rollup_insert;
        DROP TRIGGER healthObject_rollup_delete;
        DROP TRIGGER healthObject_rows_cascade;

        ALTER TABLE quantitySample ADD COLUMN count INTEGER NOT NULL DEFAULT 1;
        CREATE INDEX quantitySample_series ON quantitySample (anchor) WHERE count > 1;

        CREATE TABLE quantitySeriesValue (
            anchor INTEGER NOT NULL,
            position INTEGER NOT NULL,
            startDate REAL NOT NULL,
            endDate REAL NOT NULL,
            canonicalValue REAL NOT NULL,
            PRIMARY KEY (anchor, position)
        ) WITHOUT ROWID;

        CREATE TRIGGER quantitySample_rollup_insert AFTER INSERT ON quantitySample
            WHEN NEW.count = 1 AND NOT EXISTS (SELECT 1 FROM rollupDeferral)
        BEGIN
            INSERT INTO quantityRollup (typeIdentifier, bucket, sourceBundleIdentifier, sampleCount, total, minimum, maximum)
                SELECT o.typeIdentifier, \(rollupBucket("o.startDate")), o.sourceBundleIdentifier,
                       1, NEW.canonicalValue, NEW.canonicalValue, NEW.canonicalValue
                FROM healthObject o WHERE o.anchor = NEW.anchor
                ON CONFLICT (typeIdentifier, bucket, sourceBundleIdentifier) DO UPDATE SET
                    sampleCount = sampleCount + 1, total = total + excluded.total,
                    minimum = min(minimum, excluded.minimum), maximum = max(maximum, excluded.maximum);
        END;

        CREATE TRIGGER healthObject_quantity_delete AFTER DELETE ON healthObject WHEN OLD.kind = 'quantity'
        BEGIN
            DELETE FROM quantityRollup WHERE typeIdentifier = OLD.typeIdentifier
                AND sourceBundleIdentifier = OLD.sourceBundleIdentifier AND bucket BETWEEN \(first) AND \(last);
            INSERT INTO quantityRollup (typeIdentifier, bucket, sourceBundleIdentifier, sampleCount, total, minimum, maximum)
                SELECT OLD.typeIdentifier, \(valueBucket) AS b, OLD.sourceBundleIdentifier,
                       count(*), sum(x.value), min(x.value), max(x.value)
                FROM (
                    SELECT o.startDate AS startDate, q.canonicalValue AS value
                    FROM healthObject o JOIN quantitySample q ON q.anchor = o.anchor
                    WHERE o.typeIdentifier = OLD.typeIdentifier AND o.sourceBundleIdentifier = OLD.sourceBundleIdentifier
                        AND o.startDate >= (\(first) - 1) * 900.0 AND o.startDate < (\(last) + 2) * 900.0 AND q.count = 1
                    UNION ALL
                    SELECT v.startDate, v.canonicalValue
                    FROM quantitySample s CROSS JOIN healthObject o CROSS JOIN quantitySeriesValue v
                    WHERE s.count > 1 AND o.anchor = s.anchor AND v.anchor = s.anchor
                        AND o.typeIdentifier = OLD.typeIdentifier
                        AND o.sourceBundleIdentifier = OLD.sourceBundleIdentifier
                        AND o.startDate < (\(last) + 2) * 900.0 AND o.endDate >= (\(first) - 1) * 900.0
                        AND v.startDate >= (\(first) - 1) * 900.0 AND v.startDate < (\(last) + 2) * 900.0
                ) x
                WHERE b BETWEEN \(first) AND \(last)
                GROUP BY b;
            DELETE FROM quantitySeriesValue WHERE anchor = OLD.anchor;
            DELETE FROM quantitySample WHERE anchor = OLD.anchor;
        END;

        CREATE TRIGGER healthObject_route_cascade AFTER DELETE ON healthObject WHEN OLD.kind = 'route'
        BEGIN
            DELETE FROM routeLocation WHERE routeUUID = OLD.uuid;
        END;
        """
    }
}
