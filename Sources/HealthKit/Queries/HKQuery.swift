public import Foundation
import PaceModel
import PaceStore

/// A query of the store (Apple's `HKQuery`): made with its results handler, run with
/// ``HKHealthStore/execute(_:)``, stopped with ``HKHealthStore/stop(_:)``. Handlers run on a
/// background queue.
public class HKQuery: NSObject, @unchecked Sendable {
    /// The type the query reads, when it reads one.
    public let objectType: HKObjectType?
    /// Which objects, when given; HealthKit's predicates (`HKQuery.predicateFor…`) and their compounds.
    public let predicate: NSPredicate?

    /// The task running the query, while it runs.
    private let task = Locked<Task<Void, Never>?>(nil)

    init(objectType: HKObjectType?, predicate: NSPredicate?) {
        self.objectType = objectType
        self.predicate = predicate
    }

    /// The sample type, for queries of samples.
    @available(*, deprecated, renamed: "objectType")
    public var sampleType: HKSampleType? { objectType as? HKSampleType }

    /// Runs the query on `app` (the subclasses' work); called once by ``HKHealthStore/execute(_:)``.
    func run(on app: AuthorizedStore) async {}

    /// Tells the query it could not start (no store); the subclasses call their handler.
    func fail(_ error: HKError) {}

    /// Calls `handler` on HealthKit's callback queue, unless the query was stopped by then.
    func deliver(_ handler: @escaping @Sendable () -> Void) {
        HKCallbacks.queue.async { [self] in
            guard !isStopped else { return }
            handler()
        }
    }

    /// Whether the query was stopped.
    var isStopped: Bool { task.withLock { $0?.isCancelled ?? false } }

    /// Starts the query's task, which keeps the query alive until it ends or is stopped.
    func start(on app: AuthorizedStore) {
        task.withLock { running in
            running = Task { [self] in await run(on: app) }
        }
    }

    /// Stops the query: no handler is called after it returns, except the one running.
    func stop() {
        task.withLock { $0?.cancel() }
    }

    /// The Pace predicate of ``predicate``.
    func pacePredicate() throws(HKError) -> SamplePredicate {
        try HKPredicate.pace(predicate)
    }
}
