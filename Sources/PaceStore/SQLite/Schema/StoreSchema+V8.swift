extension StoreSchema {
    /// Width of a ``v8`` hourly rollup bucket in seconds.
    static let hourlyRollupBucketSeconds = 3600.0

    /// The hour of a 15-minute bucket number `q`: ⌊q / 4⌋ for negative numbers too (SQLite's integer
    /// division truncates toward zero).
    static func hourOfQuarter(_ q: String) -> String {
        "((\(q) - (((\(q) % 4) + 4) % 4)) / 4)"
    }

    /// The hourly rollup (migration `v8-hourly-rollup`): per quantity type, source and hour of start
    /// dates, the count, sum, minimum and maximum — the 15-minute rollup's four quarters added up.
    /// Triggers on `quantityRollup` keep it exact, whichever way a quarter changes: an inserted quarter
    /// is added; an updated one (the rollup's upserts only add samples) adds its difference and widens
    /// the extremes; a deleted one (a sample deletion recomputing its quarter) makes the hour be summed
    /// again from its remaining quarters. While `rollupDeferral` holds its row (the sample fast path,
    /// migration v7) the insert and update triggers stand aside and `DeferredRollup` writes the hours
    /// itself, as it does the quarters. Collections whose boundaries are whole hours — days, weeks and
    /// months in every zone with a whole-hour offset — read a quarter of the rows (DECISIONS 70).
    static var v8: String {
        let newHour = hourOfQuarter("NEW.bucket")
        let oldHour = hourOfQuarter("OLD.bucket")
        let columns = "typeIdentifier, bucket, sourceBundleIdentifier, sampleCount, total, minimum, maximum"
        return """
        \(rollupTable("quantityRollupHour"))

        INSERT INTO quantityRollupHour (\(columns))
            SELECT typeIdentifier, \(hourOfQuarter("bucket")) AS hour, sourceBundleIdentifier,
                   sum(sampleCount), sum(total), min(minimum), max(maximum)
            FROM quantityRollup GROUP BY typeIdentifier, hour, sourceBundleIdentifier;

        CREATE TRIGGER quantityRollup_hour_insert AFTER INSERT ON quantityRollup
            WHEN NOT EXISTS (SELECT 1 FROM rollupDeferral)
        BEGIN
            INSERT INTO quantityRollupHour (\(columns))
                VALUES (NEW.typeIdentifier, \(newHour), NEW.sourceBundleIdentifier,
                        NEW.sampleCount, NEW.total, NEW.minimum, NEW.maximum)
                ON CONFLICT (typeIdentifier, bucket, sourceBundleIdentifier) DO UPDATE SET
                    sampleCount = sampleCount + excluded.sampleCount, total = total + excluded.total,
                    minimum = min(minimum, excluded.minimum), maximum = max(maximum, excluded.maximum);
        END;

        CREATE TRIGGER quantityRollup_hour_update AFTER UPDATE ON quantityRollup
            WHEN NOT EXISTS (SELECT 1 FROM rollupDeferral)
        BEGIN
            UPDATE quantityRollupHour SET
                sampleCount = sampleCount + NEW.sampleCount - OLD.sampleCount,
                total = total + NEW.total - OLD.total,
                minimum = min(minimum, NEW.minimum), maximum = max(maximum, NEW.maximum)
            WHERE typeIdentifier = NEW.typeIdentifier AND bucket = \(newHour)
                AND sourceBundleIdentifier = NEW.sourceBundleIdentifier;
        END;

        CREATE TRIGGER quantityRollup_hour_delete AFTER DELETE ON quantityRollup
        BEGIN
            DELETE FROM quantityRollupHour WHERE typeIdentifier = OLD.typeIdentifier AND bucket = \(oldHour)
                AND sourceBundleIdentifier = OLD.sourceBundleIdentifier;
            INSERT INTO quantityRollupHour (\(columns))
                SELECT typeIdentifier, \(oldHour), sourceBundleIdentifier,
                       sum(sampleCount), sum(total), min(minimum), max(maximum)
                FROM quantityRollup
                WHERE typeIdentifier = OLD.typeIdentifier AND sourceBundleIdentifier = OLD.sourceBundleIdentifier
                    AND bucket >= \(oldHour) * 4 AND bucket < \(oldHour) * 4 + 4
                GROUP BY typeIdentifier, sourceBundleIdentifier;
        END;
        """
    }
}
