import Foundation
import Logging
import PaceTestSupport
import Testing
@testable import PaceCLI

/// The libraries' log lines stay out of the CLI's output unless asked for.
@Suite("Command logging")
struct CommandLoggingTests {
    @Test("warnings and up by default; --verbose shows info and is taken off the command line; PACE_LOG_LEVEL wins")
    func levels() {
        let plain = CommandLogging(arguments: ["import", "run.gpx"], environment: [:])
        #expect(plain.level == .warning)
        #expect(plain.arguments == ["import", "run.gpx"])
        let verbose = CommandLogging(arguments: ["import", "--verbose", "run.gpx", "--", "--verbose"], environment: [:])
        #expect(verbose.level == .info)
        #expect(verbose.arguments == ["import", "run.gpx", "--", "--verbose"], "a file named --verbose after -- is kept")
        #expect(CommandLogging(arguments: ["list", "--verbose"], environment: ["PACE_LOG_LEVEL": "Debug"]).level == .debug)
        #expect(CommandLogging(arguments: ["list"], environment: ["PACE_LOG_LEVEL": ""]).level == .warning)
        let bad = CommandLogging(arguments: ["list"], environment: ["PACE_LOG_LEVEL": "loud"])
        #expect(bad.level == .warning)
        #expect(bad.problem?.contains("PACE_LOG_LEVEL=loud is not a log level") == true)
    }

    @Test("pace record prints its summary without log lines; --verbose and PACE_LOG_LEVEL put them on standard error")
    func recordOutput() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let runner = try CommandRunner(environment: ["PACE_LOG_LEVEL": ""])
        let quiet = try await runner.run(["record", "--demo", "--speed", "max", "--store", directory.path("a.sqlite")])
        #expect(quiet.status == 0, "\(quiet.standardError)")
        #expect(quiet.standardOutput.contains("Saved"), "the summary is printed: \(quiet.standardOutput)")
        for text in [quiet.standardOutput, quiet.standardError] {
            #expect(!text.contains("org.pace."), "no log line unless asked: \(text)")
        }

        let verbose = try await runner.run(["record", "--verbose", "--demo", "--speed", "max", "--store", directory.path("b.sqlite")])
        #expect(verbose.status == 0, "\(verbose.standardError)")
        #expect(verbose.standardError.contains("info org.pace.recorder"), "\(verbose.standardError)")
        #expect(!verbose.standardOutput.contains("org.pace."), "log lines never mix with the output")

        let named = try await CommandRunner(environment: ["PACE_LOG_LEVEL": "info"]).run(["record", "--demo", "--speed", "max", "--store", directory.path("c.sqlite")])
        #expect(named.standardError.contains("info org.pace.recorder: "), "\(named.standardError)")
    }
}
