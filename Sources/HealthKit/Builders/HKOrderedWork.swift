import Dispatch
import PaceModel

/// Runs a builder's operations one after another, in the order they were called, whether by the
/// completion-handler or the async form: an app inserting route data from each location callback
/// gets its batches stored in order, as HealthKit keeps them.
final class HKOrderedWork: Sendable {
    private let tail = Locked<Task<Void, Never>?>(nil)

    /// Starts `operation` after every operation submitted before it and hands its result to
    /// `completion` (on the task that ran it).
    func submit<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T,
                             completion: @escaping @Sendable (Result<T, HKError>) -> Void) {
        tail.withLock { tail in
            let previous = tail
            tail = Task {
                await previous?.value
                let result: Result<T, HKError>
                do { result = .success(try await operation()) } catch { result = .failure(HKStoreConnection.error(error)) }
                completion(result)
            }
        }
    }

    /// Runs `operation` after every operation submitted before it and returns its result.
    func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        let result: Result<T, HKError> = await withCheckedContinuation { continuation in
            submit(operation) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }

    /// Submits `operation` and reports its success or error to `completion` on HealthKit's callback queue.
    func report(_ operation: @escaping @Sendable () async throws -> Void,
                _ completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        submit(operation) { result in
            HKCallbacks.queue.async {
                switch result {
                case .success: completion(true, nil)
                case .failure(let error): completion(false, error)
                }
            }
        }
    }
}
