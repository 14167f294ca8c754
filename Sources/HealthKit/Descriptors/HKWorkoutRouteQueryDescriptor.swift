public import CoreLocation
public import Foundation

/// A workout route query for Swift concurrency (Apple's `HKWorkoutRouteQueryDescriptor`): the
/// route's locations one by one, read in batches.
public struct HKWorkoutRouteQueryDescriptor: @unchecked Sendable {
    /// The route.
    public var workoutRoute: HKWorkoutRoute
    /// Only the locations inside it, when given.
    public var dateInterval: DateInterval?

    /// A descriptor of every location of `workoutRoute`.
    public init(_ workoutRoute: HKWorkoutRoute) {
        self.workoutRoute = workoutRoute
    }

    /// A descriptor of the locations of `workoutRoute` inside `dateInterval`.
    public init(_ workoutRoute: HKWorkoutRoute, dateInterval: DateInterval) {
        self.workoutRoute = workoutRoute
        self.dateInterval = dateInterval
    }

    /// The locations, oldest first; stopping the iteration stops the query.
    public func results(for healthStore: HKHealthStore) -> AsyncThrowingStream<CLLocation, any Error> {
        let (stream, continuation) = AsyncThrowingStream<CLLocation, any Error>.makeStream(bufferingPolicy: .unbounded)
        let handler: HKWorkoutRouteQuery.DataHandler = { _, locations, done, error in
            for location in locations ?? [] { continuation.yield(location) }
            if let error { continuation.finish(throwing: error) } else if done { continuation.finish() }
        }
        let query = if let dateInterval {
            HKWorkoutRouteQuery(route: workoutRoute, dateInterval: dateInterval, dataHandler: handler)
        } else {
            HKWorkoutRouteQuery(route: workoutRoute, dataHandler: handler)
        }
        continuation.onTermination = { _ in healthStore.stop(query) }
        healthStore.execute(query)
        return stream
    }
}
