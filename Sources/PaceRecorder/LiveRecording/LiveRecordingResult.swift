public import Foundation
public import PaceModel

/// A live recording that ended with a saved workout: the workout, how the recording ended, and the
/// input its sensors skipped.
public struct LiveRecordingResult: Sendable {
    /// How the recording came to save its workout.
    public enum Ending: String, Hashable, Sendable {
        /// Finished when asked (``LiveRecorder/requestStop(_:)`` with ``LiveRecorder/Stop/finish``).
        case finish
        /// The session saved itself at a critical battery level.
        case batteryCritical
    }

    /// The saved workout.
    public var workout: Workout
    /// The identifier of the saved route, when there were usable fixes.
    public var routeID: UUID?
    /// The workout's totals.
    public var summary: WorkoutSummary
    /// The number of quantity samples saved; `nil` when not at hand (a workout the session saved by
    /// itself, read back from the store).
    public var sampleCount: Int?
    /// How the recording ended.
    public var ending: Ending
    /// The readings and input skipped, counted by reason (e.g. `["nmea.checksum": 2, "live.clock": 1]`).
    public var skippedInput: [String: Int]
    /// The sources' descriptions (``SensorSource/description``), in the order they were given.
    public var sources: [String]

    /// Creates a result.
    /// - Parameters:
    ///   - workout: The saved workout.
    ///   - routeID: The saved route's identifier.
    ///   - summary: The workout's totals.
    ///   - sampleCount: Quantity samples saved, if known.
    ///   - ending: How the recording ended.
    ///   - skippedInput: Skipped input by reason.
    ///   - sources: The sources' descriptions.
    public init(workout: Workout, routeID: UUID?, summary: WorkoutSummary, sampleCount: Int?, ending: Ending,
                skippedInput: [String: Int], sources: [String]) {
        self.workout = workout
        self.routeID = routeID
        self.summary = summary
        self.sampleCount = sampleCount
        self.ending = ending
        self.skippedInput = skippedInput
        self.sources = sources
    }
}
