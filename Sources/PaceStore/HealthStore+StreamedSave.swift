package import Foundation
package import PaceModel

extension HealthStore {
    /// Saves a workout, its route and its samples in one transaction — all or nothing — when the
    /// route and samples are too many to hold: `produce` writes them in parts while the transaction
    /// is open, and `complete` then gives the workout and the route's object, whose totals may be
    /// computed meanwhile (an import streaming a file of any length; DECISIONS 118).
    ///
    /// The samples are written as `produce` gives them, then the workout, then the route's object
    /// (its locations, written first, are checked against it when the transaction commits), then the
    /// samples' association with the workout. Every rule of ``save(_:)-([HealthObject])`` applies:
    /// the workout's sync identifier and version, duplicate and deleted UUIDs. The route must have
    /// received exactly its declared number of locations.
    ///
    /// It blocks its caller until the transaction commits, and holds the store's writer meanwhile:
    /// importers call it from a thread of their own, never from the cooperative pool. On SQLite and
    /// on a ``StreamedSaveBackend`` (PostgreSQL) the parts go straight into the open transaction
    /// (bounded memory); on another backend they are kept in memory (the samples as series samples)
    /// and saved in one transaction once complete, with the same rules and messages.
    ///
    /// - Parameters:
    ///   - routeID: The UUID of the route whose locations `produce` writes, or `nil` without a route.
    ///   - produce: Writes the route's locations and the samples through the writer it is given.
    ///   - complete: The workout and its route (without locations), once `produce` has returned.
    /// - Throws: ``StoreError``, or what `produce` or `complete` throws; nothing is changed then.
    package func saveStreamed(routeID: UUID?, produce: (inout StreamedWorkoutWriter) throws -> Void,
                              complete: () throws -> (workout: Workout, route: StreamedRoute?)) throws {
        if let sqlite = backend as? SQLiteBackend {
            return try sqlite.saveStreamed(routeID: routeID, produce: produce, complete: complete)
        }
        if let streaming = backend as? any StreamedSaveBackend {
            let session = try streaming.beginStreamedSave()
            do {
                var writer = StreamedWorkoutWriter(target: .session(session), routeID: routeID)
                try produce(&writer)
                let (workout, route) = try complete()
                try writer.checkCompletion(route, of: workout)
                try session.commit(workout: HealthObjectBatch([.workout(workout)]), route: route, sampleIDs: writer.sessionSampleIDs)
            } catch {
                session.rollBack()
                throw error
            }
            return
        }
        var writer = StreamedWorkoutWriter(target: .memory, routeID: routeID)
        try produce(&writer)
        let (workout, streamed) = try complete()
        try writer.checkCompletion(streamed, of: workout)
        var objects = writer.heldSamples
        objects.append(.workout(workout))
        if let streamed {
            var route = streamed.route
            route.locations = writer.heldLocations
            objects.append(.workoutRoute(route))
        }
        let sampleIDs = writer.heldSeries.map(\.sample.id) + writer.heldSamples.map(\.id)
        let associations = sampleIDs.isEmpty ? [] : [WorkoutAssociation(workoutID: workout.id, sampleIDs: sampleIDs)]
        try backend.saveBlocking(writer.heldSeries, then: HealthObjectBatch(objects, associations: associations))
    }
}
