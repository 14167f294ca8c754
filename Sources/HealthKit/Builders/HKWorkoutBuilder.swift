public import Foundation
import PaceModel
import PaceStore

/// Builds a workout as it happens or afterwards (Apple's `HKWorkoutBuilder`): begin collection,
/// add samples, events and metadata, end collection, finish. Finishing saves the workout with
/// its samples, associated with it, in one transaction, as this app; its duration is the
/// interval less the pauses and its statistics come from the samples.
///
/// ```swift
/// let builder = HKWorkoutBuilder(healthStore: store, configuration: configuration, device: .local())
/// try await builder.beginCollection(at: start)
/// try await builder.addSamples(heartRates)
/// try await builder.endCollection(at: end)
/// let workout = try await builder.finishWorkout()
/// ```
public class HKWorkoutBuilder: NSObject, @unchecked Sendable {
    /// The configuration the workout was started with.
    public let workoutConfiguration: HKWorkoutConfiguration
    /// The device recording it.
    public let device: HKDevice?
    let healthStore: HKHealthStore
    let state: HKWorkoutBuilderState
    /// The builder's operations, in call order.
    let ordered = HKOrderedWork()

    /// A builder saving through `healthStore`.
    public init(healthStore: HKHealthStore, configuration: HKWorkoutConfiguration, device: HKDevice?) {
        self.healthStore = healthStore
        self.workoutConfiguration = configuration
        self.device = device
        var metadata = Metadata()
        if configuration.locationType == .indoor { metadata[.indoorWorkout] = .bool(true) }
        if configuration.locationType == .outdoor { metadata[.indoorWorkout] = .bool(false) }
        if let lap = configuration.lapLength { metadata[.lapLength] = .quantity(lap.quantity) }
        self.state = HKWorkoutBuilderState(activityType: WorkoutActivityType(rawValue: configuration.activityType.rawValue) ?? .other,
                                           device: device?.device, metadata: metadata)
        super.init()
    }

    /// When collection began.
    public var startDate: Date? { state.snapshot.startDate }
    /// When collection ended.
    public var endDate: Date? { state.snapshot.endDate }
    /// The metadata added so far.
    public var metadata: [String: Any] { HKMetadata.dictionary(state.snapshot.metadata) ?? [:] }
    /// The events added so far, in time order.
    public var workoutEvents: [HKWorkoutEvent] { state.snapshot.events.map { HKWorkoutEvent($0) } }

    /// The active time at `date`, in seconds: from the start, less the pauses before `date`.
    public func elapsedTime(at date: Date) -> TimeInterval {
        let snapshot = state.snapshot
        guard let start = snapshot.startDate else { return 0 }
        let end = min(date, snapshot.endDate ?? date)
        return end < start ? 0 : WorkoutBuilder.duration(from: start, to: end, events: snapshot.events.filter { $0.startDate <= end })
    }

    /// Begins collecting at `startDate`; `completion` runs on a background queue.
    @preconcurrency
    public func beginCollection(withStart startDate: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        ordered.report({ try await self.begin(at: startDate) }, completion)
    }

    /// Begins collecting at `startDate`.
    public func beginCollection(at startDate: Date) async throws {
        try await ordered.run { try await self.begin(at: startDate) }
    }

    private func begin(at startDate: Date) async throws {
        let app = try healthStore.appStore()
        try await state.update { (builder: inout WorkoutBuilder?) throws(StoreError) in
            if builder == nil {
                builder = WorkoutBuilder(client: app, activityType: self.state.activityType, source: HKAppIdentity.source,
                                         device: self.state.device)
                builder?.metadata = self.state.initialMetadata
            }
            try builder?.beginCollection(at: startDate)
        }
    }

    /// Adds samples (quantity samples on Pace) inside the collection interval; `completion` runs on a background queue.
    @preconcurrency
    public func add(_ samples: [HKSample], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        ordered.report({ try await self.add(samples) }, completion)
    }

    /// Adds samples; they are saved with the workout and associated with it.
    public func addSamples(_ samples: [HKSample]) async throws {
        try await ordered.run { try await self.add(samples) }
    }

    private func add(_ samples: [HKSample]) async throws {
        var batch: [QuantitySample] = []
        for sample in samples {
            guard case .quantitySample(let quantity) = try sample.checkedForSaving() else {
                throw HKError(.errorInvalidArgument, message: "A workout builder on Pace collects quantity samples; save \(sample.sampleType.identifier) samples with the store.")
            }
            batch.append(quantity)
        }
        try await state.update { (builder: inout WorkoutBuilder?) throws(StoreError) in
            try HKWorkoutBuilderState.started(builder)
            try builder?.add(batch)
        }
    }

    /// Adds events; `completion` runs on a background queue.
    @preconcurrency
    public func addWorkoutEvents(_ workoutEvents: [HKWorkoutEvent], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        ordered.report({ try await self.add(events: workoutEvents) }, completion)
    }

    /// Adds events (pauses, resumes, laps, markers, segments).
    public func addWorkoutEvents(_ workoutEvents: [HKWorkoutEvent]) async throws {
        try await ordered.run { try await self.add(events: workoutEvents) }
    }

    private func add(events workoutEvents: [HKWorkoutEvent]) async throws {
        if let problem = workoutEvents.lazy.compactMap(\.metadataProblem).first { throw problem }
        let events = workoutEvents.map(\.event)
        try await state.update { (builder: inout WorkoutBuilder?) throws(StoreError) in
            try HKWorkoutBuilderState.started(builder)
            try builder?.add(events)
        }
    }

    /// Adds metadata to the workout; `completion` runs on a background queue.
    @preconcurrency
    public func addMetadata(_ metadata: [String: Any], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        let converted = Result { try HKMetadata.pace(metadata) }
        ordered.report({ try await self.add(metadata: converted.get()) }, completion)
    }

    /// Adds metadata to the workout (a key given again replaces its value).
    public func addMetadata(_ metadata: [String: Any]) async throws {
        let converted = try HKMetadata.pace(metadata)
        try await ordered.run { try await self.add(metadata: converted) }
    }

    private func add(metadata: Metadata) async throws {
        try await state.update { (builder: inout WorkoutBuilder?) throws(StoreError) in
            try HKWorkoutBuilderState.started(builder)
            for (key, value) in metadata.values { builder?.metadata[key] = value }
        }
    }

    /// Ends collecting at `endDate`; `completion` runs on a background queue.
    @preconcurrency
    public func endCollection(withEnd endDate: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        ordered.report({ try await self.end(at: endDate) }, completion)
    }

    /// Ends collecting at `endDate`.
    public func endCollection(at endDate: Date) async throws {
        try await ordered.run { try await self.end(at: endDate) }
    }

    private func end(at endDate: Date) async throws {
        try await state.update { (builder: inout WorkoutBuilder?) throws(StoreError) in
            try HKWorkoutBuilderState.started(builder)
            try builder?.endCollection(at: endDate)
        }
    }

    /// Saves the workout with its samples; `completion` runs on a background queue.
    @preconcurrency
    public func finishWorkout(completion: @escaping @Sendable (HKWorkout?, (any Error)?) -> Void) {
        ordered.submit({ try await self.finish() }) { result in
            HKCallbacks.queue.async {
                switch result {
                case .success(let workout): completion(workout, nil)
                case .failure(let error): completion(nil, error)
                }
            }
        }
    }

    /// Saves the workout with its samples, associated with it, in one transaction.
    ///
    /// - Throws: ``HKError/Code/errorAuthorizationDenied`` when the app may not share workouts or
    ///   one of the samples' types (the builder stays ended and can finish once allowed).
    public func finishWorkout() async throws -> HKWorkout? {
        try await ordered.run { try await self.finish() }
    }

    private func finish() async throws -> HKWorkout? {
        do {
            return HKWorkout(try await state.finish())
        } catch {
            throw HKStoreConnection.error(error)
        }
    }

    /// Throws everything collected away.
    public func discardWorkout() {
        state.discard()
    }

    /// The statistics of `quantityType` over the samples added so far: sums for cumulative types,
    /// average, minimum, maximum and most recent for discrete ones; `nil` when none was added.
    public func statistics(for quantityType: HKQuantityType) -> HKStatistics? {
        guard let statistics = state.statistics(for: quantityType.quantityIdentifier, now: Date()),
              let interval = statistics.interval else { return nil }
        return HKStatistics(statistics, start: interval.start, end: interval.end)
    }

    /// A builder for a series attached to the workout: a route builder for ``HKSeriesType/workoutRoute()``.
    public func seriesBuilder(for seriesType: HKSeriesType) -> HKSeriesBuilder? {
        guard seriesType == HKSeriesType.workoutRoute() else { return nil }
        return state.routeBuilder(healthStore: healthStore, device: device)
    }
}
