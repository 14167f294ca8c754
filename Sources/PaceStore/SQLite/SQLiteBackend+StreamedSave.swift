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

/// What a producer writes inside ``HealthStore/saveStreamed(routeID:produce:complete:)``: the
/// route's locations and the workout's samples, in parts, all in the save's one transaction.
package struct StreamedWorkoutWriter {
    fileprivate let db: Database
    fileprivate let routeID: UUID?
    fileprivate var locationsWritten = 0
    fileprivate var lastTimestamp: Date?
    /// The anchors the samples were written with, for their association with the workout.
    fileprivate var sampleAnchors: [Int64] = []
    /// Samples written so far (associated with the workout when the save completes).
    package var samplesWritten: Int { sampleAnchors.count }

    /// Writes the next locations of the route, in time order.
    /// - Throws: ``StoreError/Code/invalidObject`` for a location ``WorkoutRoute/validate()`` would
    ///   refuse (a coordinate out of range, a value not finite, earlier than the one before it), or
    ///   when the save has no route.
    package mutating func append(_ locations: [RouteLocation]) throws {
        guard let routeID else {
            throw StoreError(code: .invalidObject, message: "This workout is saved without a route; its locations cannot be written.")
        }
        for (offset, location) in locations.enumerated() {
            if let reason = location.problem(following: lastTimestamp) {
                throw StoreError(code: .invalidObject,
                                 message: "Route \(routeID), locations[\(locationsWritten + offset)]: \(reason). Nothing was saved.")
            }
            lastTimestamp = location.timestamp
        }
        try ObjectWriter(db: db, now: Date()).insertRouteLocations(locations, routeID: StoreCoding.text(routeID),
                                                                   firstPosition: locationsWritten)
        locationsWritten += locations.count
    }

    /// Saves quantity or category samples, to be associated with the workout (rules as
    /// ``HealthStore/save(_:)-([HealthObject])``).
    /// - Throws: ``StoreError`` for the first sample that cannot be saved.
    package mutating func append(samples: [HealthObject]) throws {
        guard !samples.isEmpty else { return }
        for sample in samples {
            switch sample {
            case .quantitySample, .categorySample: continue
            case .workout, .workoutRoute:
                throw StoreError(code: .invalidObject, message: "Only samples are written beside a streamed workout; \(sample.id) is not one.")
            }
        }
        sampleAnchors += try SQLiteBackend.insert(HealthObjectBatch(samples), skippingStoredSyncIdentifiers: false, anchors: true, db).anchors
    }

    /// Saves the samples of a series, to be associated with the workout: the same rules and rows as
    /// ``append(samples:)`` of the same samples as objects, with the columns they share encoded once.
    /// - Throws: ``StoreError`` for the first sample that cannot be saved.
    package mutating func append(_ series: QuantitySampleSeries) throws {
        guard !series.isEmpty else { return }
        sampleAnchors += try SQLiteBackend.insert(series, db)
    }
}

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
            do { return try body() } catch let error as StoreError { throw error } catch {
                callerError = error
                throw error
            }
        }
        do {
            try writeBlocking { db in
                // The route's locations come before its object. No foreign key ties them (migration v12):
                // the checks below do — its object is written, with exactly the locations declared,
                // before the transaction commits, or nothing is.
                var writer = StreamedWorkoutWriter(db: db, routeID: routeID)
                try calling { try produce(&writer) }
                let (workout, route) = try calling(complete)
                let workoutAnchor = try SQLiteBackend.insert(HealthObjectBatch([.workout(workout)]), skippingStoredSyncIdentifiers: false,
                                                    anchors: true, db).anchors[0]
                if let route {
                    guard route.route.id == routeID, route.route.workoutID == workout.id else {
                        throw StoreError(code: .invalidObject, message: "Route \(route.route.id) of workout \(route.route.workoutID) is not "
                            + "the route \(routeID.map { "\($0)" } ?? "none") written for workout \(workout.id).")
                    }
                    guard writer.locationsWritten == route.locationCount else {
                        throw StoreError(code: .invalidObject, message: "Route \(route.route.id) declared \(route.locationCount) locations and "
                            + "\(writer.locationsWritten) arrived (the input changed while it was read?); nothing was saved.")
                    }
                    try ObjectWriter(db: db, now: Date()).insertStreamedRouteHeader(route.route, start: route.start, end: route.end,
                                                                                 locationCount: route.locationCount)
                } else if writer.locationsWritten > 0 {
                    throw StoreError(code: .invalidObject, message: "\(writer.locationsWritten) route locations were written for workout "
                        + "\(workout.id), which is saved without a route; nothing was saved.")
                }
                try WorkoutSampleRule.insertPairs(workoutAnchor: workoutAnchor, sampleAnchors: writer.sampleAnchors, db)
            }
        } catch {
            if let callerError { throw callerError }
            throw error
        }
    }
}
