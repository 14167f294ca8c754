import Foundation
import PaceTestSupport

/// A thread of its own that makes an object (a location manager) and then runs its run loop until
/// stopped, like an app's worker thread with a run loop.
final class RunLoopThread: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private var finished = false
    private(set) var thread: Thread?

    /// Starts the thread, runs `make` on it and returns what it made once it has.
    func start<T>(_ make: @escaping @Sendable () -> T) async -> T {
        let box = ResultBox<T>()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let thread = Thread { [self] in
                box.value = make()
                continuation.resume()
                // A timer keeps the run loop from returning at once for lack of sources, and wakes it to see a stop.
                let tick = Timer(timeInterval: 0.05, repeats: true) { _ in }
                RunLoop.current.add(tick, forMode: .default)
                while !lock.withLock({ stopped }) {
                    _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.2))
                }
                tick.invalidate()
                lock.withLock { finished = true }
            }
            lock.withLock { self.thread = thread }
            thread.start()
        }
        return box.value!
    }

    /// Asks the thread to end its run loop and waits (bounded) until it has.
    func stop() async {
        lock.withLock { stopped = true }
        let deadline = ContinuousClock.now + TestTime.duration(.seconds(30))
        while !lock.withLock({ finished }), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }
}

/// A value handed from one thread to another once (the continuation orders the write before the read).
final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
