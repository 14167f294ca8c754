public import CoreLocation
public import Foundation
import PaceModel
import PaceStore

/// Builds a series attached to a workout (Apple's `HKSeriesBuilder`).
public class HKSeriesBuilder: NSObject, @unchecked Sendable {
    /// Throws the series away.
    public func discard() {}
}

/// Builds a workout's route from the locations recorded during it (Apple's `HKWorkoutRouteBuilder`).
///
/// Locations are inserted in time order, in batches, while the workout runs; finishing attaches
/// the route to the saved workout, for ever. Locations less accurate than 50 m or closer than a
/// second to the one before are left out (Pace's route rule).
///
/// ```swift
/// let routeBuilder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
/// try await routeBuilder.insertRouteData(locations)
/// let route = try await routeBuilder.finishRoute(with: workout, metadata: nil)
/// ```
public final class HKWorkoutRouteBuilder: HKSeriesBuilder, @unchecked Sendable {
    private let healthStore: HKHealthStore
    private let device: HKDevice?
    private let builder = Locked<WorkoutRouteBuilder?>(nil)
    private let extraMetadata = Locked(Metadata())
    /// The builder's operations, in call order.
    private let ordered = HKOrderedWork()

    /// A route builder saving through `healthStore`.
    public init(healthStore: HKHealthStore, device: HKDevice?) {
        self.healthStore = healthStore
        self.device = device
        super.init()
    }

    /// Adds locations, in time order; `completion` runs on a background queue.
    @preconcurrency
    public func insertRouteData(_ routeData: [CLLocation], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        let locations = routeData.map(\.routeLocation)
        ordered.report({ try await self.insert(locations) }, completion)
    }

    /// Adds locations, in time order.
    ///
    /// - Throws: ``HKError/Code/errorInvalidArgument`` for an invalid coordinate or a location
    ///   earlier than the one before (nothing of the batch is added).
    public func insertRouteData(_ routeData: [CLLocation]) async throws {
        let locations = routeData.map(\.routeLocation)
        try await ordered.run { try await self.insert(locations) }
    }

    private func insert(_ locations: [RouteLocation]) async throws {
        let app = try healthStore.appStore()
        let failure = builder.withLock { (builder: inout WorkoutRouteBuilder?) -> StoreError? in
            if builder == nil { builder = WorkoutRouteBuilder(client: app) }
            do throws(StoreError) { try builder?.insert(locations) } catch { return error }
            return nil
        }
        if let failure { throw HKStoreConnection.error(failure) }
    }

    /// Adds metadata to the route; `completion` runs on a background queue.
    @preconcurrency
    public func addMetadata(_ metadata: [String: Any], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        let converted = Result { try HKMetadata.pace(metadata) }
        ordered.report({ try self.addMetadata(converted.get()) }, completion)
    }

    /// Adds metadata to the route.
    public func addMetadata(_ metadata: [String: Any]) async throws {
        let converted = try HKMetadata.pace(metadata)
        try await ordered.run { try self.addMetadata(converted) }
    }

    private func addMetadata(_ metadata: Metadata) throws {
        extraMetadata.withLock { stored in
            for (key, value) in metadata.values { stored[key] = value }
        }
    }

    /// Attaches the route to the saved `workout`; `completion` runs on a background queue.
    @preconcurrency
    public func finishRoute(with workout: HKWorkout, metadata: [String: Any]?,
                            completion: @escaping @Sendable (HKWorkoutRoute?, (any Error)?) -> Void) {
        let converted = Result { try HKMetadata.pace(metadata) }
        ordered.submit({ try await self.finishRoute(with: workout, metadata: converted.get()) }) { result in
            HKCallbacks.queue.async {
                switch result {
                case .success(let route): completion(route, nil)
                case .failure(let error): completion(nil, error)
                }
            }
        }
    }

    /// Attaches the route to the saved `workout`.
    ///
    /// - Throws: ``HKError/Code/errorInvalidArgument`` when the workout is not saved or the route
    ///   was finished already, ``HKError/Code/errorNoData`` when no location was kept,
    ///   ``HKError/Code/errorAuthorizationDenied`` when the app may not share routes.
    public func finishRoute(with workout: HKWorkout, metadata: [String: Any]?) async throws -> HKWorkoutRoute {
        let converted = try HKMetadata.pace(metadata)
        return try await ordered.run { try await self.finishRoute(with: workout, metadata: converted) }
    }

    private func finishRoute(with workout: HKWorkout, metadata: Metadata) async throws -> HKWorkoutRoute {
        let app = try healthStore.appStore()
        var current = builder.withLock { $0 } ?? WorkoutRouteBuilder(client: app)
        var all = extraMetadata.withLock { $0 }
        for (key, value) in metadata.values { all[key] = value }
        var paceWorkout = workout.workout
        paceWorkout.device = device?.device ?? paceWorkout.device
        let route: WorkoutRoute?
        do {
            route = try await current.finishRoute(with: paceWorkout, metadata: all)
        } catch {
            throw HKStoreConnection.error(error)
        }
        builder.withLock { $0 = current }
        guard let route else {
            throw HKError(.errorNoData, message: "The route has no locations to save (none inserted, or every one was less accurate than 50 m).")
        }
        return HKWorkoutRoute(route)
    }

    /// Throws the locations away.
    public override func discard() {
        builder.withLock { $0?.discard() }
    }
}
