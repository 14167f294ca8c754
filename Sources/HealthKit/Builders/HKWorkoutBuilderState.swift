import Foundation
import PaceModel
import PaceStore

/// The state behind an ``HKWorkoutBuilder``: Pace's `WorkoutBuilder` (a value) under a lock, so
/// the builder's methods may be called from any thread, and a guard so that it finishes once.
final class HKWorkoutBuilderState: @unchecked Sendable {
    let activityType: WorkoutActivityType
    let device: Device?
    let initialMetadata: Metadata
    private let builder = Locked<WorkoutBuilder?>(nil)
    private let finishing = Locked(false)
    private let route = Locked<HKWorkoutRouteBuilder?>(nil)

    init(activityType: WorkoutActivityType, device: Device?, metadata: Metadata) {
        self.activityType = activityType
        self.device = device
        self.initialMetadata = metadata
    }

    /// What the builder holds now.
    struct Snapshot {
        var startDate: Date?
        var endDate: Date?
        var metadata: Metadata
        var events: [WorkoutEvent]
    }

    /// What the builder holds now.
    var snapshot: Snapshot {
        builder.withLock { builder in
            Snapshot(startDate: builder?.startDate, endDate: builder?.endDate, metadata: builder?.metadata ?? initialMetadata,
                     events: builder?.events ?? [])
        }
    }

    /// Changes the builder under the lock; a store error becomes an ``HKError``.
    func update(_ body: (inout WorkoutBuilder?) throws(StoreError) -> Void) async throws {
        let outcome = builder.withLock { (builder: inout WorkoutBuilder?) -> StoreError? in
            do throws(StoreError) {
                try body(&builder)
                return nil
            } catch {
                return error
            }
        }
        if let outcome { throw HKStoreConnection.error(outcome) }
    }

    /// Refuses to change a builder whose collection has not begun.
    static func started(_ builder: WorkoutBuilder?) throws(StoreError) {
        guard builder != nil else {
            throw StoreError(code: .sessionEnded, message: "Begin collection before adding to the workout builder.")
        }
    }

    /// Saves the workout once; a second call while the first runs is refused.
    func finish() async throws -> Workout {
        let current = try finishing.withLock { (busy: inout Bool) throws(HKError) -> WorkoutBuilder in
            guard !busy else { throw HKError(.errorInvalidArgument, message: "The workout is being finished already.") }
            guard let current = builder.withLock({ $0 }) else {
                throw HKError(.errorInvalidArgument, message: "Begin and end collection before finishing the workout.")
            }
            busy = true
            return current
        }
        defer { finishing.withLock { $0 = false } }
        var working = current
        let workout = try await working.finishWorkout()
        builder.withLock { $0 = working }
        return workout
    }

    /// The statistics of `type` over what was added so far (to `now` while collecting), or `nil`
    /// when no sample of the type was added.
    func statistics(for type: QuantityTypeIdentifier, now: Date) -> QuantityStatistics? {
        builder.withLock { builder -> QuantityStatistics? in
            guard let builder, let start = builder.startDate else { return nil }
            let samples = builder.samples.filter { $0.type == type }
            guard !samples.isEmpty else { return nil }
            let end = builder.endDate ?? max(now, samples.map(\.endDate).max() ?? now)
            let totals = WorkoutBuilder.statistics(type, samples, start: start, end: end)
            var statistics = QuantityStatistics(type: type, interval: DateInterval(start: start, end: end))
            statistics.sampleCount = samples.count
            statistics.sum = totals.sum
            statistics.average = totals.average
            statistics.minimum = totals.minimum
            statistics.maximum = totals.maximum
            statistics.mostRecent = totals.mostRecent
            return statistics
        }
    }

    /// Throws everything away.
    func discard() {
        builder.withLock { $0?.discard() }
    }

    /// The workout's route builder, made once.
    func routeBuilder(healthStore: HKHealthStore, device: HKDevice?) -> HKWorkoutRouteBuilder {
        route.withLock { route in
            if let route { return route }
            let made = HKWorkoutRouteBuilder(healthStore: healthStore, device: device)
            route = made
            return made
        }
    }
}
