public import ArgumentParser

/// The `pace` command: a thin layer over the Pace libraries.
///
/// Every command that prints data has `--json` for scripts; see docs/CLI.md for the
/// field names. Errors are printed as one line on standard error, and the exit code is
/// non-zero.
public struct PaceCommand: AsyncParsableCommand {
    /// The command's name, abstract and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "pace",
        abstract: "Record, import and analyse workouts; keep health data in a HealthKit-style store.",
        discussion: """
            The store is $PACE_STORE if set, else $XDG_DATA_HOME/pace/health.sqlite \
            (~/.local/share/pace/health.sqlite when XDG_DATA_HOME is unset); --store overrides both.

            Log lines of Pace's libraries go to standard error, warnings and errors only: add --verbose \
            to any command to see informational lines too, or set PACE_LOG_LEVEL to trace, debug, info, \
            notice, warning, error or critical.
            """,
        version: PaceVersion.current,
        subcommands: [ListCommand.self, ShowCommand.self, AddCommand.self, LogCommand.self, SamplesCommand.self, StatsCommand.self, RecordsCommand.self, TrendsCommand.self, CharacteristicsCommand.self, SummariesCommand.self, TrackCommand.self, RecordCommand.self, RecoverCommand.self, SensorsCommand.self, ImportCommand.self, ExportCommand.self, DeleteCommand.self, TypesCommand.self, AppsCommand.self, ServeCommand.self, SyncCommand.self]
    )

    /// Creates the command; argument parsing fills it.
    public init() {}
}

/// The version `pace --version` prints.
public enum PaceVersion {
    /// The current version.
    public static let current = "0.1.0"
}
