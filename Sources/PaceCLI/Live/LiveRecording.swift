import ArgumentParser
import Foundation
import PaceModel
import PaceRecorder
import PaceSensors
import PaceStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `pace record` with live sensors.
extension RecordCommand {
    /// Records from live sensors until finished, discarded, or stopped by a signal.
    func runLive(_ sensors: SensorSpecification) async throws {
        let type = activity.flatMap(WorkoutActivityType.init(name:)) ?? .running
        if case .path(let path) = sensors.battery {
            let directory = path.contains("/") ? path : (sysfs.powerSupplyRoot as NSString).appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: directory) else {
                throw ValidationError("--battery '\(path)': no such power supply; `pace sensors` lists the batteries, or use --battery auto.")
            }
        }
        let interactive = TerminalKeys.isInteractive && !output.json && !printAcknowledgements
        let terminal = LiveTerminal(interactive: interactive)
        // Signals are handled before anything slow (opening and migrating the store, starting the
        // session): a hang-up or SIGTERM during start-up must not kill the process by default action.
        let stop: LiveRecorder.Stop = onTerm == "leave" ? .leave : .finish
        let relay = LiveStopRelay(terminal: terminal)
        let signals = LiveSignals()
        signals.start(
            hangUp: {
                terminal.hangUp()
                terminal.log("SIGHUP: the terminal went away; recording continues, with log lines instead of the dashboard.")
            },
            stop: { name in Task { await relay.request(stop, because: name) } },
            force: { name in
                terminal.log("\(name) again: exiting now; the session stays open (run the same `pace record` to resume, or `pace recover`).")
                _exit(1)
            })
        let store = try storeOptions.open()
        let journal = RecordingJournal(store: store)
        let sources = sensors.sources(activityType: type, iioRoot: sysfs.iioRoot, powerSupplyRoot: sysfs.powerSupplyRoot,
                                      batteryInterval: .seconds(batteryInterval))
        let recorder = try await Self.prepareLive(journal: journal, origin: sensors.origin, sources: sources, activityType: type,
                                                  resumeInterrupted: !new, terminal: terminal)
        await relay.attach(recorder)
        let keys = TerminalKeys()
        if interactive {
            keys.start { key in Task { await recorder.key(key, terminal: terminal) } }
        }
        defer {
            keys.stop()
            signals.stop()
        }
        let publishing = try publishTarget().map {
            try LivePublishing.start(server: $0.server, token: $0.token, recorder: recorder, journal: journal, terminal: terminal)
        }
        let outcome: LiveRecorder.Outcome
        do { outcome = try await Self.runLive(recorder, terminal: terminal, printAcknowledgements: printAcknowledgements) } catch {
            await publishing?.finish(nil, store: store)
            throw error
        }
        await publishing?.finish(outcome, store: store)
        keys.stop()
        switch outcome {
        case .saved(let result):
            let report = LiveRecordingReport(result)
            terminal.output(output.json ? try JSONOutput.encode(report) : report.text())
        case .discarded:
            terminal.log("Discarded: no workout was saved (the readings stay in the journal).")
        case .left(let id):
            terminal.log("Left session \(id) open: run the same `pace record` to resume it, or `pace recover`.")
            if output.json { terminal.output(try JSONOutput.encode(["sessionID": id.uuidString, "status": "open"])) }
        }
    }

    /// Resumes the interrupted session recorded from the same sensors, or begins a new one, and says which.
    static func prepareLive(journal: RecordingJournal, origin: String, sources: [any SensorSource], activityType: WorkoutActivityType,
                            resumeInterrupted: Bool, terminal: LiveTerminal,
                            clock: any SessionClock = SystemSessionClock()) async throws -> LiveRecorder {
        let recorder: LiveRecorder
        do {
            recorder = try await LiveRecorder.prepare(journal: journal, origin: origin, sources: sources, activityType: activityType,
                                                      resumeInterrupted: resumeInterrupted, clock: clock)
        } catch {
            throw error.advised
        }
        switch recorder.start {
        case .resumed(let readings, let gap):
            terminal.log("Resuming interrupted session \(recorder.session.id) after \(readings) journaled readings "
                + String(format: "(nothing recorded for %.0f s).", gap))
        case .began:
            for other in recorder.waitingSessions { terminal.log(InterruptedSessions.waitingNote(other)) }
            terminal.log("Recording session \(recorder.session.id) from \(recorder.sourceDescriptions.joined(separator: ", ")).")
        }
        return recorder
    }

    /// Runs the recorder while its updates are rendered, until it ends; the rendering is done when this returns.
    static func runLive(_ recorder: LiveRecorder, terminal: LiveTerminal, printAcknowledgements: Bool) async throws -> LiveRecorder.Outcome {
        let updates = recorder.updates()
        let display = Task {
            var dashboard = LiveDashboard(terminal: terminal, printAcknowledgements: printAcknowledgements)
            for await update in updates { dashboard.render(update) }
        }
        let outcome: Result<LiveRecorder.Outcome, LiveRecordingError>
        do { outcome = .success(try await recorder.run()) } catch { outcome = .failure(error) }
        await display.value
        do { return try outcome.get() } catch { throw error.advised }
    }
}
