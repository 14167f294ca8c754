extension StoreSchema {
    /// Activity summaries (migration `v9-activity-summaries`): one row per day (`YYYY-MM-DD`, the
    /// primary key, so saving a day again replaces it), each ring's value and goal in its canonical
    /// unit — kilocalories, minutes (move and exercise time), hours of standing — and when the row was written (REAL seconds
    /// since 2001-01-01 UTC). Summaries are not health objects: no UUID, no anchor. An ordinary rowid
    /// table: SQLite does not report changes to a `WITHOUT ROWID` table to the update hook, on which
    /// GRDB's observation (``HealthStore/activitySummaryUpdates(from:through:)``) depends.
    static let v9 = """
        CREATE TABLE activitySummary (
            day TEXT PRIMARY KEY NOT NULL CHECK (length(day) = 10),
            activeEnergyBurned REAL,
            activeEnergyBurnedGoal REAL,
            appleMoveTime REAL,
            appleMoveTimeGoal REAL,
            appleExerciseTime REAL,
            appleExerciseTimeGoal REAL,
            appleStandHours REAL,
            appleStandHoursGoal REAL,
            savedAt REAL NOT NULL
        );
        """
}
