import Foundation

/// A value shared between threads, reached only under its lock: the package's one box for state
/// that a blocking I/O thread and async callers both touch (a thread cannot `await` an actor).
///
/// The lock is an `NSLock` (a POSIX mutex), not the standard library's `Mutex`: on Linux `Mutex`
/// is built on atomics and futexes inside the uninstrumented runtime, so ThreadSanitizer cannot see
/// it order accesses and reported every value behind it as a race (46 reports in the first
/// `Scripts/sanitize.sh thread` run; docs/RELIABILITY.md). A POSIX mutex it intercepts, so the
/// sanitizer lane reports only real races. Every access goes through ``withLock(_:)``, which is
/// what makes the unchecked `Sendable` true.
///
/// ```swift
/// let cancelled = Locked(false)
/// cancelled.withLock { $0 = true }
/// ```
package final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Creates a box holding `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
