import Foundation
import PaceModel
import PaceRecorder
import PaceStore
import PaceTestSupport
import Testing
@testable import PaceCLI

/// The signal-to-recorder relay of `pace record`.
@Suite("Live stop relay", .serialized)
struct LiveStopRelayTests {
    @Test("a SIGTERM that arrives while the store opens is held, and stops the recording as soon as the recorder runs")
    func stopBeforeTheRecorderExists() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let terminal = LiveTerminal(interactive: false, quiet: true)
        let relay = LiveStopRelay(terminal: terminal)
        await relay.request(.leave, because: "SIGTERM")
        await relay.request(.finish, because: "SIGINT")
        let journal = RecordingJournal(store: try HealthStore(path: directory.path("health.sqlite")))
        let idle = ScriptedSensorSource(description: "baro", streams: [.pressure], steps: [])
        let recorder = try await RecordCommand.prepareLive(journal: journal, origin: "live:test-early-stop", sources: [idle],
                                                           activityType: .walking, resumeInterrupted: true, terminal: terminal)

        await relay.attach(recorder)
        let outcome = try await RecordCommand.runLive(recorder, terminal: terminal, printAcknowledgements: false)

        guard case .left(let id) = outcome else {
            Issue.record("the first request (leave) should have stopped it: \(outcome)")
            return
        }
        await #expect(try journal.sessions().map(\.id) == [id])
        await #expect(try journal.sessions().map(\.status) == [.open])
    }
}
