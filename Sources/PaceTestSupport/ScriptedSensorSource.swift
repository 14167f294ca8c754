import Foundation
public import PaceModel
public import PaceSensors

/// A sensor source that plays a script of events (each made when due, so readings carry the real
/// time), then waits to be cancelled.
///
/// ```swift
/// let strap = ScriptedSensorSource(description: "strap", streams: [.heartRate], steps: [
///     .reading { .heartRate(HeartRateReading(beatsPerMinute: 120)) },
///     .event(.disconnected(.heartRate, reason: "out of range")),
/// ])
/// ```
public struct ScriptedSensorSource: SensorSource {
    /// One step: wait, then emit what `make` returns.
    public struct Step: Sendable {
        /// How long to wait before the event.
        public var delay: Duration
        /// Makes the event when it is due.
        public var make: @Sendable () -> SensorEvent

        /// Creates a step.
        public init(delay: Duration, make: @escaping @Sendable () -> SensorEvent) {
            self.delay = delay
            self.make = make
        }
    }

    /// Whether the script has been played to the end.
    public final class Progress: @unchecked Sendable {
        private let lock = NSLock()
        private var finished = false
        /// Whether the last step was emitted.
        public var isFinished: Bool { lock.withLock { finished } }
        func finish() { lock.withLock { finished = true } }
    }

    /// A description for logs.
    public var description: String
    /// The streams the script produces.
    public var streams: Set<SensorStream>
    /// The script.
    public var steps: [Step]
    /// How far the script has been played.
    public let progress = Progress()

    /// Creates a source playing `steps`.
    public init(description: String, streams: Set<SensorStream>, steps: [Step]) {
        self.description = description
        self.streams = streams
        self.steps = steps
    }

    /// Plays the steps, then waits to be cancelled.
    public func run(_ emit: @escaping @Sendable (SensorEvent) async -> Void) async {
        for step in steps {
            try? await Task.sleep(for: step.delay)
            if Task.isCancelled { return }
            await emit(step.make())
        }
        progress.finish()
        while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(20)) }
    }
}

extension ScriptedSensorSource.Step {
    /// A reading of the value `value` returns, stamped when it is due.
    public static func reading(after delay: Duration = .milliseconds(40),
                               _ value: @escaping @Sendable () -> SensorReading.Value) -> Self {
        Self(delay: delay) { .reading(SensorReading(time: Date(), value: value())) }
    }

    /// An event as given.
    public static func event(after delay: Duration = .milliseconds(40), _ event: SensorEvent) -> Self {
        Self(delay: delay) { event }
    }
}
