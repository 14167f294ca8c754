import ArgumentParser
import Foundation
import PaceStore

/// The `--store` option every command that touches the store shares.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The health store file (overrides PACE_STORE and XDG_DATA_HOME).", valueName: "path"))
    var store: String?

    /// Opens the store the options and the environment name; a store that cannot be opened is
    /// reported with the command line's own advice (the library's message names no flag).
    func open() throws -> HealthStore {
        do {
            return try HealthStore(path: StoreLocation.resolve(explicitPath: store))
        } catch where [.cannotOpen, .notADatabase, .notAPaceStore].contains(error.code) {
            throw CommandError(error.message + " Pass --store FILE or set PACE_STORE to use another store.")
        }
    }
}

/// An error the command line reports as it is: a library's message with the command's advice added.
struct CommandError: Error, CustomStringConvertible {
    /// The whole message.
    var description: String

    init(_ description: String) { self.description = description }
}

/// The `--json` flag and the time zone of every printing command.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON (stable field names, SI units unless a field name says otherwise).")
    var json = false

    /// Writes `text` and a final newline to standard output.
    func write(_ text: String) {
        let line = text.hasSuffix("\n") ? text : text + "\n"
        FileHandle.standardOutput.write(Data(line.utf8))
    }
}

/// The object UUID argument of `show` and `delete`.
struct ObjectIDArgument: ParsableArguments {
    @Argument(help: "The object's UUID, as 'pace list' prints it.", transform: { text in
        guard let id = UUID(uuidString: text) else {
            throw ValidationError("'\(text)' is not a UUID. Copy the ID column of 'pace list'.")
        }
        return id
    })
    var id: UUID
}

/// Where the sysfs sensor trees are: hidden options, for tests that build a fake tree (and for a
/// machine that mounts sysfs elsewhere).
struct SysfsRootOptions: ParsableArguments {
    @Option(name: .customLong("iio-root"), help: .hidden)
    var iioRoot: String = "/sys/bus/iio/devices"

    @Option(name: .customLong("power-supply-root"), help: .hidden)
    var powerSupplyRoot: String = "/sys/class/power_supply"
}
