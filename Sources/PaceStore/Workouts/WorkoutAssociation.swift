package import Foundation

/// Samples that belong to a workout, saved with them in one ``HealthObjectBatch``: what HealthKit's
/// workout builder does when it saves the samples it was given.
///
/// ```swift
/// let batch = try HealthObjectBatch([.workout(run)] + heartRates.map(HealthObject.quantitySample),
///                                   associations: [WorkoutAssociation(workoutID: run.id, sampleIDs: heartRates.map(\.id))])
/// try await store.save(batch)
/// ```
package struct WorkoutAssociation: Hashable, Sendable {
    /// The workout, stored or saved in the same batch.
    package var workoutID: UUID
    /// Quantity or category samples, stored or saved in the same batch.
    package var sampleIDs: [UUID]

    /// Creates an association.
    ///
    /// - Parameters:
    ///   - workoutID: The workout.
    ///   - sampleIDs: Its samples.
    package init(workoutID: UUID, sampleIDs: [UUID]) {
        self.workoutID = workoutID
        self.sampleIDs = sampleIDs
    }
}
