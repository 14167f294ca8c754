import ArgumentParser
import Foundation
import PaceFormats
import PaceModel
import PaceRecorder
import PaceSensors
import PaceStore
import PaceTransfer

/// `pace record`: records a workout from a source, with a live dashboard.
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a workout from a source, with a live dashboard, and save it in the store.",
        discussion: """
            Sources: --replay FILE replays a GPX, TCX or FIT file with every stream it carries (positions, heart rate, \
            cadence, power, pauses, laps) on the file's own clock; --demo replays the run shipped with Pace; or live \
            sensors, any combination of --gps, --hr, --cadence, --power, --baro, --motion and --battery (`pace sensors` \
            lists what this machine has). On a terminal a dashboard is redrawn every second; keys: p pause/resume, \
            l lap, m marker, f finish, d discard. Without a terminal, plain log lines are printed instead.
            Every reading is journaled in the store before it is acknowledged; if the process dies, the next \
            `pace record` with the same source resumes the session where the journal ends (use --new to start \
            afresh), and `pace recover` lists, finishes or discards interrupted sessions.
            A live recording survives its terminal closing (SIGHUP: it keeps recording and logs lines instead of the \
            dashboard); SIGTERM and SIGINT stop it as --on-term says: finish (save the workout, the default) or leave \
            (keep the session open so the same `pace record` resumes it). See docs/sensors/service.md.
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @Option(name: .long, help: ArgumentHelp("Replay this GPX, TCX or FIT file as the source.", valueName: "file"))
    var replay: String?

    @Flag(name: .long, help: "Replay the real run shipped with Pace.")
    var demo = false

    @Option(name: .long, help: "The activity, e.g. running, walking, hiking, cycling (default: the file's sport, else running).")
    var activity: String?

    @Option(name: .long, help: ArgumentHelp("Replay speed: 1 is real time, 60 is a minute per second, max is as fast as Pace goes.", valueName: "N|max"))
    var speed: String = "1"

    @Option(name: .long, help: ArgumentHelp("Live GPS: gpsd://HOST[:PORT], nmea:DEVICE[@BAUD] or nmea-file:PATH.", valueName: "source"))
    var gps: String?

    @Option(name: .long, help: ArgumentHelp("Live heart rate from a Bluetooth LE strap: ble:ADDRESS.", valueName: "ble:address"))
    var hr: String?

    @Option(name: .long, help: ArgumentHelp("Live cadence from a Bluetooth LE sensor: ble:ADDRESS.", valueName: "ble:address"))
    var cadence: String?

    @Option(name: .long, help: ArgumentHelp("Live power from a Bluetooth LE power meter: ble:ADDRESS.", valueName: "ble:address"))
    var power: String?

    @Option(name: .long, help: ArgumentHelp("Live barometric pressure from an IIO device: iio:N.", valueName: "iio:N"))
    var baro: String?

    @Option(name: .long, help: ArgumentHelp("Live accelerometer (and gyroscope) from an IIO device: iio:N, or iio:N+M with a separate gyroscope M.", valueName: "iio:N[+M]"))
    var motion: String?

    @Option(name: .long, help: ArgumentHelp("Watch a battery: auto, or a /sys/class/power_supply directory.", valueName: "auto|path"))
    var battery: String?

    @Option(name: .customLong("on-term"), help: ArgumentHelp("What SIGTERM and SIGINT do to a live recording: finish (save) or leave (keep it open to resume).", valueName: "finish|leave"))
    var onTerm: String = "finish"

    @OptionGroup var sysfs: SysfsRootOptions

    @Option(name: .customLong("battery-interval"), help: .hidden)
    var batteryInterval: Double = 30

    @Option(name: .long, help: ArgumentHelp("Publish the live recording to this Pace server as it goes (needs --token).", valueName: "url"))
    var publish: String?

    @Option(name: .long, help: ArgumentHelp("The server token for --publish (one that may share workouts; PACE_TOKEN if not given).", valueName: "token"))
    var token: String?

    @Flag(name: .long, help: "Start a new session even if an interrupted one from the same source is waiting.")
    var new = false

    @Flag(name: .customLong("print-acknowledgements"), help: .hidden)
    var printAcknowledgements = false

    func validate() throws {
        let live = try !sensorSpecification().isEmpty
        guard [demo, replay != nil, live].filter({ $0 }).count == 1 else {
            throw ValidationError("Choose one source: --replay FILE, --demo, or live sensors (--gps, --hr, --cadence, --power, "
                + "--baro, --motion, --battery).")
        }
        if publish != nil {
            guard live else { throw ValidationError("--publish publishes live sensors (--gps, --hr, …), not --replay or --demo.") }
            _ = try publishTarget()
        }
        if live, speed != "1" {
            throw ValidationError("--speed applies to --replay and --demo; live sensors record in real time.")
        }
        guard onTerm == "finish" || onTerm == "leave" else {
            throw ValidationError("--on-term must be finish (save the workout) or leave (keep the session open to resume), not '\(onTerm)'.")
        }
        guard batteryInterval.isFinite, batteryInterval >= 0.1 else {
            throw ValidationError("--battery-interval must be at least 0.1 seconds.")
        }
        if let activity, WorkoutActivityType(name: activity) == nil {
            throw ValidationError("Unknown activity '\(activity)'. Use a name such as running, walking, hiking or cycling.")
        }
        guard speed == "max" || (Double(speed).map { $0 > 0 && $0.isFinite } ?? false) else {
            throw ValidationError("--speed must be a positive number or 'max', not '\(speed)'.")
        }
    }

    func run() async throws {
        let sensors = try sensorSpecification()
        if !sensors.isEmpty {
            try await runLive(sensors)
            return
        }
        let url = try sourceURL()
        let file = try ActivityFileReader.read(url)
        guard let recorded = file.activities.first(where: { $0.records.contains { $0.time != nil } }) else {
            throw ValidationError("'\(url.lastPathComponent)' has no timed records to replay.")
        }
        let replay = ActivityReplay(recorded)
        let type = activity.flatMap(WorkoutActivityType.init(name:)) ?? SportMapping.activityType(for: recorded.sport)
        let origin = demo ? "demo" : "replay:" + url.standardizedFileURL.path
        let store = try storeOptions.open()
        let journal = RecordingJournal(store: store)
        let driver = try await ReplayDriver.prepare(journal: journal, replay: replay, activityType: type, origin: origin,
                                                    resumeInterrupted: !new, log: logLine)
        let keys = TerminalKeys()
        let dashboard = Dashboard(interactive: TerminalKeys.isInteractive && !output.json && !printAcknowledgements)
        if dashboard.interactive {
            keys.start { key in Task { await driver.key(key) } }
        }
        defer { keys.stop() }
        let display = Task { await driver.display(dashboard) }
        let result = try await driver.run(speed: speed == "max" ? nil : Double(speed), printAcknowledgements: printAcknowledgements)
        keys.stop()
        await display.value
        guard let result else {
            logLine("Discarded: no workout was saved (the readings stay in the journal).")
            return
        }
        output.write(output.json ? try JSONOutput.encode(RecordingReport(result)) : RecordingReport(result).text())
    }

    /// The live sensor options, parsed.
    func sensorSpecification() throws -> SensorSpecification {
        do {
            return try SensorSpecification(gps: gps, hr: hr, cadence: cadence, power: power, baro: baro, motion: motion, battery: battery)
        } catch {
            throw ValidationError(error.description)
        }
    }

    private func sourceURL() throws -> URL {
        if demo {
            guard let url = Bundle.module.url(forResource: "demo-run", withExtension: "gpx", subdirectory: "Resources")
                ?? Bundle.module.url(forResource: "demo-run", withExtension: "gpx") else {
                throw ValidationError("The demo track is missing from this build of Pace; use --replay FILE.")
            }
            return url
        }
        let path = replay ?? ""
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw ValidationError("Cannot read '\(path)': no such readable file.")
        }
        return URL(fileURLWithPath: path)
    }

    private func logLine(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
