import Dispatch
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
        query.start(on: app)
    }

    /// Stops a query: its handlers are not called any more.
    public func stop(_ query: HKQuery) {
        query.stop()
    }
}
