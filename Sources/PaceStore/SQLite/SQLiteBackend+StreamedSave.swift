package import Foundation
package import PaceModel
import GRDB

extension SQLiteBackend {
    /// Saves a workout, its route and its samples in one transaction — all or nothing — when the
    /// route and samples are too many to hold: `produce` writes them in parts while the transaction
    /// is open, and `complete` then gives the workout and the route's object, whose totals may be
    /// computed meanwhile (an import streaming a file of any length; DECISIONS 118).
    ///
    /// The samples are written as `produce` gives them, then the workout, then the route's object
    /// (its locations, written first, must be as many as it declares), then the
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
        var callerError: (any Error)?
        func calling<T>(_ body: () throws -> T) throws -> T {
            do { return try body() } catch let error as StoreError { throw error } catch let error as DatabaseError {
                // The writer's own inserts inside `produce`: the store failed (a full disk, a read-only file), not the caller.
                throw mapped(error)
            } catch {
                callerError = error
                throw error
            }
        }
        do {
            try writeBlocking { db in
                // The route's locations come before its object. No foreign key ties them (migration v12):
                // the checks below do — its object is written, with exactly the locations declared,
                // before the transaction commits, or nothing is.
                var writer = StreamedWorkoutWriter(target: .sqlite(db), routeID: routeID)
                try calling { try produce(&writer) }
                let (workout, route) = try calling(complete)
                let workoutAnchor = try SQLiteBackend.insert(HealthObjectBatch([.workout(workout)]), skippingStoredSyncIdentifiers: false,
                                                    anchors: true, db).anchors[0]
                try writer.checkCompletion(route, of: workout)
                if let route {
                    try ObjectWriter(db: db, now: Date()).insertStreamedRouteHeader(route.route, start: route.start, end: route.end,
                                                                                 locationCount: route.locationCount)
                }
                try WorkoutSampleRule.insertPairs(workoutAnchor: workoutAnchor, sampleAnchors: writer.sampleAnchors, db)
            }
        } catch {
            if let callerError { throw callerError }
            throw error
        }
    }
}
