import ArgumentParser
import Foundation
import PaceCLI

/// The `pace` executable: sets up logging (``CommandLogging``), then runs ``PaceCommand`` through
/// ArgumentParser's async entry point, so the async subcommands (`record`, `recover`) run.
@main
enum PaceMain {
    static func main() async {
        let logging = CommandLogging(arguments: Array(CommandLine.arguments.dropFirst()),
                                     environment: ProcessInfo.processInfo.environment)
        logging.bootstrap()
        await PaceCommand.main(logging.arguments)
    }
}
