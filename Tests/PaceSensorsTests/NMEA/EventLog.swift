import Foundation
import PaceSensors
import PaceTestSupport

/// Collects events from a running source.
actor EventLog {
    private(set) var events: [SensorEvent] = []

    func append(_ event: SensorEvent) { events.append(event) }

    var readings: Int { events.filter { if case .reading = $0 { true } else { false } }.count }

    /// Waits up to `timeout` seconds for `condition`; returns whether it became true.
    func wait(timeout: Double = 90, until condition: @Sendable ([SensorEvent]) -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(TestTime.seconds(timeout))
        while Date() < deadline {
            if condition(events) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition(events)
    }
}
