import Foundation
import PaceModel
import PaceRecorder
import PaceSensors
import PaceStore

/// Records live sensors: runs every source concurrently, feeds their readings into a
/// ``WorkoutSession`` on the system clock, turns their disconnections into session events, counts
/// what they skipped, drives the dashboard and takes its keys.
///
/// A location stream's loss becomes `gpsLost`/`gpsRegained` (the session's GPS-gap marking; the
/// session also derives a loss itself from a silent GPS, and marks one gap either way); every other
/// stream's becomes `sensorDisconnected`/`sensorReconnected`.
actor LiveDriver {
    /// How a recording is asked to stop.
    enum Stop: String, Sendable {
        /// Finish and save the workout.
        case finish
        /// Stop recording and leave the session open, to be resumed or recovered.
        case leave
    }

    /// How a recording ended.
    enum Outcome: Sendable {
        /// Saved as a workout.
        case saved(LiveRecordingReport)
        /// Thrown away by the user.
        case discarded
        /// Left open (stopped with `--on-term leave`): the same `pace record` resumes it.
        case left(UUID)
    }

    nonisolated let session: WorkoutSession
    let journal: RecordingJournal
    let sources: [any SensorSource]
    let terminal: LiveTerminal
    private(set) var skipped: [String: Int] = [:]
    private(set) var status: [SensorStream: LiveStreamStatus] = [:]
    private(set) var batteryLevel: BatteryReading?
    /// Streams a resumed session's journal left disconnected: their first reading reconnects them.
    private var carriedOver: Set<SensorStream>
    private var stopRequest: Stop?
    private var failure: SessionError?
    /// The state and time of the last log line (without a terminal).
    var lastShownState: WorkoutSessionState?
    var lastLogLine: Date?
    /// Detail lines logged per skip reason before they are only counted.
    static let skippedDetailsLogged = 3

    /// The session's clock, against which readings are checked for being live.
    private let clock: any SessionClock
    /// Readings stamped further than this from the clock (seconds) are not live data — a recorded log
    /// fed as a live source, or a receiver with a wrong date — and are skipped (`live.clock`), unless
    /// the GPS proves to be the better clock (``GPSTimeBase``).
    static let maximumClockSkew: TimeInterval = 3600
    /// Watches location fixes too far from the clock for a receiver that is right while the clock is not.
    private var timeBase = GPSTimeBase()
    /// Seconds added to the clock, and to the times of the streams this machine stamps (every stream
    /// but location), since the session took its time from the GPS.
    private var timeOffset: Double
    /// The dashboard's line about the time base, once the GPS gave it.
    var clockNote: String? { timeOffset == 0 ? nil : Self.clockNote(offset: timeOffset) }

    private init(session: WorkoutSession, journal: RecordingJournal, sources: [any SensorSource], terminal: LiveTerminal,
                 carriedOver: Set<SensorStream>, clock: any SessionClock, timeOffset: Double = 0) {
        self.clock = clock
        self.timeOffset = timeOffset
        self.session = session
        self.journal = journal
        self.sources = sources
        self.terminal = terminal
        self.carriedOver = carriedOver
        for source in sources {
            for stream in source.streams { status[stream] = .waiting }
        }
    }

    /// Resumes the interrupted session recorded from the same sensors, or begins a new one.
    /// - Parameters:
    ///   - journal: The store's recording journal.
    ///   - origin: The sensors' canonical description (``SensorSpecification/origin``).
    ///   - sources: The sources to run.
    ///   - activityType: The activity of a new session.
    ///   - resumeInterrupted: Whether to resume (`false` with `--new`).
    ///   - terminal: Where to write.
    ///   - clock: The session clock (the system clock; tests may pass another).
    static func prepare(journal: RecordingJournal, origin: String, sources: [any SensorSource], activityType: WorkoutActivityType,
                        resumeInterrupted: Bool, terminal: LiveTerminal,
                        clock: any SessionClock = SystemSessionClock()) async throws -> LiveDriver {
        let sessions = try await InterruptedSessions(journal: journal, origin: origin, resume: resumeInterrupted)
        if let interrupted = sessions.resumable {
            let contents = try await journal.contents(of: interrupted.id)
            let (session, gap) = try await WorkoutSession.recover(interrupted.id, journal: journal, clock: clock)
            terminal.log("Resuming interrupted session \(interrupted.id) after \(contents.readingCount) journaled readings "
                + String(format: "(nothing recorded for %.0f s).", gap))
            let state = await session.state
            if state == .idle || state == .preparing { try await session.start() }
            return LiveDriver(session: session, journal: journal, sources: sources, terminal: terminal,
                              carriedOver: Self.disconnectedStreams(in: contents), clock: clock, timeOffset: await session.timeOffset)
        }
        for other in sessions.waiting { terminal.log(InterruptedSessions.waitingNote(other)) }
        let configuration = WorkoutSessionConfiguration(activityType: activityType, deviceName: Self.hostName(),
                                                        origin: origin)
        let session = try await WorkoutSession.begin(configuration: configuration, journal: journal, clock: clock)
        try await session.start()
        terminal.log("Recording session \(session.id) from \(sources.map(\.description).joined(separator: ", ")).")
        return LiveDriver(session: session, journal: journal, sources: sources, terminal: terminal, carriedOver: [], clock: clock)
    }

    /// This machine's host name, from gethostname(2) (Foundation's `hostName` may wait on a DNS
    /// lookup, which on a device without network stalls the start of a recording).
    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }

    /// The streams a journal leaves disconnected: a disconnection (or GPS loss) not followed by
    /// its reconnection.
    static func disconnectedStreams(in contents: JournalContents) -> Set<SensorStream> {
        var lost = Set<SensorStream>()
        for (_, entry) in contents.entries {
            guard case .event(let event) = entry, let command = try? SessionCommand(journalEvent: event) else { continue }
            switch command {
            case .gpsLost: lost.insert(.location)
            case .gpsRegained: lost.remove(.location)
            case .sensorDisconnected(let stream): lost.insert(stream)
            case .sensorReconnected(let stream): lost.remove(stream)
            default: break
            }
        }
        return lost
    }

    // MARK: Running

    /// Runs the sources until the session ends (finish or discard key, critical battery) or a stop
    /// is requested, then finishes, or leaves the session open, as asked.
    /// - Parameter printAcknowledgements: Print `ack N` on standard output whenever more readings are durable.
    /// - Returns: How it ended.
    /// - Throws: ``SessionError`` when the journal cannot be written or the workout cannot be saved
    ///   (the session then stays open for `pace recover`).
    func run(printAcknowledgements: Bool) async throws -> Outcome {
        let sources = sources
        let feeding = Task {
            await withTaskGroup(of: Void.self) { group in
                for source in sources {
                    group.addTask { await source.run { event in await self.handle(event) } }
                }
            }
        }
        var acknowledged: Int64 = 0
        var lastShown = ContinuousClock.now - .seconds(2)
        while true {
            let state = await session.state
            if state.isEnded || stopRequest != nil || failure != nil { break }
            if ContinuousClock.now - lastShown >= .seconds(1) {
                lastShown = .now
                do { try await session.flush() } catch { failure = error }
                await show()
            }
            if printAcknowledgements {
                let now = await session.acknowledgedSequence
                if now > acknowledged {
                    acknowledged = now
                    terminal.output("ack \(now)")
                }
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
        feeding.cancel()
        await feeding.value
        for fix in timeBase.drain() { await skipStale(fix, now: clock.now().addingTimeInterval(timeOffset)) }
        if let failure { throw failure }
        let outcome = try await conclude()
        if printAcknowledgements { terminal.output("ack \(await session.acknowledgedSequence)") }
        await show()
        return outcome
    }

    private func conclude() async throws -> Outcome {
        switch await session.state {
        case .discarded:
            return .discarded
        case .saved:
            return .saved(try await savedReport(endedBy: "batteryCritical"))
        case .failed:
            throw SessionError(code: .cannotBuildWorkout,
                               message: "Session \(session.id) failed; its readings are in the journal. Run `pace recover --finish \(session.id)` to try again.")
        default:
            break
        }
        if stopRequest == .leave {
            try await session.flush()
            terminal.log("Left session \(session.id) open: run the same `pace record` to resume it, or `pace recover`.")
            return .left(session.id)
        }
        let recorded = try await session.finishAdvising()
        return .saved(LiveRecordingReport(recorded, endedBy: "finish", skippedInput: skipped, sources: sources.map(\.description)))
    }

    /// The report of a workout the session saved by itself, read back from the store.
    private func savedReport(endedBy: String) async throws -> LiveRecordingReport {
        guard let workoutID = try await journal.session(session.id).workoutID,
              let workout = try await journal.store.workout(id: workoutID),
              let summaryData = try await journal.summary(ofWorkout: workoutID) else {
            throw SessionError(code: .journal, message: "Session \(session.id) was saved but its workout cannot be read back from the store; `pace list` shows the workouts it holds (is another process changing this store?).")
        }
        let summary = try JSONDecoder().decode(PaceRecorder.WorkoutSummary.self, from: summaryData)
        let saved = RecordingReport(workout: workout, routeID: try await journal.store.routes(forWorkout: workoutID).first?.id,
                                    summary: summary, sampleCount: nil)
        return LiveRecordingReport(saved: saved, endedBy: endedBy, skippedInput: skipped, sources: sources.map(\.description))
    }

    /// Asks the recording to stop (a signal, or the finish key).
    func requestStop(_ stop: Stop, because reason: String) {
        guard stopRequest == nil else { return }
        stopRequest = stop
        terminal.log("\(reason): stopping the recording (\(stop == .finish ? "finish and save" : "leave the session open")).")
    }

    /// The streams' states so far.
    var streamStatus: [SensorStream: LiveStreamStatus] { status }

    // MARK: Events

    /// Takes one event from a source.
    func handle(_ event: SensorEvent) async {
        switch event {
        case .reading(var reading):
            // Location readings carry the receiver's time; every other stream is stamped by this machine.
            if reading.stream != .location { reading.time.addTimeInterval(timeOffset) }
            let now = clock.now().addingTimeInterval(timeOffset)
            guard abs(reading.time.timeIntervalSince(now)) <= Self.maximumClockSkew else {
                if reading.stream == .location {
                    await judgeTimeBase(reading, now: now)
                } else {
                    await skipStale(reading, now: now)
                }
                return
            }
            await record(reading)
        case .skipped(let input):
            let count = skipped[input.reason, default: 0] + 1
            skipped[input.reason] = count
            if count <= Self.skippedDetailsLogged {
                terminal.log("Skipped input (\(input.reason)): \(input.detail)"
                    + (count == Self.skippedDetailsLogged ? " — further '\(input.reason)' input is only counted" : ""))
            }
        case .disconnected(let stream, let reason):
            status[stream] = .disconnected(reason)
            carriedOver.remove(stream)
            terminal.log("\(stream.rawValue) disconnected: \(reason)")
            await system(stream == .location ? .gpsLost : .sensorDisconnected(stream))
        case .reconnected(let stream):
            status[stream] = .waiting
            carriedOver.remove(stream)
            terminal.log("\(stream.rawValue) reconnected")
            await system(stream == .location ? .gpsRegained : .sensorReconnected(stream))
        }
    }

    /// Puts a live reading into the session.
    private func record(_ reading: SensorReading) async {
        status[reading.stream] = .live(reading.time)
        if case .battery(let battery) = reading.value { batteryLevel = battery }
        if carriedOver.remove(reading.stream) != nil {
            await system(reading.stream == .location ? .gpsRegained : .sensorReconnected(reading.stream))
        }
        do {
            try await session.ingest(reading)
        } catch where error.code == .notRecording {
            return  // finishing, or ended: the sources are being stopped
        } catch {
            failure = failure ?? error
        }
    }

    /// Skips a reading stamped too far from the clock to be live.
    private func skipStale(_ reading: SensorReading, now: Date) async {
        await handle(.skipped(SkippedInput(reason: "live.clock",
            detail: "a \(reading.stream.rawValue) reading is stamped \(reading.time.formatted(.iso8601)), more than \(Int(Self.maximumClockSkew / 60)) minutes from this machine's clock (\(now.formatted(.iso8601))); a live source must deliver current data — check the receiver's date and the machine's clock")))
    }

    /// A location fix too far from the clock: held until it is clear whether the receiver is live
    /// on a machine whose clock is wrong (then the session takes its time from the GPS and the held
    /// fixes are recorded) or a recorded log (then they are skipped).
    private func judgeTimeBase(_ fix: SensorReading, now: Date) async {
        timeBase.backwardLimit = max(0, timeOffset)
        switch timeBase.observe(fix, arrivedAt: now) {
        case .held:
            status[.location] = .waiting
        case .rejected(let fixes):
            for stale in fixes { await skipStale(stale, now: now) }
        case .adopt(let offset, let fixes):
            await system(.timeBase(offset: offset))
            let adopted = await session.timeOffset
            guard adopted != timeOffset else {
                for stale in fixes { await skipStale(stale, now: now) }
                return
            }
            timeOffset = adopted
            terminal.log("Time taken from the GPS: \(Self.clockNote(offset: adopted)); recording on the GPS's time (the workout is dated by it).")
            for fix in fixes { await record(fix) }
        }
    }

    /// How far the machine's clock is from the GPS's, for people.
    static func clockNote(offset: Double) -> String {
        let minutes = Int((abs(offset) / 60).rounded())
        let amount = minutes >= 2 * 24 * 60 ? "\(minutes / (24 * 60)) days" : minutes >= 120 ? "\(minutes / 60) h \(minutes % 60) min" : "\(minutes) min"
        return "this machine's clock is \(amount) \(offset > 0 ? "behind" : "ahead of") the GPS"
    }

    private func system(_ command: SessionCommand) async {
        guard await session.state.acceptsReadings else { return }
        do {
            try await session.command(command)
        } catch {
            failure = failure ?? error
        }
    }

    // MARK: Keys

    /// Handles a dashboard key: p pause/resume, l lap, m marker, f finish, d discard.
    func key(_ key: Character) async {
        do {
            if try await session.handleCommonKey(key) { return }
            if key == "f" { requestStop(.finish, because: "Finish key") }
        } catch {
            terminal.log("\(error)")
        }
    }
}
