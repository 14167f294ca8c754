import Dispatch
import Foundation

/// Runs a manager's delegate calls where Apple's documentation says they run: on the run loop of
/// the thread that created the manager, in order, never on the caller's stack.
///
/// A manager made on the main thread (or on the main queue, which `dispatchMain()` serves from
/// another thread on Linux) delivers through `DispatchQueue.main`: that works whether the program
/// runs `RunLoop.main`, calls `dispatchMain()` or lives on the main actor. A manager made on any
/// other thread delivers through a timer added to that thread's run loop, because on Linux
/// `RunLoop.perform` does not wake a sleeping run loop (measured: a block waited 1.4 s, until the
/// loop woke for another reason) while adding a timer does. While the manager is active, a timer
/// in the distant future keeps that run loop from returning at once for lack of sources.
final class DelegateQueue: @unchecked Sendable {
    private enum Target {
        case mainQueue
        case runLoop(RunLoop)
    }

    private static let mainQueueKey = DispatchSpecificKey<Bool>()
    private static let markMainQueue: Void = DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)

    private let target: Target
    private let lock = NSLock()
    private var pending: [() -> Void] = []
    private var drainScheduled = false
    private var keepAlive: Timer?

    /// A queue for the calling thread's run loop (or the main queue).
    init() {
        _ = Self.markMainQueue
        if Thread.isMainThread || DispatchQueue.getSpecific(key: Self.mainQueueKey) == true {
            target = .mainQueue
        } else {
            target = .runLoop(RunLoop.current)
        }
    }

    /// Whether calls go to the main queue.
    var deliversOnMainQueue: Bool {
        if case .mainQueue = target { return true }
        return false
    }

    /// Queues `work`; it runs after every call queued before it.
    func enqueue(_ work: @escaping () -> Void) {
        let schedule = lock.withLock {
            pending.append(work)
            defer { drainScheduled = true }
            return !drainScheduled
        }
        guard schedule else { return }
        switch target {
        case .mainQueue:
            DispatchQueue.main.async { self.drain() }
        case .runLoop(let runLoop):
            runLoop.add(Timer(timeInterval: 0, repeats: false) { _ in self.drain() }, forMode: .common)
        }
    }

    /// Keeps the creating thread's run loop supplied with a source while `active` (no effect on
    /// the main queue).
    func keepRunLoopAlive(_ active: Bool) {
        guard case .runLoop(let runLoop) = target else { return }
        let (added, removed): (Timer?, Timer?) = lock.withLock {
            if active {
                guard keepAlive == nil else { return (nil, nil) }
                let timer = Timer(fire: .distantFuture, interval: 0, repeats: false) { _ in }
                keepAlive = timer
                return (timer, nil)
            }
            defer { keepAlive = nil }
            return (nil, keepAlive)
        }
        if let added { runLoop.add(added, forMode: .common) }
        removed?.invalidate()
    }

    private func drain() {
        let work = lock.withLock {
            defer {
                pending = []
                drainScheduled = false
            }
            return pending
        }
        for call in work { call() }
    }
}
