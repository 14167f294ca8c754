import Foundation
public import PaceModel

/// Everything a live display shows at one instant: the session's snapshot and the sensors' side.
public struct LiveRecordingStatus: Hashable, Sendable {
    /// The session's state and numbers (units as in ``WorkoutSnapshot``).
    public var snapshot: WorkoutSnapshot
    /// Each sensor stream's state, for every stream the sources produce.
    public var streams: [SensorStream: LiveStreamStatus]
    /// Skipped input counted by reason so far.
    public var skippedInput: [String: Int]
    /// The latest battery reading, when a battery source runs.
    public var batteryLevel: BatteryReading?
    /// Seconds added to this machine's clock since the session took its time from the GPS: positive
    /// when the machine's clock is behind the GPS, zero while it has not.
    public var timeOffset: Double

    /// Creates a status.
    /// - Parameters:
    ///   - snapshot: The session's snapshot.
    ///   - streams: Each stream's state.
    ///   - skippedInput: Skipped input by reason.
    ///   - batteryLevel: The latest battery reading.
    ///   - timeOffset: Seconds added to the machine's clock.
    public init(snapshot: WorkoutSnapshot, streams: [SensorStream: LiveStreamStatus], skippedInput: [String: Int],
                batteryLevel: BatteryReading?, timeOffset: Double) {
        self.snapshot = snapshot
        self.streams = streams
        self.skippedInput = skippedInput
        self.batteryLevel = batteryLevel
        self.timeOffset = timeOffset
    }
}
