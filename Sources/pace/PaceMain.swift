import ArgumentParser
import PaceCLI

/// The `pace` executable: runs ``PaceCommand`` through ArgumentParser's async entry point, so
/// the async subcommands (`record`, `recover`) run.
@main
enum PaceMain {
    static func main() async {
        await PaceCommand.main(nil)
    }
}
