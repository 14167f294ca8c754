import ArgumentParser

/// `pace-bench`: measures Pace's accuracy and speed; results go to docs/ACCURACY.md and docs/BENCHMARKS.md.
@main
struct PaceBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pace-bench",
        abstract: "Measure Pace's GPS accuracy and speed, its file-reading speed and memory, and the CPU cost of recording.",
        subcommands: [AccuracyCommand.self, SpeedCommand.self, FilesCommand.self, RecordingCommand.self, QueriesCommand.self,
                      StoreFloorCommand.self, SyncDecodeCommand.self])
}
