import GRDB

extension StoreSchema {
    /// Samples associated with workouts (migration `v10-workout-samples`): HealthKit's
    /// `add(_:to:)` and a workout builder's samples, one row per (workout, sample), each named by its
    /// anchor (the objects' integer row id: a million pairs are two small integer B-trees, not two of
    /// 36-character texts). Deleting either object deletes the row (a trigger, not foreign keys:
    /// every pair is written from anchors the same transaction wrote or looked up, and a foreign-key
    /// check per pair re-read the objects' pages from the log in a large import, 10 s per million
    /// pairs); a sample may belong to several workouts. The `sampleAnchor` index serves the cascade.
    ///
    /// Existing stores are migrated by ``WorkoutSampleRule``: samples whose metadata names the workout
    /// (the recorder wrote `org.pace.workoutID` before this table existed) and, for every workout,
    /// the samples of its source recorded inside its interval (how imports are linked).
    static let v10 = """
        CREATE TABLE workoutSample (
            workoutAnchor INTEGER NOT NULL,
            sampleAnchor INTEGER NOT NULL,
            PRIMARY KEY (workoutAnchor, sampleAnchor)
        ) WITHOUT ROWID;
        CREATE INDEX workoutSample_sample ON workoutSample (sampleAnchor);
        CREATE TRIGGER workoutSample_cascade AFTER DELETE ON healthObject
        WHEN OLD.kind IN ('workout', 'quantity', 'category')
        BEGIN
            DELETE FROM workoutSample WHERE workoutAnchor = OLD.anchor;
            DELETE FROM workoutSample WHERE sampleAnchor = OLD.anchor;
        END;
        """

    static func migrateV10(_ db: Database) throws {
        try db.execute(sql: v10)
        try WorkoutSampleRule.linkLegacyMetadata(db)
        try WorkoutSampleRule.linkByTimeAndSource(workouts: nil, db)
    }
}
