import Foundation
import PaceModel
import PaceStore

/// The Pace store an app's `HKHealthStore` works on: the one `pace` uses (`PACE_STORE`, else the
/// default location), opened once per process and path, seen as the app (``HKAppIdentity``).
enum HKStoreConnection {
    private static let opened = Locked<[String: HealthStore]>([:])

    /// The app's view of the store at the path the environment names.
    ///
    /// - Throws: ``HKError`` ``HKError/Code/errorDatabaseInaccessible`` when the store cannot be opened.
    static func appStore(environment: [String: String] = ProcessInfo.processInfo.environment) throws(HKError) -> AuthorizedStore {
        let path = StoreLocation.resolve(environment: environment)
        let result = opened.withLock { (stores: inout [String: HealthStore]) -> Result<HealthStore, StoreError> in
            if let store = stores[path] { return .success(store) }
            do throws(StoreError) {
                let store = try HealthStore(path: path)
                stores[path] = store
                return .success(store)
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let store): return store.authorization(for: HKAppIdentity.source.bundleIdentifier)
        case .failure(let error): throw HKError(.errorDatabaseInaccessible, message: error.message)
        }
    }

    /// An ``HKError`` for a store error, keeping its message.
    static func error(_ error: StoreError) -> HKError {
        switch error.code {
        case .notAuthorized: HKError(.errorAuthorizationDenied, message: error.message)
        case .cannotOpen, .notADatabase, .notAPaceStore, .newerSchema, .corrupt, .database:
            HKError(.errorDatabaseInaccessible, message: error.message)
        case .cancelled: HKError(.errorUserCanceled, message: error.message)
        default: HKError(.errorInvalidArgument, message: error.message)
        }
    }

    /// Any error as an ``HKError``.
    static func error(_ error: any Error) -> HKError {
        if let error = error as? HKError { return error }
        if let error = error as? StoreError { return self.error(error) }
        return HKError(.errorInvalidArgument, message: "\(error)")
    }
}

/// Where HealthKit's completion handlers run: a background queue, never the caller's stack (as Apple documents).
enum HKCallbacks {
    /// The queue every completion handler and query handler runs on.
    static let queue = DispatchQueue(label: "org.pace.healthkit.callbacks", qos: .userInitiated)

    /// Runs `operation` and calls `completion` with its result on ``queue``.
    static func deliver<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T,
                                     _ completion: @escaping @Sendable (Result<T, HKError>) -> Void) {
        Task {
            let result: Result<T, HKError>
            do { result = .success(try await operation()) } catch { result = .failure(HKStoreConnection.error(error)) }
            queue.async { completion(result) }
        }
    }
}
