package import Foundation
import GRDB
package import PaceModel

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
///
/// On SQLite, and on a ``StreamedSaveBackend`` (PostgreSQL), each part goes into the open
/// transaction at once, so memory stays bounded whatever the file's length. Any other backend gets
/// the parts kept in memory instead — the samples as series samples, as SQLite stores them — and
/// saved in one transaction at the end.
package struct StreamedWorkoutWriter {
    /// Where the parts go.
    enum Target {
        /// Into the SQLite transaction that is open.
        case sqlite(Database)
        /// Into a backend's open transaction (DECISIONS 179).
        case session(any StreamedSaveSession)
        /// Into memory, saved with the workout in one transaction when it is complete.
        case memory
    }

    let target: Target
    let routeID: UUID?
    var locationsWritten = 0
    var lastTimestamp: Date?
    /// The anchors the samples were written with, for their association with the workout.
    var sampleAnchors: [Int64] = []
    /// The locations kept for a ``Target/memory`` save.
    var heldLocations: [RouteLocation] = []
    /// The samples kept for a ``Target/memory`` save.
    var heldSamples: [HealthObject] = []
    /// The series samples kept for a ``Target/memory`` save (saved before the batch, DECISIONS 177).
    var heldSeries: [QuantitySeriesSample] = []
    /// The samples written into a ``Target/session``, for their association with the workout.
    var sessionSampleIDs: [UUID] = []
    /// Samples written so far (associated with the workout when the save completes).
    package var samplesWritten: Int { sampleAnchors.count + heldSamples.count + heldSeries.count + sessionSampleIDs.count }

    init(target: Target, routeID: UUID?) {
        self.target = target
        self.routeID = routeID
    }

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
        switch target {
        case .sqlite(let db):
            try ObjectWriter(db: db, now: Date()).insertRouteLocations(locations, routeID: StoreCoding.text(routeID),
                                                                       firstPosition: locationsWritten)
        case .session(let session):
            try session.append(locations, routeID: routeID, firstPosition: locationsWritten)
        case .memory:
            heldLocations += locations
        }
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
        switch target {
        case .sqlite(let db):
            sampleAnchors += try SQLiteBackend.insert(HealthObjectBatch(samples), skippingStoredSyncIdentifiers: false, anchors: true, db).anchors
        case .session(let session):
            try session.append(samples: HealthObjectBatch(samples))
            sessionSampleIDs += samples.map(\.id)
        case .memory:
            for sample in samples {
                do { try sample.validate() } catch { throw StoreError(code: .invalidObject, message: error.description, cause: error) }
            }
            heldSamples += samples
        }
    }

    /// Saves the samples of a series, to be associated with the workout: the same rules and rows as
    /// ``append(samples:)`` of the same samples as objects, with the columns they share encoded once.
    /// - Throws: ``StoreError`` for the first sample that cannot be saved.
    package mutating func append(_ series: QuantitySampleSeries) throws {
        guard !series.isEmpty else { return }
        guard series.count > 1 else {
            switch target {
            case .sqlite(let db):
                sampleAnchors += try SQLiteBackend.insert(series, db)
            case .session:
                var series = series
                series.assignIdentifiers()
                try append(samples: (0..<series.count).map { .quantitySample(series.sample(at: $0)) })
            case .memory:
                var series = series
                series.assignIdentifiers()
                do { try series.validate() } catch { throw StoreError(code: .invalidObject, message: error.description, cause: error) }
                heldSamples += (0..<series.count).map { .quantitySample(series.sample(at: $0)) }
            }
            return
        }
        // One series sample of the part's values (DECISIONS 172): one object where there were as
        // many objects as points, on every target.
        let sample: QuantitySeriesSample
        do { sample = try QuantitySeriesSample(series) } catch {
            throw StoreError(code: .invalidObject, message: error.description, cause: error)
        }
        switch target {
        case .sqlite(let db):
            sampleAnchors.append(try SQLiteBackend.insert(sample, db))
        case .session(let session):
            try session.append(sample)
            sessionSampleIDs.append(sample.sample.id)
        case .memory:
            heldSeries.append(sample)
        }
    }

    /// Gives every sample written so far in this save `device`, as if each had been written with
    /// it: for a producer that learns the samples' device only after their values (a TCX file
    /// names its device after its track points). The samples are not yet visible to anyone, so
    /// they stay immutable to every reader.
    /// - Throws: ``StoreError``, or the store's own error, mapped as the writes' around it are.
    package mutating func setSamplesDevice(_ device: Device) throws {
        switch target {
        case .sqlite(let db):
            guard !sampleAnchors.isEmpty else { return }
            let deviceID = try DeviceRows.id(of: StoreCoding.json(device), db: db)
            for chunk in stride(from: 0, to: sampleAnchors.count, by: 500) {
                let anchors = Array(sampleAnchors[chunk..<min(chunk + 500, sampleAnchors.count)])
                try db.execute(sql: "UPDATE healthObject SET deviceID = ? WHERE anchor IN (\(databaseQuestionMarks(count: anchors.count)))",
                               arguments: [deviceID] + StatementArguments(anchors))
            }
        case .session(let session):
            try session.setDevice(device, ofSamples: sessionSampleIDs)
        case .memory:
            for index in heldSeries.indices { heldSeries[index].setDevice(device) }
            heldSamples = heldSamples.map { $0.withDevice(device) }
        }
    }

    /// Refuses a completion that does not match what was written: a route that is not the one
    /// written, or whose declared count of locations is not the count that arrived, or locations
    /// written for a workout completed without a route.
    func checkCompletion(_ route: StreamedRoute?, of workout: Workout) throws(StoreError) {
        if let route {
            try Self.check(route, workout: workout, routeID: routeID, locationsWritten: locationsWritten)
        } else if locationsWritten > 0 {
            throw Self.locationsWithoutRoute(locationsWritten, workout: workout)
        }
    }

    /// Refuses a completed route that is not the one written, or whose declared count of locations
    /// is not the count that arrived.
    static func check(_ route: StreamedRoute, workout: Workout, routeID: UUID?, locationsWritten: Int) throws(StoreError) {
        guard route.route.id == routeID, route.route.workoutID == workout.id else {
            throw StoreError(code: .invalidObject, message: "Route \(route.route.id) of workout \(route.route.workoutID) is not "
                + "the route \(routeID.map { "\($0)" } ?? "none") written for workout \(workout.id).")
        }
        guard locationsWritten == route.locationCount else {
            throw StoreError(code: .invalidObject, message: "Route \(route.route.id) declared \(route.locationCount) locations and "
                + "\(locationsWritten) arrived (the input changed while it was read?); nothing was saved.")
        }
    }

    /// The error of locations written for a workout saved without a route.
    static func locationsWithoutRoute(_ count: Int, workout: Workout) -> StoreError {
        StoreError(code: .invalidObject, message: "\(count) route locations were written for workout "
            + "\(workout.id), which is saved without a route; nothing was saved.")
    }
}
