import Foundation
import PaceModel
import PaceRecorder

/// Renders live snapshots: a full-screen panel on a terminal, or plain log lines when there is
/// no terminal (piped, or run as a service).
struct Dashboard {
    let interactive: Bool

    /// The panel for a snapshot, as lines.
    static func panel(_ snapshot: WorkoutSnapshot) -> [String] {
        var lines = [
            "Pace — \(snapshot.activityType.displayName.lowercased())   \(snapshot.state)",
            "",
            "  time     \(clock(snapshot.elapsedTime))   moving \(clock(snapshot.movingTime))",
            "  distance \(String(format: "%.2f km", snapshot.distance / 1000))   split \(snapshot.currentSplit): \(String(format: "%.0f m", snapshot.splitDistance))",
        ]
        if snapshot.showsPace {
            lines.append("  pace     \(pace(snapshot.currentPace)) /km   avg \(pace(snapshot.averagePace)) /km")
        } else {
            lines.append("  speed    \(speed(snapshot.currentSpeed)) km/h   avg \(speed(snapshot.averageSpeed)) km/h")
        }
        lines.append("  heart    \(number(snapshot.heartRate)) bpm   avg \(number(snapshot.averageHeartRate))   zone \(snapshot.heartRateZone.map(String.init) ?? "–")")
        lines.append("  cadence  \(number(snapshot.cadence)) /min   power \(number(snapshot.power)) W")
        lines.append("  altitude \(number(snapshot.altitude)) m   gain \(String(format: "%.0f", snapshot.elevationGain)) m   loss \(String(format: "%.0f", snapshot.elevationLoss)) m")
        lines.append("  GPS      \(snapshot.gpsSignal.rawValue)\(snapshot.gpsAccuracy.map { String(format: " ±%.0f m", $0) } ?? "")")
        return lines
    }

    /// One log line for a snapshot.
    static func line(_ snapshot: WorkoutSnapshot) -> String {
        let rate = snapshot.showsPace ? "pace \(pace(snapshot.averagePace))/km" : "speed \(speed(snapshot.averageSpeed)) km/h"
        return "\(ISO8601.string(snapshot.time)) \(snapshot.state) time \(clock(snapshot.elapsedTime)) "
            + String(format: "distance %.2f km ", snapshot.distance / 1000) + rate + " hr \(number(snapshot.heartRate)) gps \(snapshot.gpsSignal.rawValue)"
    }

    /// Draws a snapshot.
    func show(_ snapshot: WorkoutSnapshot) {
        if interactive {
            let text = "\u{1B}[H\u{1B}[2J" + Self.panel(snapshot).joined(separator: "\n")
                + "\n\n  keys: [p] pause/resume  [l] lap  [m] marker  [f] finish  [d] discard\n"
            FileHandle.standardOutput.write(Data(text.utf8))
        } else {
            FileHandle.standardError.write(Data((Self.line(snapshot) + "\n").utf8))
        }
    }

    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.down))
        return String(format: "%d:%02d:%02d", total / 3600, total / 60 % 60, total % 60)
    }

    static func pace(_ secondsPerKilometre: Double?) -> String {
        guard let value = secondsPerKilometre, value.isFinite, value < 3600 else { return "–:––" }
        let total = Int(value.rounded())
        return String(format: "%d:%02d", total / 60, total % 60)
    }

    static func speed(_ metresPerSecond: Double?) -> String {
        metresPerSecond.map { String(format: "%.1f", $0 * 3.6) } ?? "–"
    }

    static func number(_ value: Double?) -> String {
        value.map { String(format: "%.0f", $0) } ?? "–"
    }

    /// The lines both end-of-recording reports (replay and live) print for a saved workout's
    /// summary: distance, durations, average pace and speed, heart rate, elevation.
    static func summaryLines(_ summary: PaceRecorder.WorkoutSummary) -> [String] {
        var lines = ["  distance   " + String(format: "%.2f km", summary.distance / 1000)]
        lines.append("  duration   \(clock(summary.duration))   moving \(clock(summary.movingTime))   elapsed \(clock(summary.elapsedTime))")
        if let speed = summary.averageSpeed {
            lines.append("  average    \(pace(speed > 0 ? 1000 / speed : nil)) /km   \(self.speed(speed)) km/h")
        }
        if let average = summary.averageHeartRate {
            lines.append("  heart rate avg \(number(average))   max \(number(summary.maximumHeartRate)) bpm")
        }
        lines.append("  elevation  +\(number(summary.elevationGain)) m / -\(number(summary.elevationLoss)) m")
        return lines
    }
}
