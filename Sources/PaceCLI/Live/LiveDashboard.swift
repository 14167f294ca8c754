import Foundation
import PaceModel
import PaceRecorder
import PaceSensors
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Renders a ``LiveRecorder``'s updates: the replay dashboard's panel plus a sensors line and a
/// skipped-input line on a terminal, log lines otherwise (at state changes and every minute), the
/// recorder's notices as log lines, and `ack N` lines when asked.
struct LiveDashboard {
    let terminal: LiveTerminal
    /// Print `ack N` on standard output whenever more readings are durable.
    let printAcknowledgements: Bool
    /// The state and time of the last log line (without a terminal).
    private var lastShownState: WorkoutSessionState?
    private var lastLogLine: Date?

    init(terminal: LiveTerminal, printAcknowledgements: Bool) {
        self.terminal = terminal
        self.printAcknowledgements = printAcknowledgements
    }

    /// Renders one update.
    mutating func render(_ update: LiveRecordingUpdate) {
        switch update {
        case .status(let status):
            show(status)
        case .acknowledged(let sequence):
            if printAcknowledgements { terminal.output("ack \(sequence)") }
        case .skipped(let input, let count):
            terminal.log("Skipped input (\(input.reason)): \(input.detail)"
                + (count == LiveRecorder.skippedDetailsReported ? " — further '\(input.reason)' input is only counted" : ""))
        case .disconnected(let stream, let reason):
            terminal.log("\(stream.rawValue) disconnected: \(reason)")
        case .reconnected(let stream):
            terminal.log("\(stream.rawValue) reconnected")
        case .timeBaseAdopted(let offset):
            terminal.log("Time taken from the GPS: \(Self.clockNote(offset: offset)); recording on the GPS's time (the workout is dated by it).")
        }
    }

    /// Draws the dashboard (on a terminal) or writes a log line (at state changes and every minute).
    private mutating func show(_ status: LiveRecordingStatus) {
        let snapshot = status.snapshot
        if terminal.interactive {
            let text = "\u{1B}[H\u{1B}[2J" + (Dashboard.panel(snapshot) + Self.sensorLines(status)).joined(separator: "\n")
                + "\n\n  keys: [p] pause/resume  [l] lap  [m] marker  [f] finish  [d] discard\n"
            LiveTerminal.write(text, to: STDOUT_FILENO)
            return
        }
        guard snapshot.state != lastShownState || lastLogLine.map({ snapshot.time.timeIntervalSince($0) >= 60 }) ?? true else { return }
        lastShownState = snapshot.state
        lastLogLine = snapshot.time
        terminal.log(Dashboard.line(snapshot) + " sensors " + Self.streamSummary(status)
            + " skipped " + LiveRecordingReport.skippedText(status.skippedInput))
    }

    /// The dashboard's sensor lines.
    static func sensorLines(_ status: LiveRecordingStatus) -> [String] {
        ["  sensors  " + streamSummary(status), "  skipped  " + LiveRecordingReport.skippedText(status.skippedInput)]
            // The time base, once the GPS gave it.
            + (status.timeOffset == 0 ? [] : ["  clock    GPS time: " + clockNote(offset: status.timeOffset)])
    }

    /// How far the machine's clock is from the GPS's, for people.
    static func clockNote(offset: Double) -> String {
        let minutes = Int((abs(offset) / 60).rounded())
        let amount = minutes >= 2 * 24 * 60 ? "\(minutes / (24 * 60)) days" : minutes >= 120 ? "\(minutes / 60) h \(minutes % 60) min" : "\(minutes) min"
        return "this machine's clock is \(amount) \(offset > 0 ? "behind" : "ahead of") the GPS"
    }

    private static func streamSummary(_ status: LiveRecordingStatus) -> String {
        let now = status.snapshot.time
        return status.streams.sorted { $0.key.rawValue < $1.key.rawValue }.map { stream, state in
            // The battery is read every 30 s by default: silence is only worth showing after two misses.
            var text = "\(stream.rawValue) \(state.text(at: now, quiet: stream == .battery ? 75 : 5))"
            if stream == .battery, case .live = state, let batteryLevel = status.batteryLevel {
                text += String(format: " %.0f%%", batteryLevel.level * 100) + (batteryLevel.isCharging ? " charging" : "")
            }
            return text
        }.joined(separator: " · ")
    }
}
