import GRDB

extension StoreSchema {
    /// Samples associated with workouts (migration `v10-workout-samples`): HealthKit's
    /// `add(_:to:)` and a workout builder's samples, one row per (workout, sample), each named by its
    /// anchor (the objects' integer row id: a million pairs are two small integer B-trees, not two of
    /// 36-character texts). Deleting either object deletes the row; a sample may belong to several
    /// workouts. The `sampleAnchor` index serves the cascade when a sample is deleted.
    ///
    /// Existing stores are migrated by ``WorkoutSampleRule``: samples whose metadata names the workout
    /// (the recorder wrote `org.pace.workoutID` before this table existed) and, for every workout,
    /// the samples of its source recorded inside its interval (how imports are linked).
    static let v10 = """
        CREATE TABLE workoutSample (
            workoutAnchor INTEGER NOT NULL REFERENCES healthObject (anchor) ON DELETE CASCADE,
            sampleAnchor INTEGER NOT NULL REFERENCES healthObject (anchor) ON DELETE CASCADE,
            PRIMARY KEY (workoutAnchor, sampleAnchor)
        ) WITHOUT ROWID;
        CREATE INDEX workoutSample_sample ON workoutSample (sampleAnchor);
        """

    static func migrateV10(_ db: Database) throws {
        try db.execute(sql: v10)
        try WorkoutSampleRule.linkLegacyMetadata(db)
        try WorkoutSampleRule.linkByTimeAndSource(workouts: nil, db)
    }
}
