public import Foundation
import PaceModel
import PaceStore

/// The app's access to health data (Apple's `HKHealthStore`), on the Pace store `pace` uses:
/// `PACE_STORE`, or the default location (docs/HEALTHKIT.md).
///
/// The app acts as itself (its bundle identifier, `PACE_BUNDLE_IDENTIFIER`, or its executable's
/// name): it writes only the types it was allowed to share and reads other apps' data only of
/// the types it was allowed to read. Completion handlers run on a background queue.
///
/// ```swift
/// let store = HKHealthStore()
/// try await store.requestAuthorization(toShare: [HKObjectType.workoutType()], read: [HKQuantityType(.heartRate)])
/// try await store.save(sample)
/// ```
public class HKHealthStore: NSObject, @unchecked Sendable {
    /// The store seen as this app, once it opened (a failure is tried again at the next use).
    private let connection = Locked<AuthorizedStore?>(nil)

    /// The environment the store and the authorization policy are read from.
    let environment: [String: String]

    /// A store for this app.
    public override init() {
        self.environment = ProcessInfo.processInfo.environment
        super.init()
    }

    /// A store for this app, as if the process had `environment` (`PACE_STORE`, `PACE_AUTHORIZATION`): for tests.
    init(environment: [String: String]) {
        self.environment = environment
        super.init()
    }

    /// Whether health data is available: always on Pace.
    public class func isHealthDataAvailable() -> Bool { true }

    /// Whether clinical records are available: never on Pace.
    public func supportsHealthRecords() -> Bool { false }

    /// The earliest date whose samples the app may read or write: no limit on Pace.
    public func earliestPermittedSampleDate() -> Date { .distantPast }

    /// The store seen as this app.
    func appStore() throws(HKError) -> AuthorizedStore {
        let result = connection.withLock { (state: inout AuthorizedStore?) -> Result<AuthorizedStore, HKError> in
            if let state { return .success(state) }
            do throws(HKError) {
                let opened = try HKStoreConnection.appStore(environment: environment)
                state = opened
                return .success(opened)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
