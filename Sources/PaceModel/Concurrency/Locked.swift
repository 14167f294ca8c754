import Synchronization

/// A value shared between threads, reached only under its lock: the package's one box for state
/// that a blocking I/O thread and async callers both touch (a thread cannot `await` an actor).
///
/// A reference over the standard library's `Mutex`, so closures and threads can share it.
///
/// ```swift
/// let cancelled = Locked(false)
/// cancelled.withLock { $0 = true }
/// ```
package final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    /// Creates a box holding `value`.
    package init(_ value: Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { value in try body(&value) }
    }
}
