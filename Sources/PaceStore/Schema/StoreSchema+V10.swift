import GRDB

extension StoreSchema {
    /// Samples associated with workouts (migration `v10-workout-samples`): HealthKit's
    /// `add(_:to:)` and a workout builder's samples, one row per (workout, sample). Deleting either
    /// object deletes the row; an object may belong to several workouts. The `sampleUUID` index
    /// serves the cascade when a sample is deleted.
    ///
    /// Existing stores are migrated by ``WorkoutSampleRule``: samples whose metadata names the workout
    /// (the recorder wrote `org.pace.workoutID` before this table existed) and, for every workout,
    /// the samples of its source recorded inside its interval (how imports are linked).
    static let v10 = """
        CREATE TABLE workoutSample (
            workoutUUID TEXT NOT NULL REFERENCES workout (uuid) ON DELETE CASCADE,
            sampleUUID TEXT NOT NULL REFERENCES healthObject (uuid) ON DELETE CASCADE,
            PRIMARY KEY (workoutUUID, sampleUUID)
        ) WITHOUT ROWID;
        CREATE INDEX workoutSample_sample ON workoutSample (sampleUUID);
        """

    static func migrateV10(_ db: Database) throws {
        try db.execute(sql: v10)
        try WorkoutSampleRule.linkLegacyMetadata(db)
        try WorkoutSampleRule.linkByTimeAndSource(workouts: nil, db)
    }
}
