public import Foundation
import PaceModel
import PaceStore

/// The handler an observer query's update handler calls when it has dealt with the change.
public typealias HKObserverQueryCompletionHandler = @Sendable () -> Void

/// Tells the app that samples of a type were saved or deleted, once when it starts and after each
/// change, until stopped (Apple's `HKObserverQuery`). It says only *that* something changed: run an
/// anchored query to learn what. Notifications may be coalesced; on Pace the predicate does not
/// narrow them (a notification may concern samples outside it).
public final class HKObserverQuery: HKQuery, @unchecked Sendable {
    private let updateHandler: @Sendable (HKObserverQuery, @escaping HKObserverQueryCompletionHandler, (any Error)?) -> Void

    /// An observer of `sampleType`.
    @preconcurrency
    public init(sampleType: HKSampleType, predicate: NSPredicate?,
                updateHandler: @escaping @Sendable (HKObserverQuery, @escaping HKObserverQueryCompletionHandler, (any Error)?) -> Void) {
        self.updateHandler = updateHandler
        super.init(objectType: sampleType, predicate: predicate)
    }

    override func run(on app: AuthorizedStore) async {
        do {
            guard let type = objectType, let paceType = type.paceType else {
                throw HKError(.errorInvalidArgument, message: "Pace does not store \(objectType?.identifier ?? "this type").")
            }
            _ = try pacePredicate()
            let notifications = try await app.observe(paceType)
            notify(nil)
            for try await _ in notifications {
                guard !isStopped else { return }
                notify(nil)
            }
        } catch {
            notify(HKStoreConnection.error(error))
        }
    }

    override func fail(_ error: HKError) {
        updateHandler(self, {}, error)
    }

    private func notify(_ error: HKError?) {
        deliver { [self] in updateHandler(self, {}, error) }
    }
}
