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
    /// importers call it from a thread of their own, never from the cooperative pool.
    ///
    /// - Parameters:
    ///   - routeID: The UUID of the route whose locations `produce` writes, or `nil` without a route.
    ///   - produce: Writes the route's locations and the samples through the writer it is given.
    ///   - complete: The workout and its route (without locations), once `produce` has returned.
    /// - Throws: ``StoreError``, or what `produce` or `complete` throws; nothing is changed then.
    package func saveStreamed(routeID: UUID?, produce: (inout StreamedWorkoutWriter) throws -> Void,
                              complete: () throws -> (workout: Workout, route: StreamedRoute?)) throws {
        guard let sqlite = backend as? SQLiteBackend else {
            throw StoreError(code: .database, message: "This store's backend cannot write a workout in parts; import the file whole.",
                             path: path)
        }
        try sqlite.saveStreamed(routeID: routeID, produce: produce, complete: complete)
    }
}
