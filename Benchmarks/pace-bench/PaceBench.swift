import ArgumentParser

/// `pace-bench`: measures Pace's accuracy and speed; results go to docs/ACCURACY.md and docs/BENCHMARKS.md.
@main
struct PaceBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pace-bench",
        abstract: "Measure Pace's GPS accuracy and speed.",
        subcommands: [AccuracyCommand.self, SpeedCommand.self])
}
