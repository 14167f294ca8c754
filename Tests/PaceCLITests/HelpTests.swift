import PaceTestSupport
import Testing

@Suite struct HelpTests {
    @Test func topLevelHelpListsEveryCommand() async throws {
        let result = try await CommandRunner().run(["--help"])

        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("OVERVIEW: Record, import and analyse workouts; keep health data in a\nHealthKit-style store.\n"))
        for command in ["list", "show", "add", "log", "samples", "delete", "types"] {
            #expect(result.standardOutput.contains("\n  \(command) "), "missing \(command)")
        }
    }

    @Test func versionIsPrinted() async throws {
        let result = try await CommandRunner().run(["--version"])
        #expect(result.standardOutput == "0.1.0\n")
    }
}
