import Foundation
import PaceModel
import PaceSensors
import PaceTestSupport

/// Scripted GPS fixes for the manager and live-update tests.
enum ScriptedFixes {
    /// A fix at a coordinate, moving north at `speed` m/s, 5 m accurate, stamped `time` (now by default).
    static func fix(latitude: Double, longitude: Double = 8.54, speed: Double = 3, accuracy: Double = 5,
                    time: Date? = nil) -> ScriptedSensorSource.Step {
        .reading(after: .milliseconds(5)) {
            .location(RouteLocation(timestamp: time ?? Date(), latitude: latitude, longitude: longitude, altitude: 410,
                                    speed: speed, course: 0, horizontalAccuracy: accuracy, verticalAccuracy: 8))
        }
    }

    /// A lost GPS, with gpsd's words.
    static func lost(_ reason: String = "gpsd at localhost:2947 refused the connection") -> ScriptedSensorSource.Step {
        .event(after: .milliseconds(5), .disconnected(.location, reason: reason))
    }

    /// The GPS is back.
    static let regained = ScriptedSensorSource.Step.event(after: .milliseconds(5), .reconnected(.location))

    /// A source playing `steps`.
    static func source(_ steps: [ScriptedSensorSource.Step]) -> ScriptedSensorSource {
        ScriptedSensorSource(description: "scripted GPS", streams: [.location], steps: steps)
    }
}
