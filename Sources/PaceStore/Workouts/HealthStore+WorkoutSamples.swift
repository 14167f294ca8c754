public import Foundation

extension HealthStore {
    /// Associates stored samples with a stored workout (HealthKit's `add(_:to:)`), in one
    /// transaction; associating a sample twice changes nothing.
    ///
    /// - Parameters:
    ///   - sampleIDs: Quantity or category samples.
    ///   - workoutID: The workout.
    /// - Throws: ``StoreError/Code/workoutNotFound``, or ``StoreError/Code/objectNotFound`` for an
    ///   identifier that is not a stored sample; nothing is changed then.
    public func add(samples sampleIDs: [UUID], to workoutID: UUID) async throws(StoreError) {
        try await backend.associate(samples: sampleIDs, with: workoutID)
    }

    /// Associates with each workout the samples of its source (the same bundle identifier) that
    /// start and end inside its interval — how a workout gets its heart rate when the file it came
    /// from does not link them (an Apple Health export). Samples already associated stay so.
    ///
    /// - Parameter workoutIDs: The workouts; identifiers of objects that are not workouts are skipped.
    /// - Returns: How many associations were added.
    /// - Throws: ``StoreError`` if the database fails; nothing is changed then.
    @discardableResult
    public func associateSamplesByTime(withWorkouts workoutIDs: [UUID]) async throws(StoreError) -> Int {
        try await backend.associateSamplesByTime(withWorkouts: workoutIDs)
    }
}
