import Foundation
import PaceModel
import PaceSensors
import PaceTestSupport

/// Collects what a running ``GPSDSource`` emits, for the live tests.
actor GPSDEventLog {
    private(set) var events: [SensorEvent] = []
    private(set) var skies: [GPSSky] = []

    func append(_ event: SensorEvent) { events.append(event) }
    func append(_ sky: GPSSky) { skies.append(sky) }

    /// The location readings, in order.
    var locations: [RouteLocation] {
        events.compactMap { if case .reading(let reading) = $0, case .location(let location) = reading.value { location } else { nil } }
    }

    /// Waits until `condition` holds for the events so far, or `timeout` passes.
    /// - Returns: Whether the condition held.
    func wait(timeout: Duration, until condition: ([SensorEvent]) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + TestTime.duration(timeout)
        while ContinuousClock.now < deadline {
            if condition(events) { return true }
            try? await Task.sleep(for: .milliseconds(25))
        }
        return condition(events)
    }
}

extension SensorEvent {
    /// The location, when this is a location reading.
    var location: RouteLocation? {
        if case .reading(let reading) = self, case .location(let location) = reading.value { location } else { nil }
    }

    /// Whether this is `disconnected(.location, …)`.
    var isLocationDisconnect: Bool {
        if case .disconnected(.location, _) = self { true } else { false }
    }

    /// The reason, when this is a disconnect.
    var disconnectReason: String? {
        if case .disconnected(_, let reason) = self { reason } else { nil }
    }

    /// The skip reason key, when this is a skip.
    var skipReason: String? {
        if case .skipped(let input) = self { input.reason } else { nil }
    }
}

extension Array where Element == SensorEvent {
    /// Disconnects and reconnects alternate, starting with a disconnect — the contract of ``SensorSource``.
    var disconnectsAndReconnectsAlternate: Bool {
        var down = false
        for event in self {
            switch event {
            case .disconnected: if down { return false } else { down = true }
            case .reconnected: if !down { return false } else { down = false }
            default: continue
            }
        }
        return true
    }
}
