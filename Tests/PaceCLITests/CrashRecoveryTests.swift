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
        private var signalled = false
        /// Signalled once: at the first acknowledgement, or when the output ends without one.
        let firstAcknowledgement = DispatchSemaphore(value: 0)

        func consume(_ handle: FileHandle) {
            defer { signalFirst() }
            while true {
                let data = handle.availableData
                if data.isEmpty { return }
                let chunk = String(decoding: data, as: UTF8.self)
                let acknowledged = lock.withLock { () -> Bool in
                    text += chunk
                    for line in text.split(separator: "\n") where line.hasPrefix("ack ") {
                        if let value = Int64(line.dropFirst(4)) { highest = max(highest, value) }
                    }
                    if let lastNewline = text.lastIndex(of: "\n") { text = String(text[text.index(after: lastNewline)...]) }
                    return highest > 0
                }
                if acknowledged { signalFirst() }
            }
        }

        private func signalFirst() {
            let first = lock.withLock { () -> Bool in
                defer { signalled = true }
                return !signalled
            }
            if first { firstAcknowledgement.signal() }
        }

        var acknowledged: Int64 { lock.withLock { highest } }
    }

    struct Outcome: Equatable, Sendable {
        var distance: Double
        var duration: Double
        var heartRateSamples: Int
        var routeLocations: Int
    }

    /// The journal's sessions, read from the kill loop's own thread (which may wait on async reads).
    static func sessions(store path: String) throws -> [JournalSession] {
        let journal = RecordingJournal(store: try HealthStore(path: path))
        return try ThreadBridge.wait { () async throws(StoreError) in try await journal.sessions() }
    }

    /// Called on the kill loop's own thread, so it may wait for the store's async reads.
    static func outcome(store path: String) throws -> Outcome? {
        let store = try HealthStore(path: path)
        return try ThreadBridge.wait { () async throws(StoreError) -> Outcome? in
            guard let workout = try await store.workouts().first else { return nil }
            return Outcome(distance: workout.totalDistance?.value ?? -1, duration: workout.duration,
                           heartRateSamples: try await store.quantitySamples(of: .heartRate).count,
                           routeLocations: try await store.routes(forWorkout: workout.id).first?.locations.count ?? 0)
        }
    }

    /// What one kill found: the highest acknowledged sequence printed before it, and the highest in the journal after it.
    struct Kill: Sendable {
        var acknowledged: Int64
        var journaled: Int64
    }

    /// Everything the run observed; the assertions are made on it afterwards, in the test's task.
    struct Run: Sendable {
        var expected: Outcome?
        var cleanStatus: Int32 = -1
        var cleanError = ""
        var kills: [Kill] = []
        var outcomes: [Outcome?] = []
        var sessionsPerTrial: [[JournalSession.Status]] = []
        var resumedRuns = 0
        var failedExits: [Int32] = []
    }

    @Test("every acknowledged reading survives SIGKILL; recovery resumes; the workout equals an uninterrupted one")
    func killNine() async throws {
        let target = Int(ProcessInfo.processInfo.environment["PACE_CRASH_KILLS"] ?? "") ?? 40
        // The kill loop blocks (sleeps, waits for processes) for a minute: it runs on its own thread so
        // the test runner's few cooperative threads stay free for the tests running beside it.
        let run = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Run, any Error>) in
            Thread { continuation.resume(with: Result { try Self.crashLoop(target: target) }) }.start()
        }
        #expect(run.cleanStatus == 0, "\(run.cleanError)")
        let expected = try #require(run.expected)
        #expect(expected.distance > 12_000 && expected.heartRateSamples > 900)
        #expect(run.kills.count == target)
        for (index, kill) in run.kills.enumerated() {
            #expect(kill.journaled >= kill.acknowledged, "kill \(index + 1): acknowledged \(kill.acknowledged), journal holds \(kill.journaled)")
        }
        #expect(run.failedExits.isEmpty, "runs that were not killed exited with \(run.failedExits)")
        for (trial, statuses) in run.sessionsPerTrial.enumerated() {
            #expect(statuses == [.saved], "trial \(trial + 1): one session, resumed rather than restarted")
        }
        for (trial, outcome) in run.outcomes.enumerated() {
            #expect(outcome == expected, "trial \(trial + 1)")
        }
        #expect(run.resumedRuns > 0)
        print("crash test: \(run.kills.count) kills over \(run.outcomes.count) recordings, \(run.resumedRuns) resumed sessions")
    }

    static func crashLoop(target: Int) throws -> Run {
        var run = Run()
        let runner = try CommandRunner()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let reference = directory.path("reference.sqlite")
        let clean = try runner.runBlocking(["record", "--demo", "--speed", "max", "--store", reference])
        run.cleanStatus = clean.status
        run.cleanError = clean.standardError
        run.expected = try outcome(store: reference)

        var random = SeededRandom(seed: 20_261_122)
        var trial = 0
        while run.kills.count < target {
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
                // A quarter of the kills land anywhere from launch on (start-up, opening the store);
                // the rest are timed from the first acknowledgement, so they hit a recording in
                // progress however long a loaded machine takes to start the process.
                if random.uniform() < 0.25 {
                    Thread.sleep(forTimeInterval: random.uniform(in: 0.05...1.2))
                } else {
                    _ = reader.firstAcknowledgement.wait(timeout: .now() + 60)
                    Thread.sleep(forTimeInterval: random.uniform(in: 0...0.6))
                }
                if process.isRunning, run.kills.count < target {
                    kill(process.processIdentifier, SIGKILL)
                    process.waitUntilExit()
                    drained.wait()
                    let sessions = try Self.sessions(store: store)
                    run.kills.append(Kill(acknowledged: reader.acknowledged, journaled: sessions.map(\.lastSequence).max() ?? 0))
                    if sessions.contains(where: { $0.status == .saved }) { finished = true }
                    if sessions.contains(where: { $0.status == .open }) { run.resumedRuns += 1 }
                    // A breath between restarts: the tests running beside this one share two cores with it.
                    Thread.sleep(forTimeInterval: 0.25)
                } else {
                    process.waitUntilExit()
                    drained.wait()
                    if process.terminationStatus != 0 { run.failedExits.append(process.terminationStatus) }
                    finished = true
                }
            }
            run.sessionsPerTrial.append(try Self.sessions(store: store).map(\.status))
            run.outcomes.append(try outcome(store: store))
        }
        return run
    }
}
