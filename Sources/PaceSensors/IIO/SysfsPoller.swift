import Dispatch
import Foundation
import PaceModel

/// Runs a blocking sysfs poll on a dedicated thread — never on Swift's cooperative pool — and
/// delivers its events as an `AsyncStream`. Shared by the IIO and power-supply sources.
///
/// The thread calls `step` at the pace it asks for, waiting on a semaphore between calls, so
/// stopping (the consumer's task is cancelled, or the stream is dropped) wakes it at once. When the
/// consumer falls behind, the oldest buffered events are dropped and counted, and reported as one
/// `sensor.overrun` skipped input.
enum SysfsPoller {
    /// One call of the poll: the events it made and how long to wait before the next call.
    struct Step: Sendable {
        var events: [SensorEvent]
        var delay: Duration
    }

    /// Starts the thread and returns its events; the thread stops when the stream terminates.
    /// - Parameters:
    ///   - name: The thread's name, for debuggers and logs.
    ///   - bufferLimit: Events kept for a slow consumer before the oldest are dropped.
    ///   - step: The poll; called only on the thread, never concurrently.
    static func events(name: String, bufferLimit: Int, step: @escaping @Sendable () -> Step) -> AsyncStream<SensorEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: SensorEvent.self, bufferingPolicy: .bufferingNewest(max(1, bufferLimit)))
        let control = Control()
        continuation.onTermination = { _ in control.stop() }
        let thread = Thread {
            var deadline = DispatchTime.now()
            var dropped = 0
            while !control.isStopped {
                var result = step()
                if dropped > 0 {
                    result.events.insert(.skipped(SkippedInput(reason: "sensor.overrun",
                                                               detail: "\(dropped) events dropped: the recorder fell behind \(name)")), at: 0)
                    dropped = 0
                }
                for event in result.events {
                    if case .dropped = continuation.yield(event) { dropped += 1 }
                }
                deadline = deadline + .nanoseconds(Int(max(0, durationSeconds(result.delay)) * 1e9))
                let now = DispatchTime.now()
                if deadline < now { deadline = now }
                if control.wait(until: deadline) { break }
            }
            continuation.finish()
        }
        thread.name = name
        thread.start()
        return stream
    }

    /// The stop flag and the semaphore that wakes a waiting thread.
    final class Control: @unchecked Sendable {
        private let lock = NSLock()
        private var stopped = false
        private let wake = DispatchSemaphore(value: 0)

        var isStopped: Bool { lock.withLock { stopped } }

        func stop() {
            let first = lock.withLock { () -> Bool in
                defer { stopped = true }
                return !stopped
            }
            if first { wake.signal() }
        }

        /// Waits until the deadline; `true` when woken by ``stop()``.
        func wait(until deadline: DispatchTime) -> Bool {
            wake.wait(timeout: deadline) == .success || isStopped
        }
    }
}
