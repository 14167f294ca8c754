import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The crash test with a live source: `pace record --gps gpsd://…` reading a real gpsd (fed by
/// gpsfake) is killed with SIGKILL at random moments and started again. After every kill every
/// reading it acknowledged is in the journal and no reading journaled before is gone; every restart
/// resumes the one session rather than starting another; at the end SIGTERM finishes it into one
/// saved workout whose route begins where the first run began.
///
/// `PACE_GPSD_KILLS` sets how many kills to make (default 6; docs/RELIABILITY.md has a longer run).
@Suite(.serialized) struct GPSDRecorderKillTests {
    /// Everything the loop observed; the assertions are made on it afterwards, in the test's task.
    struct Run: Sendable {
        var kills: [CrashRecoveryTests.Kill] = []
        var sessionsAfterKill: [[UUID]] = []
        var pointsAfterKill: [Int] = []
        var firstPointTime: Date?
        var lastPointTimeBeforeTheLastRun: Date?
        var finalStatus: Int32 = -1
        var finalError = ""
        var finalSessions: [JournalSession] = []
        var routeStart: Date?
        var routeCount = 0
        var gpsdError = ""
    }

    @Test func everyAcknowledgedFixSurvivesSIGKILLAndTheSessionResumes() async throws {
        _ = try GPSFakeProcess.requireTools()
        let target = Int(ProcessInfo.processInfo.environment["PACE_GPSD_KILLS"] ?? "") ?? 6
        let run = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Run, any Error>) in
            Thread { continuation.resume(with: Result { try Self.killLoop(target: target) }) }.start()
        }
        #expect(run.kills.count == target, "gpsd: \(run.gpsdError)")
        for (index, kill) in run.kills.enumerated() {
            #expect(kill.acknowledged > 0, "kill \(index + 1) came after an acknowledgement")
            #expect(kill.journaled >= kill.acknowledged, "kill \(index + 1): acknowledged \(kill.acknowledged), journal holds \(kill.journaled)")
        }
        let first = try #require(run.sessionsAfterKill.first)
        #expect(first.count == 1)
        #expect(run.sessionsAfterKill.allSatisfy { $0 == first }, "one session, resumed after every kill: \(run.sessionsAfterKill)")
        #expect(zip(run.pointsAfterKill, run.pointsAfterKill.dropFirst()).allSatisfy { $0 <= $1 },
                "journaled fixes only grow: \(run.pointsAfterKill)")
        #expect(run.finalStatus == 0, "\(run.finalError)")
        #expect(run.finalSessions.map(\.id) == first && run.finalSessions.map(\.status) == [.saved])
        let firstFix = try #require(run.firstPointTime)
        let routeStart = try #require(run.routeStart, "the saved workout has a route")
        // The gate may drop a cold start's first fixes, so the route need not begin at the first one;
        // it must begin with fixes of the killed runs, not of the last run alone.
        let beforeTheLastRun = try #require(run.lastPointTimeBeforeTheLastRun)
        #expect(routeStart >= firstFix && routeStart < beforeTheLastRun,
                "the route begins at \(routeStart): fixes were journaled from \(firstFix) to \(beforeTheLastRun) before the last run")
        #expect(run.routeCount >= (run.pointsAfterKill.last ?? 0) / 2, "\(run.routeCount) route fixes of \(run.pointsAfterKill.last ?? 0) journaled")
    }

    /// Reads the journal on the loop's own thread.
    static func journal(_ store: String) throws -> (sessions: [JournalSession], points: [WorkoutPoint]) {
        let journal = RecordingJournal(store: try HealthStore(path: store))
        return try ThreadBridge.wait { () async throws(StoreError) in
            let sessions = try await journal.sessions()
            var points: [WorkoutPoint] = []
            for session in sessions { points += try await journal.points(of: session.id) }
            return (sessions, points)
        }
    }

    static func killLoop(target: Int) throws -> Run {
        var run = Run()
        let runner = try CommandRunner()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // One-second fixes from now on, played once in real time (two sentences an epoch, half a
        // second apart): a live recorder takes only fixes near its clock. Each kill takes about 3 s;
        // the log lasts 10 s a kill, five minutes at least.
        let log = URL(fileURLWithPath: directory.path("run.nmea"))
        let seconds = max(300, target * 10)
        try LiveNMEALog.write(to: log, seconds: seconds, endingAt: Date().addingTimeInterval(Double(seconds - 2)))
        let fake = try ThreadBridge.wait { () async throws in try await GPSFakeProcess.start(log: log, singleShot: true, sentenceDelay: 0.5) }
        defer { fake.stop() }
        let store = directory.path("health.sqlite")
        let arguments = ["record", "--gps", "gpsd://127.0.0.1:\(fake.port)", "--print-acknowledgements", "--store", store]
        var random = SeededRandom(seed: 20_261_127)

        func start() throws -> (Process, CrashRecoveryTests.AckReader, DispatchSemaphore, Pipe) {
            let process = Process()
            process.executableURL = runner.executable
            process.arguments = arguments
            let output = Pipe(), error = Pipe()
            process.standardOutput = output
            process.standardError = error
            try process.run()
            let reader = CrashRecoveryTests.AckReader()
            let drained = DispatchSemaphore(value: 0)
            Thread { reader.consume(output.fileHandleForReading); drained.signal() }.start()
            return (process, reader, drained, error)
        }

        var attempts = 0
        while run.kills.count < target, attempts < target * 3 {
            attempts += 1
            let (process, reader, drained, error) = try start()
            _ = reader.firstAcknowledgement.wait(timeout: .now() + 60)
            // The first acknowledgements are the session's own; fixes follow once gpsd has one.
            Thread.sleep(forTimeInterval: random.uniform(in: 1.5...4))
            guard process.isRunning, reader.acknowledged > 0 else {
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                process.waitUntilExit()
                drained.wait()
                run.gpsdError = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) + fake.stderr
                continue
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            drained.wait()
            let (sessions, points) = try Self.journal(store)
            run.kills.append(CrashRecoveryTests.Kill(acknowledged: reader.acknowledged, journaled: sessions.map(\.lastSequence).max() ?? 0))
            run.sessionsAfterKill.append(sessions.map(\.id))
            run.pointsAfterKill.append(points.count)
            if run.firstPointTime == nil { run.firstPointTime = points.first?.time }
            run.lastPointTimeBeforeTheLastRun = points.last?.time
            // Until gpsd has a fix a kill finds no fix to lose; the loop goes on until some are journaled.
            if points.isEmpty, run.kills.count == target { run.kills.removeLast(); run.sessionsAfterKill.removeLast(); run.pointsAfterKill.removeLast() }
            Thread.sleep(forTimeInterval: 0.2)
        }

        // The last run is stopped as a user stops it: SIGTERM finishes and saves the session.
        let (process, reader, drained, error) = try start()
        _ = reader.firstAcknowledgement.wait(timeout: .now() + 60)
        Thread.sleep(forTimeInterval: 1)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        drained.wait()
        run.finalStatus = process.terminationStatus
        run.finalError = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.finalSessions = try Self.journal(store).sessions
        let health = try HealthStore(path: store)
        let route = try ThreadBridge.wait { () async throws(StoreError) -> WorkoutRoute? in
            guard let workout = try await health.workouts().first else { return nil }
            return try await health.routes(forWorkout: workout.id).first
        }
        run.routeStart = route?.locations.first?.timestamp
        run.routeCount = route?.locations.count ?? 0
        return run
    }
}
