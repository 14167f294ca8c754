public import Foundation
public import PaceModel

/// Builds a workout the way HealthKit's `HKWorkoutBuilder` does: begin collection, add samples and
/// events, end collection, finish — which computes the duration, totals and per-type statistics
/// from what was added and saves the workout with its samples in one transaction.
///
/// Samples must lie inside the collection interval. Statistics follow each type's aggregation
/// style: sums for cumulative types (distance, energy, steps), average, minimum, maximum and most
/// recent for discrete ones (heart rate, power, cadence). The duration is the interval minus the
/// pauses the events describe (pause → resume, motionPaused → motionResumed).
///
/// ```swift
/// var builder = WorkoutBuilder(store: store, activityType: .running)
/// try builder.beginCollection(at: start)
/// try builder.add(heartRateSamples)
/// try builder.add(events)
/// try builder.endCollection(at: end)
/// let workout = try builder.finishWorkout()
/// ```
public struct WorkoutBuilder: Sendable {
    /// Where the builder is.
    public enum State: Hashable, Sendable {
        /// Created; collection has not begun.
        case notStarted
        /// Collecting samples and events.
        case collecting
        /// Collection ended; ready to finish.
        case ended
        /// The workout was made.
        case finished
        /// Thrown away.
        case discarded
    }

    /// Where the workout is saved: the owner's store or a client's view.
    package let target: BuilderTarget
    /// What kind of workout.
    public let activityType: WorkoutActivityType
    /// Who writes it.
    public let source: Source
    /// The recording device.
    public let device: Device?
    /// The builder's state.
    public private(set) var state: State = .notStarted
    /// When collection began.
    public private(set) var startDate: Date?
    /// When collection ended.
    public private(set) var endDate: Date?
    /// The samples added.
    public private(set) var samples: [QuantitySample] = []
    /// The events added, in time order.
    public private(set) var events: [WorkoutEvent] = []
    /// Metadata for the workout.
    public var metadata = Metadata()

    /// Creates a builder that saves in the owner's store.
    public init(store: HealthStore, activityType: WorkoutActivityType, source: Source = .pace, device: Device? = nil) {
        self.target = .owner(store)
        self.activityType = activityType
        self.source = source
        self.device = device
    }

    /// Creates a builder that saves as a client (HealthKit's `HKWorkoutBuilder` made by an app):
    /// finishing needs the client's share permission for workouts and for every sample type added,
    /// and `source` must be the client's own.
    public init(client: AuthorizedStore, activityType: WorkoutActivityType, source: Source, device: Device? = nil) {
        self.target = .client(client)
        self.activityType = activityType
        self.source = source
        self.device = device
    }

    /// Begins collecting at `date`.
    public mutating func beginCollection(at date: Date) throws(StoreError) {
        try require(.notStarted, "begin collection")
        startDate = date
        state = .collecting
    }

    /// Adds samples; each must lie inside the collection interval so far.
    /// - Throws: ``StoreError/Code/invalidObject`` for a sample that is invalid or starts before the
    ///   collection (none of the batch is added then).
    public mutating func add(_ batch: [QuantitySample]) throws(StoreError) {
        try require(.collecting, "add samples")
        for sample in batch {
            do { try sample.validate() } catch {
                throw StoreError(code: .invalidObject, message: error.description, cause: error)
            }
            if let startDate, sample.startDate < startDate {
                throw StoreError(code: .invalidObject,
                                 message: "Sample \(sample.id) starts before the workout's collection began; add only samples measured during the workout.")
            }
        }
        samples += batch
    }

    /// Adds events (pauses, laps, markers …).
    public mutating func add(_ batch: [WorkoutEvent]) throws(StoreError) {
        try require(.collecting, "add events")
        events += batch
        events.sort { $0.startDate < $1.startDate }
    }

    /// Ends collecting at `date`.
    /// - Throws: ``StoreError/Code/invalidObject`` when a sample or event lies after `date`.
    public mutating func endCollection(at date: Date) throws(StoreError) {
        try require(.collecting, "end collection")
        if let late = samples.first(where: { $0.endDate > date }) {
            throw StoreError(code: .invalidObject, message: "Sample \(late.id) ends after the collection's end; end collection after the last sample.")
        }
        if let late = events.first(where: { $0.endDate > date }) {
            throw StoreError(code: .invalidObject, message: "A \(late.type.name) event ends after the collection's end; end collection after the last event.")
        }
        endDate = date
        state = .ended
    }

    /// The workout and its samples as they would be saved, without saving — for a caller that saves
    /// them in its own transaction. Ends the builder like ``finishWorkout(id:)``.
    public mutating func finishedObjects(id: UUID = .timeOrdered()) throws(StoreError) -> (workout: Workout, samples: [QuantitySample]) {
        try require(.ended, "finish")
        guard let startDate, let endDate else { preconditionFailure("an ended builder has both dates") }
        var statistics: [QuantityTypeIdentifier: WorkoutStatistics] = [:]
        for (type, group) in Dictionary(grouping: samples, by: \.type) {
            statistics[type] = Self.statistics(type, group, start: startDate, end: endDate)
        }
        let totals = Workout.totals(from: statistics)
        let workout = Workout(id: id, activityType: activityType, start: startDate, end: endDate,
                              duration: Self.duration(from: startDate, to: endDate, events: events), events: events,
                              statistics: statistics, totalDistance: totals.distance,
                              totalEnergyBurned: totals.energy, source: source, device: device, metadata: metadata)
        do { try workout.validate() } catch {
            throw StoreError(code: .invalidObject, message: error.description, cause: error)
        }
        state = .finished
        return (workout, samples)
    }

    /// Saves the workout and its samples, associated with it, in one transaction.
    /// - Returns: The saved workout.
    /// - Throws: ``StoreError``; for a client's builder also ``StoreError/Code/notAuthorized``, and
    ///   the builder stays ended, so it can be finished again once permission is given.
    public mutating func finishWorkout(id: UUID = .timeOrdered()) async throws(StoreError) -> Workout {
        var copy = self
        let (workout, samples) = try copy.finishedObjects(id: id)
        try await target.save(HealthObjectBatch([.workout(workout)] + samples.map(HealthObject.quantitySample),
                                         associations: [WorkoutAssociation(workoutID: workout.id, sampleIDs: samples.map(\.id))]))
        self = copy
        return workout
    }

    /// Throws everything away.
    public mutating func discard() {
        samples = []
        events = []
        state = .discarded
    }

    /// The interval minus paused time: pause → resume and motionPaused → motionResumed, a pause
    /// still open at the end lasting to the end.
    public static func duration(from start: Date, to end: Date, events: [WorkoutEvent]) -> Double {
        let paused = WorkoutPause.pauses(in: events, until: end).reduce(0) { $0 + $1.duration }
        return max(0, end.timeIntervalSince(start) - paused)
    }

    /// The statistics of one type's samples over `start`…`end`, by the type's aggregation style.
    package static func statistics(_ type: QuantityTypeIdentifier, _ samples: [QuantitySample], start: Date, end: Date) -> WorkoutStatistics {
        let unit = type.canonicalUnit
        let values = samples.sorted { $0.endDate < $1.endDate }.compactMap { try? $0.quantity.doubleValue(for: unit) }
        let quantity = { (value: Double) in Quantity(value: value, unit: unit) }
        if type.descriptor.aggregationStyle == .cumulative {
            return WorkoutStatistics(type: type, start: start, end: end, sum: quantity(values.reduce(0, +)))
        }
        return WorkoutStatistics(type: type, start: start, end: end,
                                 average: values.isEmpty ? nil : quantity(values.reduce(0, +) / Double(values.count)),
                                 minimum: values.min().map(quantity), maximum: values.max().map(quantity),
                                 mostRecent: values.last.map(quantity))
    }

    private func require(_ expected: State, _ action: String) throws(StoreError) {
        guard state == expected else {
            throw StoreError(code: .sessionEnded, message: "Cannot \(action): the workout builder is \(state), not \(expected).")
        }
    }
}
