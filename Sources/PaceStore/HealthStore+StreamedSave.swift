package import Foundation
package import PaceModel
import GRDB

/// A route whose locations are written in parts by ``HealthStore/saveStreamed(_:route:produce:)``:
/// everything about it but the locations, known before they are read.
package struct StreamedRoute: Sendable {
    /// The route object, with no locations (they follow in parts).
    package var route: WorkoutRoute
    /// The first location's time.
    package var start: Date
    /// The last location's time.
    package var end: Date
    /// How many locations will be written; the save fails when another count arrives.
    package var locationCount: Int

    /// Creates a streamed route; its `route`'s locations are ignored.
    package init(route: WorkoutRoute, start: Date, end: Date, locationCount: Int) {
        var header = route
        header.locations = []
        self.route = header
        self.start = start
        self.end = end
        self.locationCount = locationCount
    }
}

/// What a producer writes inside ``HealthStore/saveStreamed(_:route:produce:)``: the route's
/// locations and the workout's samples, in parts, all in the save's one transaction.
package struct StreamedWorkoutWriter {
    fileprivate let db: Database
    fileprivate let workoutID: UUID
    fileprivate let route: StreamedRoute?
    fileprivate var routeID: String?
    fileprivate var locationsWritten = 0
    fileprivate var lastTimestamp: Date?
    /// Samples written and associated with the workout so far.
    package fileprivate(set) var samplesWritten = 0

    /// Writes the next locations of the route, in time order.
    /// - Throws: ``StoreError/Code/invalidObject`` for an invalid coordinate, a location earlier than
    ///   the one before it, or more locations than the route declared.
    package mutating func append(_ locations: [RouteLocation]) throws {
        guard let route, let routeID else {
            throw StoreError(code: .invalidObject, message: "This workout was saved without a route; its locations cannot be written.")
        }
        for (offset, location) in locations.enumerated() {
            let values = [location.altitude, location.speed, location.course, location.horizontalAccuracy, location.verticalAccuracy]
            guard location.hasValidCoordinate, values.allSatisfy(\.isFinite), location.timestamp.timeIntervalSinceReferenceDate.isFinite else {
                throw StoreError(code: .invalidObject, message: "Route \(route.route.id) location \(locationsWritten + offset): latitude must be "
                    + "within ±90°, longitude within ±180°, and every value finite; nothing was saved.")
            }
            if let lastTimestamp, location.timestamp < lastTimestamp {
                throw StoreError(code: .invalidObject, message: "Route \(route.route.id) location \(locationsWritten + offset) is earlier "
                    + "than the one before it; locations go in time order. Nothing was saved.")
            }
            lastTimestamp = location.timestamp
        }
        guard locationsWritten + locations.count <= route.locationCount else {
            throw StoreError(code: .invalidObject, message: "Route \(route.route.id) declared \(route.locationCount) locations and more "
                + "arrived (the input changed while it was read?); nothing was saved.")
        }
        try ObjectWriter(db: db, now: Date()).insertRouteLocations(locations, routeID: routeID, firstPosition: locationsWritten)
        locationsWritten += locations.count
    }

    /// Saves samples associated with the workout (rules as ``HealthStore/save(_:)-([HealthObject])``).
    /// - Throws: ``StoreError`` for the first sample that cannot be saved.
    package mutating func append(samples: [HealthObject]) throws {
        guard !samples.isEmpty else { return }
        let batch = try HealthObjectBatch(samples, associations: [WorkoutAssociation(workoutID: workoutID, sampleIDs: samples.map(\.id))])
        _ = try HealthStore.insert(batch, skippingStoredSyncIdentifiers: false, db)
        samplesWritten += samples.count
    }
}

extension HealthStore {
    /// Saves a workout, its route and its samples in one transaction — all or nothing — when the
    /// route and samples are too many to hold: `produce` writes them in parts while the transaction
    /// is open (an import streaming a file of any length; DECISIONS 118).
    ///
    /// The workout is written first (every rule of ``save(_:)-([HealthObject])`` applies: sync
    /// identifier and version, duplicate and deleted UUIDs), then the route's object, then what
    /// `produce` writes. The route must receive exactly its declared number of locations.
    ///
    /// It blocks its caller until the transaction commits, and holds the store's writer meanwhile:
    /// importers call it from a thread of their own, never from the cooperative pool.
    ///
    /// - Parameters:
    ///   - workout: The workout, complete (its totals known beforehand).
    ///   - route: Its route, without locations, or `nil`.
    ///   - produce: Writes the route's locations and the samples through the writer it is given.
    /// - Throws: ``StoreError``, or what `produce` throws; nothing is changed then.
    package func saveStreamed(_ workout: Workout, route: StreamedRoute?, produce: (inout StreamedWorkoutWriter) throws -> Void) throws {
        var producerError: (any Error)?
        do {
            try writeBlocking { db in
                _ = try Self.insert(HealthObjectBatch([.workout(workout)]), skippingStoredSyncIdentifiers: false, db)
                var writer = StreamedWorkoutWriter(db: db, workoutID: workout.id, route: route)
                if let route {
                    guard route.route.workoutID == workout.id else {
                        throw StoreError(code: .invalidObject, message: "Route \(route.route.id) names workout \(route.route.workoutID), "
                            + "not the workout \(workout.id) saved with it.")
                    }
                    try ObjectWriter(db: db, now: Date()).insertStreamedRouteHeader(route.route, start: route.start, end: route.end,
                                                                                 locationCount: route.locationCount)
                    writer.routeID = StoreCoding.text(route.route.id)
                }
                do { try produce(&writer) } catch let error as StoreError { throw error } catch {
                    producerError = error
                    throw error
                }
                if let route, writer.locationsWritten != route.locationCount {
                    throw StoreError(code: .invalidObject, message: "Route \(route.route.id) declared \(route.locationCount) locations and "
                        + "\(writer.locationsWritten) arrived (the input changed while it was read?); nothing was saved.")
                }
            }
        } catch {
            if let producerError { throw producerError }
            throw error
        }
    }
}
