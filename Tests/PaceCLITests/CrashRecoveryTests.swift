import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The crash test: `pace record --demo --speed max` is killed with SIGKILL at random moments and
/// restarted until it finishes. After every kill, everything it acknowledged must be in the
/// journal; at the end the workout must equal one recorded without crashes.
///
/// `PACE_CRASH_KILLS` sets how many kills to make (default 40; docs/BENCHMARKS.md reports a run
/// with several hundred).
@Suite("Crash recovery (kill -9)", .serialized)
struct CrashRecoveryTests {
    /// A line reader over a child's standard output that remembers the highest `ack N`.
    final class AckReader: @unchecked Sendable {
        private let lock = NSLock()
        private var highest: Int64 = 0
        private var text = ""

        func consume(_ handle: FileHandle) {
            while true {
                let data = handle.availableData
                if data.isEmpty { return }
                let chunk = String(decoding: data, as: UTF8.self)
                lock.withLock {
                    text += chunk
                    for line in text.split(separator: "\n") where line.hasPrefix("ack ") {
                        if let value = Int64(line.dropFirst(4)) { highest = max(highest, value) }
                    }
                    if let lastNewline = text.lastIndex(of: "\n") { text = String(text[text.index(after: lastNewline)...]) }
                }
            }
        }

        var acknowledged: Int64 { lock.withLock { highest } }
    }

    struct Outcome: Equatable {
        var distance: Double
        var duration: Double
        var heartRateSamples: Int
        var routeLocations: Int
    }

    static func outcome(store path: String) throws -> Outcome? {
        let store = try HealthStore(path: path)
        guard let workout = try store.workouts().first else { return nil }
        return Outcome(distance: workout.totalDistance?.value ?? -1, duration: workout.duration,
                       heartRateSamples: try store.quantitySamples(of: .heartRate).count,
                       routeLocations: try store.routes(forWorkout: workout.id).first?.locations.count ?? 0)
    }

    @Test("every acknowledged reading survives SIGKILL; recovery resumes; the workout equals an uninterrupted one")
    func killNine() throws {
        let runner = try CommandRunner()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let reference = directory.path("reference.sqlite")
        let clean = try runner.run(["record", "--demo", "--speed", "max", "--store", reference])
        #expect(clean.status == 0, "\(clean.standardError)")
        let expected = try #require(try Self.outcome(store: reference))
        #expect(expected.distance > 12_000 && expected.heartRateSamples > 900)

        let target = Int(ProcessInfo.processInfo.environment["PACE_CRASH_KILLS"] ?? "") ?? 40
        var random = SeededRandom(seed: 20_261_122)
        var kills = 0
        var trial = 0
        var resumedRuns = 0
        while kills < target {
            trial += 1
            let store = directory.path("trial-\(trial).sqlite")
            var finished = false
            while !finished {
                let process = Process()
                process.executableURL = runner.executable
                process.arguments = ["record", "--demo", "--speed", "max", "--print-acknowledgements", "--store", store]
                let output = Pipe()
                process.standardOutput = output
                process.standardError = FileHandle.nullDevice
                try process.run()
                let reader = AckReader()
                let drained = DispatchSemaphore(value: 0)
                Thread { reader.consume(output.fileHandleForReading); drained.signal() }.start()
                Thread.sleep(forTimeInterval: random.uniform(in: 0.05...1.2))
                if process.isRunning, kills < target {
                    kill(process.processIdentifier, SIGKILL)
                    process.waitUntilExit()
                    drained.wait()
                    kills += 1
                    let acknowledged = reader.acknowledged
                    let sessions = try RecordingJournal(store: HealthStore(path: store)).sessions()
                    let journaled = sessions.map(\.lastSequence).max() ?? 0
                    #expect(journaled >= acknowledged, "kill \(kills): acknowledged \(acknowledged), journal holds \(journaled)")
                    if sessions.contains(where: { $0.status == .saved }) { finished = true }
                    if sessions.contains(where: { $0.status == .open }) { resumedRuns += 1 }
                } else {
                    process.waitUntilExit()
                    drained.wait()
                    #expect(process.terminationStatus == 0)
                    finished = true
                }
            }
            let sessions = try RecordingJournal(store: HealthStore(path: store)).sessions()
            #expect(sessions.count == 1 && sessions.first?.status == .saved, "one session per trial, resumed rather than restarted")
            #expect(try Self.outcome(store: store) == expected, "trial \(trial)")
        }
        #expect(resumedRuns > 0)
        print("crash test: \(kills) kills over \(trial) recordings, \(resumedRuns) resumed sessions")
    }
}
