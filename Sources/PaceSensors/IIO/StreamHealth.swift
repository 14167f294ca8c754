import PaceModel

/// Tracks one stream's failures: each failure is reported as skipped input until a run of them
/// means the device is gone, reported once as disconnected; the next success reports it
/// reconnected. Shared by the IIO and power-supply sources.
struct StreamHealth: Sendable {
    /// The stream reported on.
    let stream: SensorStream
    /// Consecutive failures that make a disconnection.
    let failureLimit: Int
    /// Failures in a row so far.
    private(set) var consecutiveFailures = 0
    /// Whether the stream is reported disconnected.
    private(set) var isDisconnected = false

    init(stream: SensorStream, failureLimit: Int) {
        self.stream = stream
        self.failureLimit = max(1, failureLimit)
    }

    /// A reading was made: the events to send before it (`reconnected` after a disconnection).
    mutating func succeeded() -> [SensorEvent] {
        consecutiveFailures = 0
        guard isDisconnected else { return [] }
        isDisconnected = false
        return [.reconnected(stream)]
    }

    /// A read failed: the skipped input while connected, and `disconnected` when the run of
    /// failures reaches the limit. While disconnected, failures are quiet (the device is known gone).
    mutating func failed(_ skipped: SkippedInput, disconnectReason: @autoclosure () -> String) -> [SensorEvent] {
        guard !isDisconnected else { return [] }
        consecutiveFailures += 1
        var events: [SensorEvent] = [.skipped(skipped)]
        if consecutiveFailures >= failureLimit {
            isDisconnected = true
            events.append(.disconnected(stream, reason: disconnectReason()))
        }
        return events
    }
}
