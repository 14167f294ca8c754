import Dispatch

/// Crossings between blocking code on threads of its own and Swift concurrency, so that neither
/// side waits on the other's threads: a streaming reader (an XML parser that calls back for every
/// element) runs on a dispatch thread, and `async` callers await it without holding one of the
/// cooperative pool's few threads.
///
/// ```swift
/// let report = try await ThreadBridge.run { try reader.read(at: url, handler: handle) }
/// // inside `handle`, on that thread:
/// try ThreadBridge.wait { try await store.setCharacteristic(value) }
/// ```
package enum ThreadBridge {
    /// Runs the blocking `body` on a dispatch thread of its own and suspends the caller until it
    /// returns; the caller's cooperative thread is free meanwhile.
    ///
    /// - Parameters:
    ///   - label: The dispatch queue's label, shown by debuggers.
    ///   - body: The blocking work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    package static func run<T: Sendable, Failure: Error>(
        label: String = "org.pace.blocking", _ body: @escaping @Sendable () throws(Failure) -> T
    ) async throws(Failure) -> T {
        let result: Result<T, Failure> = await withCheckedContinuation { continuation in
            DispatchQueue(label: label).async {
                do throws(Failure) {
                    continuation.resume(returning: .success(try body()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    /// Runs the async `operation` and blocks the calling thread until it finishes.
    ///
    /// Only for threads outside the cooperative pool (a ``run(label:_:)`` body, a dispatch queue of
    /// one's own): blocking a pool thread on work that needs the pool can starve it.
    ///
    /// - Parameter operation: The async work.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    package static func wait<T: Sendable, Failure: Error>(
        _ operation: @escaping @Sendable () async throws(Failure) -> T
    ) throws(Failure) -> T {
        let outcome = Locked<Result<T, Failure>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let result: Result<T, Failure>
            do throws(Failure) { result = .success(try await operation()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return try outcome.withLock { $0! }.get()
    }
}
