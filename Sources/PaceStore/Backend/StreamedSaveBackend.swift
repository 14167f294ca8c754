package import Foundation
package import PaceModel

/// A backend that holds one write transaction open across the parts of a streamed save
/// (``HealthStore/saveStreamed(routeID:produce:complete:)``), so the parts go to the database as
/// they come and memory stays bounded whatever the workout's length (DECISIONS 179).
package protocol StreamedSaveBackend: Sendable {
    /// Opens the save's write transaction. Called from a thread of the caller's own, never from
    /// the cooperative pool; the session's methods block that thread in turn.
    /// - Throws: ``StoreError`` when the transaction cannot be opened.
    func beginStreamedSave() throws(StoreError) -> any StreamedSaveSession
}

/// The open transaction of a streamed save. Its methods are called in order from one thread; each
/// returns once its part is written. After a failure, or ``rollBack()``, nothing of the save stays.
package protocol StreamedSaveSession: AnyObject {
    /// Writes route locations, checked already, at positions from `firstPosition` (0-based).
    func append(_ locations: [RouteLocation], routeID: UUID, firstPosition: Int) throws(StoreError)
    /// Writes a series sample and its values.
    func append(_ series: QuantitySeriesSample) throws(StoreError)
    /// Writes samples (quantity or category, validated already) by the rules of any save.
    func append(samples: HealthObjectBatch) throws(StoreError)
    /// Gives the samples written in this session, by their UUIDs, `device`
    /// (``StreamedWorkoutWriter/setSamplesDevice(_:)``).
    func setDevice(_ device: Device, ofSamples ids: [UUID]) throws(StoreError)
    /// Writes the workout (a batch of it alone), the route's object when there is one (its locations
    /// written already), the samples' association with the workout, and commits.
    func commit(workout: HealthObjectBatch, route: StreamedRoute?, sampleIDs: [UUID]) throws(StoreError)
    /// Rolls the transaction back, and waits until it has ended; does nothing once it has.
    func rollBack()
}
