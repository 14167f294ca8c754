import ArgumentParser
import Foundation
import PaceModel
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
        let stop: LiveDriver.Stop = onTerm == "leave" ? .leave : .finish
        let relay = LiveStopRelay()
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
        let driver = try await LiveDriver.prepare(journal: journal, origin: sensors.origin, sources: sources, activityType: type,
                                                  resumeInterrupted: !new, terminal: terminal)
        await relay.attach(driver)
        let keys = TerminalKeys()
        if interactive {
            keys.start { key in Task { await driver.key(key) } }
        }
        defer {
            keys.stop()
            signals.stop()
        }
        let outcome = try await driver.run(printAcknowledgements: printAcknowledgements)
        keys.stop()
        switch outcome {
        case .saved(let report):
            terminal.output(output.json ? try JSONOutput.encode(report) : report.text())
        case .discarded:
            terminal.log("Discarded: no workout was saved (the readings stay in the journal).")
        case .left(let id):
            if output.json { terminal.output(try JSONOutput.encode(["sessionID": id.uuidString, "status": "open"])) }
        }
    }
}
