import Foundation
import PaceModel
import PaceSensors
import PaceTestSupport

/// Collects a running source's events and lets a test wait for a condition on them.
final class SysfsEventCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [SensorEvent] = []

    func append(_ event: SensorEvent) { lock.withLock { collected.append(event) } }

    var events: [SensorEvent] { lock.withLock { collected } }

    /// Waits (polling every 10 ms) until `condition` holds or `timeout` passes.
    /// - Returns: Whether it holds.
    func wait(timeout: Duration = .seconds(90), until condition: ([SensorEvent]) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + TestTime.duration(timeout)
        while ContinuousClock.now < deadline {
            if condition(events) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition(events)
    }

    /// Runs `source` in a task delivering to this collector.
    func start(_ source: any SensorSource) -> Task<Void, Never> {
        Task { await source.run { event in self.append(event) } }
    }
}
