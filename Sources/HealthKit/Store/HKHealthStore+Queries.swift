import Dispatch
import PaceModel
import PaceStore

extension HKHealthStore {
    /// Runs a query; its handlers are called on a background queue. A long-running query runs
    /// until ``stop(_:)``.
    public func execute(_ query: HKQuery) {
        let app: AuthorizedStore
        do { app = try appStore() } catch {
            HKCallbacks.queue.async { query.fail(error) }
            return
        }
        let key = ObjectIdentifier(query)
        running.withLock { $0[key] = query }
        query.start(on: app) { [weak self] in
            _ = self?.running.withLock { $0.removeValue(forKey: key) }
        }
    }

    /// Stops a query: its handlers are not called any more.
    public func stop(_ query: HKQuery) {
        query.stop()
        _ = running.withLock { $0.removeValue(forKey: ObjectIdentifier(query)) }
    }
}
