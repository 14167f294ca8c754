public import CoreLocation
public import Foundation
import PaceModel
import PaceStore

/// The locations of a workout route, in batches, oldest first (Apple's `HKWorkoutRouteQuery`): the
/// data handler is called for each batch, `done` is `true` with the last. Stopping the query
/// stops the batches.
public final class HKWorkoutRouteQuery: HKQuery, @unchecked Sendable {
    /// The handler's shape: the query, a batch of locations, whether it is the last, or an error.
    public typealias DataHandler = @Sendable (HKWorkoutRouteQuery, [CLLocation]?, Bool, (any Error)?) -> Void

    private let route: HKWorkoutRoute
    private let dateInterval: DateInterval?
    private let dataHandler: DataHandler

    /// A query of every location of `workoutRoute`.
    @preconcurrency
    public init(route workoutRoute: HKWorkoutRoute, dataHandler: @escaping DataHandler) {
        self.route = workoutRoute
        self.dateInterval = nil
        self.dataHandler = dataHandler
        super.init(objectType: HKSeriesType.workoutRoute(), predicate: nil)
    }

    /// A query of the locations of `workoutRoute` inside `dateInterval`.
    @preconcurrency
    public init(route workoutRoute: HKWorkoutRoute, dateInterval: DateInterval, dataHandler: @escaping DataHandler) {
        self.route = workoutRoute
        self.dateInterval = dateInterval
        self.dataHandler = dataHandler
        super.init(objectType: HKSeriesType.workoutRoute(), predicate: nil)
    }

    override func run(on app: AuthorizedStore) async {
        do {
            for try await batch in app.routeLocationBatches(RouteQuery(routeID: route.uuid, interval: dateInterval, batchSize: 1000)) {
                guard !isStopped else { return }
                let locations = batch.locations.map(CLLocation.init)
                let done = batch.isDone
                deliver { [self] in dataHandler(self, locations, done, nil) }
                if done { return }
            }
        } catch {
            let failure = HKStoreConnection.error(error)
            deliver { [self] in dataHandler(self, nil, true, failure) }
        }
    }

    override func fail(_ error: HKError) {
        dataHandler(self, nil, true, error)
    }
}
