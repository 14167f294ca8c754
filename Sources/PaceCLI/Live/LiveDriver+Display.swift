import Foundation
import PaceModel
import PaceRecorder
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The live dashboard: the replay dashboard's panel plus a sensors line and a skipped-input line.
extension LiveDriver {
    /// Draws the dashboard (on a terminal) or writes a log line (at state changes and every minute).
    func show() async {
        let snapshot = await session.snapshot()
        if terminal.interactive {
            let text = "\u{1B}[H\u{1B}[2J" + (Dashboard.panel(snapshot) + sensorLines(at: snapshot.time)).joined(separator: "\n")
                + "\n\n  keys: [p] pause/resume  [l] lap  [m] marker  [f] finish  [d] discard\n"
            LiveTerminal.write(text, to: STDOUT_FILENO)
            return
        }
        guard snapshot.state != lastShownState || lastLogLine.map({ snapshot.time.timeIntervalSince($0) >= 60 }) ?? true else { return }
        lastShownState = snapshot.state
        lastLogLine = snapshot.time
        terminal.log(Dashboard.line(snapshot) + " sensors " + streamSummary(at: snapshot.time)
            + " skipped " + LiveRecordingReport.skippedText(skipped))
    }

    /// The dashboard's sensor lines.
    func sensorLines(at now: Date) -> [String] {
        ["  sensors  " + streamSummary(at: now), "  skipped  " + LiveRecordingReport.skippedText(skipped)]
            + (clockNote.map { ["  clock    GPS time: " + $0] } ?? [])
    }

    private func streamSummary(at now: Date) -> String {
        status.sorted { $0.key.rawValue < $1.key.rawValue }.map { stream, state in
            // The battery is read every 30 s by default: silence is only worth showing after two misses.
            var text = "\(stream.rawValue) \(state.text(at: now, quiet: stream == .battery ? 75 : 5))"
            if stream == .battery, case .live = state, let batteryLevel {
                text += String(format: " %.0f%%", batteryLevel.level * 100) + (batteryLevel.isCharging ? " charging" : "")
            }
            return text
        }.joined(separator: " · ")
    }
}
