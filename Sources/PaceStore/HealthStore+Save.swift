public import PaceModel
import Foundation

extension HealthStore {
    /// Saves a quantity sample.
    ///
    /// A sample whose sync identifier (``MetadataKey/syncIdentifier``) matches a stored
    /// object of the same source replaces it atomically when its sync version is higher.
    ///
    /// - Throws: ``StoreError`` (``StoreError/Code/invalidObject``, ``StoreError/Code/duplicateObject``,
    ///   ``StoreError/Code/syncVersionNotHigher``, …); nothing is changed then.
    public func save(_ sample: QuantitySample) async throws(StoreError) { try await save([.quantitySample(sample)]) }

    /// Saves a category sample; sync identifiers work as for ``save(_:)-quantity``.
    public func save(_ sample: CategorySample) async throws(StoreError) { try await save([.categorySample(sample)]) }

    /// Saves a workout with its events and statistics.
    ///
    /// Replacing a workout by sync identifier also deletes the replaced workout's routes.
    public func save(_ workout: Workout) async throws(StoreError) { try await save([.workout(workout)]) }

    /// Saves a route for the workout it names (``WorkoutRoute/workoutID``), which must be stored.
    ///
    /// - Throws: ``StoreError/Code/workoutNotFound``, or ``StoreError/Code/routeAlreadyAttached``
    ///   when a route with this UUID is already stored, for this workout or another.
    public func save(_ route: WorkoutRoute) async throws(StoreError) { try await save([.workoutRoute(route)]) }

    /// Saves several objects in one transaction: all of them or none.
    ///
    /// Workouts are saved before routes, so a batch may hold a workout and its route.
    ///
    /// - Parameter objects: The objects to save.
    /// - Throws: ``StoreError`` for the first object that cannot be saved; nothing is changed then.
    public func save(_ objects: [HealthObject]) async throws(StoreError) {
        let batch: HealthObjectBatch
        do { batch = try HealthObjectBatch(objects) } catch {
            var error = error
            error.path = path
            throw error
        }
        try await save(batch)
    }

    /// Saves a batch prepared (validated and encoded) beforehand, in one transaction: all of it or none.
    ///
    /// Workouts are saved before routes, so a batch may hold a workout and its route.
    ///
    /// - Parameter batch: The objects to save.
    /// - Throws: ``StoreError`` for the first object that cannot be saved; nothing is changed then.
    package func save(_ batch: HealthObjectBatch) async throws(StoreError) {
        _ = try await backend.save(batch, skippingStoredSyncIdentifiers: false)
    }

    /// Saves a batch in one transaction, leaving out the objects whose sync identifier
    /// (``MetadataKey/syncIdentifier``) is already stored for their source, whatever its version.
    ///
    /// Importers use it to save large batches in which some objects are already stored: instead of
    /// refusing the whole batch (``StoreError/Code/syncVersionNotHigher``), such objects are skipped.
    /// Every other rule of ``save(_:)-([HealthObject])`` applies, and the batch is one transaction,
    /// all or nothing.
    ///
    /// ```swift
    /// let skipped = try store.saveSkippingStoredSyncIdentifiers(HealthObjectBatch(objects))
    /// print("\(objects.count - skipped.count) saved, \(skipped.count) already stored")
    /// ```
    /// It blocks its caller until the transaction commits: importers call it from a thread of their
    /// own (the Apple Health import's writer queue), never from the cooperative pool.
    ///
    /// - Parameter batch: The objects to save.
    /// - Returns: The positions in ``HealthObjectBatch/objects`` of the objects left out, in increasing order.
    /// - Throws: ``StoreError`` for the first object that cannot be saved; nothing is changed then.
    @discardableResult
    package func saveSkippingStoredSyncIdentifiers(_ batch: HealthObjectBatch) throws(StoreError) -> [Int] {
        try backend.saveBlocking(batch, skippingStoredSyncIdentifiers: true)
    }
}
