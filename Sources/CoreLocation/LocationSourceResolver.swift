package import PaceSensors
import Foundation

/// Which sensor source feeds CoreLocation: a source injected by Pace's own tests, else the one
/// `PACE_GPS` names with the syntax of `pace record --gps`, else gpsd on this machine
/// (`gpsd://localhost:2947`).
///
/// ```swift
/// try await LocationSourceResolver.$override.withValue(ScriptedSensorSource(…)) {
///     for try await update in CLLocationUpdate.liveUpdates() { … }
/// }
/// ```
package enum LocationSourceResolver {
    /// The environment variable naming the GPS: `PACE_GPS`.
    package static let environmentVariable = "PACE_GPS"

    /// A source to use instead of `PACE_GPS`, for tests: read when a manager is created or live
    /// updates begin.
    @TaskLocal package static var override: (any SensorSource)?

    /// The source for this process, or why `PACE_GPS` cannot be used.
    /// - Parameter environment: The environment to read (the process's by default).
    package static func resolve(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Result<any SensorSource, SensorSpecificationError> {
        if let override { return .success(override) }
        guard let text = environment[environmentVariable], !text.isEmpty else {
            return .success(GPSSourceSpecification.standard.makeSource())
        }
        do {
            return .success(try GPSSourceSpecification(parsing: text, option: environmentVariable).makeSource())
        } catch {
            return .failure(error)
        }
    }
}
