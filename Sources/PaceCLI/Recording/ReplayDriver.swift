import Foundation
import PaceModel
import PaceRecorder
import PaceStore

/// Feeds a replayed file into a ``WorkoutSession`` at a chosen speed, on the file's own clock, and
/// takes the dashboard's keys.
actor ReplayDriver {
    /// Journal event kinds that come from the replayed file, to count what was already fed.
    static let replayedCommandKinds: Set<String> = ["pause", "resume", "lap", "marker"]

    let session: WorkoutSession
    let clock: ManualSessionClock
    let items: ArraySlice<ActivityReplay.Item>
    let log: @Sendable (String) -> Void

    private init(session: WorkoutSession, clock: ManualSessionClock, items: ArraySlice<ActivityReplay.Item>,
                 log: @escaping @Sendable (String) -> Void) {
        self.session = session
        self.clock = clock
        self.items = items
        self.log = log
    }

    /// Resumes the interrupted session from the same source, or begins a new one.
    static func prepare(journal: RecordingJournal, replay: ActivityReplay, activityType: WorkoutActivityType, origin: String,
                        resumeInterrupted: Bool, log: @escaping @Sendable (String) -> Void) async throws -> ReplayDriver {
        let sessions = try await InterruptedSessions(journal: journal, origin: origin, resume: resumeInterrupted)
        if let interrupted = sessions.resumable {
            let contents = try await journal.contents(of: interrupted.id)
            let clock = ManualSessionClock(contents.lastTime ?? replay.start ?? Date())
            let (session, _) = try await WorkoutSession.recover(interrupted.id, journal: journal, clock: clock)
            let fed = contents.readingCount + contents.eventCount(kinds: replayedCommandKinds)
            log("Resuming interrupted session \(interrupted.id) after \(contents.readingCount) journaled readings.")
            let state = await session.state
            if state == .idle || state == .preparing { try await session.start() }
            return ReplayDriver(session: session, clock: clock, items: replay.items.dropFirst(fed), log: log)
        }
        for other in sessions.waiting { log(InterruptedSessions.waitingNote(other)) }
        let clock = ManualSessionClock(replay.start ?? Date())
        let configuration = WorkoutSessionConfiguration(activityType: activityType, deviceName: "replay", origin: origin)
        let session = try await WorkoutSession.begin(configuration: configuration, journal: journal, clock: clock)
        try await session.start()
        return ReplayDriver(session: session, clock: clock, items: replay.items[...], log: log)
    }

    /// Replays the items, then finishes (unless the user finished or discarded first).
    /// - Parameters:
    ///   - speed: Replay speed factor, or `nil` for as fast as possible.
    ///   - printAcknowledgements: Print `ack N` on standard output whenever more readings are durable.
    /// - Returns: The saved workout, or `nil` when discarded.
    func run(speed: Double?, printAcknowledgements: Bool) async throws -> RecordedWorkout? {
        let wallStart = ContinuousClock.now
        let fileStart = items.first?.time
        var acknowledged: Int64 = 0
        for item in items {
            if let speed, let fileStart {
                let due = wallStart + .seconds(item.time.timeIntervalSince(fileStart) / speed)
                try? await Task.sleep(until: due, clock: .continuous)
            }
            let state = await session.state
            if state.isEnded || state == .finishing { break }
            clock.set(item.time)
            switch item {
            case .reading(let reading):
                try await session.ingest(reading)
            case .command(let command, _):
                do {
                    try await session.command(command)
                } catch {
                    guard error.code == .illegalTransition else { throw error }
                    log("Skipped the file's \(command.name): \(error.message)")
                }
            }
            if printAcknowledgements {
                let now = await session.acknowledgedSequence
                if now > acknowledged {
                    acknowledged = now
                    FileHandle.standardOutput.write(Data("ack \(now)\n".utf8))
                }
            }
        }
        switch await session.state {
        case .saved, .discarded, .failed:
            return finished
        default:
            let result = try await session.finishAdvising()
            if printAcknowledgements { FileHandle.standardOutput.write(Data("ack \(await session.acknowledgedSequence)\n".utf8)) }
            return result
        }
    }

    private var finished: RecordedWorkout?

    /// Handles a dashboard key.
    func key(_ key: Character) async {
        do {
            if try await session.handleCommonKey(key) { return }
            if key == "f" { finished = try await session.finishAdvising() }
        } catch {
            log("\(error)")
        }
    }

    /// Shows snapshots until the session ends: every one on a terminal, one a minute (and each
    /// state change) as log lines.
    func display(_ dashboard: Dashboard) async {
        var lastLogged: Date?
        var lastState: WorkoutSessionState?
        for await snapshot in session.snapshots {
            if dashboard.interactive {
                dashboard.show(snapshot)
            } else if snapshot.state != lastState || lastLogged.map({ snapshot.time.timeIntervalSince($0) >= 60 }) ?? true {
                dashboard.show(snapshot)
                lastLogged = snapshot.time
                lastState = snapshot.state
            }
        }
    }
}
