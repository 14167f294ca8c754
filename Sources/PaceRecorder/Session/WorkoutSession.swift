public import Foundation
import Logging
public import PaceModel
public import PaceStore
import PaceAnalysis
import PaceTrack

/// A live workout recording: the state machine, the parallel sensor streams on one timeline, the
/// live metrics and the crash-safe journal, owned by one actor.
///
/// Every accepted reading and every command is put in the journal; ``ingest(_:)`` returns the
/// reading's sequence number, and ``acknowledgedSequence`` tells which are durable. Pending
/// readings are written at least every ``WorkoutSessionConfiguration/flushInterval`` seconds of the
/// session clock, and every command is written before it takes effect. After a crash,
/// ``recover(_:journal:clock:)`` replays the journal through the same code and resumes.
///
/// Journal commits run on the store's writer while the caller's task is suspended, never on a
/// cooperative thread; operations that may commit run one at a time in arrival order
/// (``exclusively(_:)``), so readings, commands and acknowledgements keep the order a blocking
/// journal gave them.
///
/// ```swift
/// let session = try await WorkoutSession.begin(configuration: .init(activityType: .running), journal: journal)
/// try await session.start()
/// for reading in readings { try await session.ingest(reading) }
/// let result = try await session.finish()
/// ```
public actor WorkoutSession {
    /// The session's identifier (the journal's).
    public nonisolated let id: UUID
    /// How it records.
    public nonisolated let configuration: WorkoutSessionConfiguration
    /// Live snapshots for displays.
    public nonisolated var snapshots: WorkoutSnapshots { WorkoutSnapshots(hub: hub) }

    private let journal: RecordingJournal
    private let clock: any SessionClock
    private let hub = Broadcast<WorkoutSnapshot>(replaysLatest: true)
    private let logger = Logger(label: "org.pace.recorder")
    private var machine = SessionStateMachine()
    private var metrics: SessionMetrics
    private var timeline: ReorderBuffer
    private var nextSequence: Int64 = 1
    private var pending: JournalBatch
    private var lastFlush: Date
    private var lastSnapshot: Date?
    private var lastPointTime: Date?
    private var lastFixTime: Date?
    /// The latest time stamped on any reading so far (sensor time can run ahead of the clock).
    private var latestReadingTime: Date?
    private var gpsLost = false
    private var batteryLowSeen = false
    private var batteryCriticalSeen = false
    private var finishRequested = false
    private var replaying = false
    /// What the client attached (``attach(_:)``).
    private var attached = SessionAttachments()
    /// The highest sequence number durably journaled.
    public private(set) var acknowledgedSequence: Int64 = 0
    /// Whether an operation that may commit to the journal is running (``exclusively(_:)``).
    private var busy = false
    /// Operations waiting for the running one, in arrival order.
    private var waiting: [CheckedContinuation<Void, Never>] = []

    private init(id: UUID, configuration: WorkoutSessionConfiguration, journal: RecordingJournal, clock: any SessionClock) {
        self.id = id
        self.configuration = configuration
        self.journal = journal
        self.clock = clock
        metrics = SessionMetrics(activityType: configuration.activityType, zones: configuration.zones)
        timeline = ReorderBuffer(lateness: configuration.lateness)
        pending = JournalBatch(firstReadingSequence: 1)
        lastFlush = clock.now()
    }

    /// Creates a session in the Idle state and records it in the journal.
    /// - Parameters:
    ///   - id: The identifier (a new UUID by default).
    ///   - configuration: How to record.
    ///   - journal: Where to keep it.
    ///   - clock: The session's clock (the system clock by default).
    /// - Throws: ``SessionError/Code/journal`` when the journal cannot be written.
    public static func begin(id: UUID = UUID(), configuration: WorkoutSessionConfiguration, journal: RecordingJournal,
                             clock: any SessionClock = SystemSessionClock()) async throws(SessionError) -> WorkoutSession {
        let encoded: Data
        do { encoded = try JSONEncoder().encode(configuration) } catch {
            throw SessionError(code: .journal, message: "The session configuration cannot be encoded: \(error).")
        }
        do {
            try await journal.create(JournalSession(id: id, activityType: configuration.activityType, createdAt: clock.now(),
                                              configuration: encoded))
        } catch {
            throw SessionError(code: .journal, message: "Cannot start the session journal: \(error.message)", cause: error)
        }
        return WorkoutSession(id: id, configuration: configuration, journal: journal, clock: clock)
    }

    /// The current state.
    public var state: WorkoutSessionState { machine.state }

    /// The workout events so far.
    public var events: [WorkoutEvent] { machine.events }

    /// When the timer started, once it has.
    public var startDate: Date? { machine.startDate }

    /// The numbers so far.
    public var currentMetrics: SessionMetrics { metrics }

    /// What the client attached so far (``attach(_:)``), also after recovery.
    public var attachments: SessionAttachments { attached }

    /// The statistics of `type` so far, as the finished workout will have them (HealthKit's live
    /// builder's `statistics(for:)`): heart rate from the readings, distance and active energy so
    /// far, and the attached samples; `nil` when nothing of the type was collected.
    public func liveStatistics(for type: QuantityTypeIdentifier) -> QuantityStatistics? {
        liveStatistics().statistics(for: type)
    }

    /// The quantity types with data so far (``liveStatistics(for:)`` answers for each).
    public func collectedTypes() -> Set<QuantityTypeIdentifier> {
        liveStatistics().collectedTypes
    }

    private func liveStatistics() -> LiveStatistics {
        let time = now()
        let start = machine.startDate ?? time
        return LiveStatistics(configuration: configuration, metrics: metrics, attachments: attached, start: start,
                              end: machine.endDate ?? max(time, start), activeDuration: machine.activeDuration(at: time))
    }

    /// Seconds added to the session clock to get the session's time: non-zero once the session took
    /// its time base from the GPS (``SessionCommand/timeBase(offset:)``), also after recovery.
    public var timeOffset: Double { machine.timeOffset }

    /// The session's now: the clock corrected by ``timeOffset``.
    private func now() -> Date {
        clock.now().addingTimeInterval(machine.timeOffset)
    }

    /// When a finish takes effect: now, or the latest reading, event or attached sample when its
    /// time runs ahead of the clock (a receiver ahead of a drifted machine clock), so the collection
    /// always holds everything recorded.
    private func finishTime() -> Date {
        var time = now()
        if let latestReadingTime { time = max(time, latestReadingTime) }
        if let lastEvent = machine.events.map(\.endDate).max() { time = max(time, lastEvent) }
        if let pauseStart = machine.pauseStart { time = max(time, pauseStart) }
        if let lastAttached = attached.samples.map(\.endDate).max() { time = max(time, lastAttached) }
        return time
    }

    // MARK: Commands

    /// Warms up: readings are journaled and shown, the timer waits (Idle → Preparing).
    public func prepare() async throws(SessionError) { try await command(.prepare) }
    /// Starts the timer (Idle or Preparing → Active).
    public func start() async throws(SessionError) { try await command(.start) }

    /// Starts the timer as of `date` when that is earlier than now (the moment a user pressed start,
    /// as HealthKit's `startActivity(with:)` gives it); a later `date` starts it now.
    public func start(at date: Date) async throws(SessionError) {
        try await exclusively { () async throws(SessionError) in
            let time = min(now(), date)
            try await apply(.start, at: time, journaled: true)
        }
    }
    /// Pauses (Active → Paused).
    public func pause() async throws(SessionError) { try await command(.pause) }
    /// Resumes (Paused → Active).
    public func resume() async throws(SessionError) { try await command(.resume) }
    /// Ends a lap.
    public func lap() async throws(SessionError) { try await command(.lap) }
    /// Marks an instant with an optional label.
    public func marker(_ label: String? = nil) async throws(SessionError) { try await command(.marker(label)) }

    /// Applies a command or system event now: journaled (durably) first, then applied.
    /// - Throws: ``SessionError/Code/illegalTransition`` when the state does not allow it (nothing
    ///   is journaled then), ``SessionError/Code/journal`` when it cannot be written.
    public func command(_ command: SessionCommand) async throws(SessionError) {
        try await exclusively { () async throws(SessionError) in try await perform(command) }
    }

    private func perform(_ command: SessionCommand) async throws(SessionError) {
        if case .finish = command { _ = try await finishNow(); return }
        if case .discard = command { try await discardNow(); return }
        var time = now()
        // A new time base is stamped on the corrected clock, so a replay's latest time is right.
        if case .timeBase(let offset) = command { time.addTimeInterval(offset) }
        try await apply(command, at: time, journaled: true)
        if case .timeBase(let offset) = command {
            logger.notice("Session time taken from the GPS", metadata: ["session": "\(id)", "offset": "\(offset)"])
        }
    }

    /// Stops and saves: the workout, its route, samples and summary are saved in one transaction
    /// with the journal's last batch.
    /// - Returns: The saved workout and its summary.
    /// - Throws: ``SessionError`` when the state does not allow finishing or saving fails; the
    ///   journal then stays open, so ``recover(_:journal:clock:)`` can finish later.
    @discardableResult
    public func finish() async throws(SessionError) -> RecordedWorkout {
        try await exclusively { () async throws(SessionError) in try await finishNow() }
    }

    private func finishNow() async throws(SessionError) -> RecordedWorkout {
        let time = finishTime()
        var trial = machine
        try trial.apply(.finish, at: time)
        process(timeline.drain())
        var finished = machine
        try finished.apply(.finish, at: time)
        // Built and checked before the session changes: a refusal leaves it recording, to finish later.
        let recorded: RecordedWorkout
        do {
            recorded = try WorkoutAssembler(configuration: configuration, machine: finished, metrics: metrics, sessionID: id,
                                            attachments: attached, store: journal.store).assemble()
        } catch {
            throw SessionError(code: .cannotBuildWorkout,
                               message: "The workout could not be built: \(error.message) The recording is safe in the journal, "
                                   + "from which the session can be finished again.", cause: error)
        }
        if let client = configuration.client {
            do { try await journal.store.authorization(for: client).requireWritable(recorded.objects) } catch {
                throw SessionError(code: .notAuthorized,
                                   message: "The workout was not saved: \(error.message) The session goes on; finish it once allowed.",
                                   cause: error)
            }
        }
        machine = finished
        appendEvent(.finish, at: time)
        let summary: Data
        do { summary = try JSONEncoder().encode(recorded.summary) } catch {
            throw SessionError(code: .cannotBuildWorkout, message: "The workout summary cannot be encoded: \(error).")
        }
        do {
            let objects = try HealthObjectBatch(recorded.objects, associations: [recorded.association])
            try await journal.finish(id, finalBatch: pending, objects: objects, workoutID: recorded.workout.id,
                               summary: summary, endedAt: time)
        } catch {
            machine.end(saved: false)
            throw SessionError(code: .journal,
                               message: "The workout could not be saved: \(error.message) The recording is safe in the journal, "
                                   + "from which the session can be finished again.", cause: error)
        }
        acknowledge(pending.lastSequence)
        pending = JournalBatch(firstReadingSequence: nextSequence)
        machine.end(saved: true)
        publishSnapshot(at: time, force: true)
        hub.finish()
        logger.info("Saved workout", metadata: ["workout": "\(recorded.workout.id)", "distance": "\(recorded.summary.distance)"])
        return recorded
    }

    /// Stops and throws the recording away; the journal keeps its readings, no workout is made.
    public func discard() async throws(SessionError) {
        try await exclusively { () async throws(SessionError) in try await discardNow() }
    }

    private func discardNow() async throws(SessionError) {
        let time = now()
        try machine.apply(.discard, at: time)
        appendEvent(.discard, at: time)
        do {
            try await journal.close(id, status: .discarded, finalBatch: pending, endedAt: time)
        } catch {
            throw SessionError(code: .journal, message: "Cannot close the session journal: \(error.message)", cause: error)
        }
        acknowledge(pending.lastSequence)
        pending = JournalBatch(firstReadingSequence: nextSequence)
        publishSnapshot(at: time, force: true)
        hub.finish()
    }

    // MARK: Attachments

    /// Adds samples, events or metadata to the workout being recorded, journaled (durably) before
    /// this returns, so a recovered session keeps them.
    /// - Throws: ``SessionError/Code/notRecording`` once the session has ended,
    ///   ``SessionError/Code/invalidAttachment`` for an invalid sample (nothing is attached then),
    ///   ``SessionError/Code/journal`` when it cannot be written.
    public func attach(_ attachment: SessionAttachment) async throws(SessionError) {
        try await exclusively { () async throws(SessionError) in
            guard !machine.state.isEnded, machine.state != .finishing else {
                throw SessionError(code: .notRecording,
                                   message: "The session is \(machine.state); nothing can be added to its workout any more.")
            }
            for sample in attachment.samples {
                do { try sample.validate() } catch {
                    throw SessionError(code: .invalidAttachment,
                                       message: "Sample \(sample.id.uuidString) cannot be added to the workout: \(error). Nothing was added.")
                }
            }
            let payload: Data
            do { payload = try JSONEncoder().encode(attachment) } catch {
                throw SessionError(code: .invalidAttachment, message: "The attachment cannot be encoded: \(error). Nothing was added.")
            }
            let sequence = nextSequence
            nextSequence += 1
            if pending.isEmpty { pending.firstReadingSequence = sequence + 1 }
            pending.events.append(JournalEvent(sequence: sequence, time: now(), kind: SessionAttachment.journalKind, payload: payload))
            attached.add(attachment)
            try await flushNow()
        }
    }

    // MARK: Readings

    /// Accepts one reading: journaled (within ``WorkoutSessionConfiguration/flushInterval``), put
    /// on the timeline, and counted in the metrics once earlier readings had their chance to arrive.
    /// - Returns: The reading's sequence number; it is durable once ``acknowledgedSequence`` reaches it.
    /// - Throws: ``SessionError/Code/notRecording`` outside Preparing/Active/Paused,
    ///   ``SessionError/Code/journal`` when a flush fails (the reading is then still pending).
    @discardableResult
    public func ingest(_ reading: SensorReading) async throws(SessionError) -> Int64 {
        try await exclusively { () async throws(SessionError) in try await accept(reading) }
    }

    private func accept(_ reading: SensorReading) async throws(SessionError) -> Int64 {
        guard machine.state.acceptsReadings else {
            throw SessionError(code: .notRecording,
                               message: "The session is \(machine.state) and takes no readings; start it first (or begin a new one).")
        }
        let sequence = nextSequence
        nextSequence += 1
        if pending.readings.isEmpty && pending.events.isEmpty { pending.firstReadingSequence = sequence }
        pending.readings.append(reading)
        latestReadingTime = max(latestReadingTime ?? reading.time, reading.time)
        process(timeline.add(reading, sequence: sequence))
        if finishRequested {
            finishRequested = false
            _ = try await finishNow()
            return sequence
        }
        let current = now()
        if current.timeIntervalSince(lastFlush) >= configuration.flushInterval || pending.readings.count >= 4096 {
            try await flushNow()
        }
        publishSnapshot(at: current, force: false)
        return sequence
    }

    /// Accepts several readings in one call (a sensor buffer, a Bluetooth notification carrying
    /// many values), exactly as if each were passed to ``ingest(_:)`` in order, without an actor hop
    /// per reading.
    /// - Returns: The last reading's sequence number.
    @discardableResult
    public func ingest(contentsOf readings: [SensorReading]) async throws(SessionError) -> Int64 {
        try await exclusively { () async throws(SessionError) in
            var last = nextSequence - 1
            for reading in readings { last = try await accept(reading) }
            return last
        }
    }

    /// Writes everything pending to the journal now.
    /// - Returns: The acknowledged sequence number.
    @discardableResult
    public func flush() async throws(SessionError) -> Int64 {
        try await exclusively { () async throws(SessionError) in try await flushNow() }
    }

    @discardableResult
    private func flushNow() async throws(SessionError) -> Int64 {
        lastFlush = now()
        guard !pending.isEmpty else { return acknowledgedSequence }
        do {
            try await journal.append(pending, to: id)
        } catch {
            throw SessionError(code: .journal, message: "Cannot write the recording journal: \(error.message)", cause: error)
        }
        acknowledge(pending.lastSequence)
        pending = JournalBatch(firstReadingSequence: nextSequence)
        return acknowledgedSequence
    }

    /// The snapshot at the session clock's now.
    public func snapshot() -> WorkoutSnapshot {
        makeSnapshot(at: now())
    }

    // MARK: Recovery

    /// Rebuilds an unfinished session from its journal — state, events and metrics exactly as they
    /// were — and marks the time nothing was recorded.
    /// - Parameters:
    ///   - id: The session.
    ///   - journal: The journal holding it.
    ///   - clock: The clock to continue with.
    /// - Throws: ``SessionError/Code/journal`` when it is not found or has ended,
    ///   ``SessionError/Code/unreadableJournal`` when it cannot be replayed.
    /// - Returns: The session, ready for readings, and the seconds nothing was recorded.
    public static func recover(_ id: UUID, journal: RecordingJournal,
                               clock: any SessionClock = SystemSessionClock()) async throws(SessionError) -> (session: WorkoutSession, gap: Double) {
        let contents: JournalContents
        do { contents = try await journal.contents(of: id) } catch {
            throw SessionError(code: .journal, message: "Cannot read the session journal: \(error.message)", cause: error)
        }
        guard contents.session.status == .open else {
            throw SessionError(code: .journal, message: "Session \(id) was already \(contents.session.status.rawValue); nothing to recover.")
        }
        let configuration: WorkoutSessionConfiguration
        do { configuration = try JSONDecoder().decode(WorkoutSessionConfiguration.self, from: contents.session.configuration) } catch {
            throw SessionError(code: .unreadableJournal, message: "Session \(id)'s configuration cannot be read: \(error).")
        }
        let session = WorkoutSession(id: id, configuration: configuration, journal: journal, clock: clock)
        let gap = try await session.replay(contents)
        return (session, gap)
    }

    /// Replays the journal into this fresh session, then marks the gap.
    private func replay(_ contents: JournalContents) async throws(SessionError) -> Double {
        replaying = true
        var lastTime: Date?
        for (sequence, entry) in contents.entries {
            switch entry {
            case .reading(let reading):
                process(timeline.add(reading, sequence: sequence))
                lastTime = max(lastTime ?? reading.time, reading.time)
                latestReadingTime = max(latestReadingTime ?? reading.time, reading.time)
            case .event(let event) where event.kind == SessionAttachment.journalKind:
                do { attached.add(try JSONDecoder().decode(SessionAttachment.self, from: event.payload)) } catch {
                    throw SessionError(code: .unreadableJournal, message: "Session \(id)'s attachment \(sequence) cannot be read: \(error).")
                }
            case .event(let event):
                let command = try CommandCoding.command(from: event)
                if case .finish = command { break }
                try await apply(command, at: event.time, journaled: false)
                lastTime = max(lastTime ?? event.time, event.time)
            }
            nextSequence = sequence + 1
        }
        lastPointTime = contents.points.last?.time
        replaying = false
        acknowledgedSequence = nextSequence - 1
        pending = JournalBatch(firstReadingSequence: nextSequence)
        lastFlush = now()
        let gap = lastTime.map { max(0, now().timeIntervalSince($0)) } ?? 0
        if machine.state.acceptsReadings, gap > 2 * configuration.flushInterval {
            try await apply(.recovered(gap: gap), at: now(), journaled: true)
        }
        return gap
    }

    // MARK: Internals

    private func apply(_ command: SessionCommand, at time: Date, journaled: Bool) async throws(SessionError) {
        var trial = machine
        let effect = try trial.apply(command, at: time)
        process(timeline.release(through: time))
        try machine.apply(command, at: time)
        if case .gpsRegained = command, let last = lastFixTime {
            // The source says the GPS is back: the silence it reported is one gap, closed now, and
            // the derived loss clock restarts here instead of marking the same silence again.
            gpsLost = false
            lastFixTime = max(last, time)
        }
        if journaled {
            appendEvent(command, at: time)
            try await flushNow()
        }
        publishSnapshot(at: time, force: true)
        if effect == .finishNow, !replaying {
            _ = try await finishNow()
        }
    }

    /// Runs `body` alone: while one operation awaits a journal commit, the others wait their turn in
    /// arrival order instead of interleaving (actor reentrancy), as they would behind a blocking call.
    /// The turn passes straight to the next waiting operation (`busy` stays set), so none can slip in between.
    private func exclusively<T>(_ body: () async throws(SessionError) -> T) async throws(SessionError) -> T {
        if busy {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            busy = true
        }
        defer {
            if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
        }
        return try await body()
    }

    private func appendEvent(_ command: SessionCommand, at time: Date) {
        let sequence = nextSequence
        nextSequence += 1
        if pending.isEmpty { pending.firstReadingSequence = sequence + 1 }
        pending.events.append(JournalEvent(sequence: sequence, time: time, kind: command.name, payload: CommandCoding.payload(of: command)))
    }

    private func acknowledge(_ sequence: Int64?) {
        if let sequence { acknowledgedSequence = max(acknowledgedSequence, sequence) }
    }

    /// Feeds timeline-ordered readings to the metrics and derives the system events that follow
    /// from them (auto-pause, GPS lost/regained) — derived, so never journaled, and re-derived the
    /// same way on recovery.
    private func process(_ readings: [SensorReading]) {
        for reading in readings {
            let running: Bool
            switch machine.state {
            case .active, .paused(.motion): running = true
            default: running = false
            }
            if case .location = reading.value {
                if gpsLost {
                    gpsLost = false
                    _ = try? machine.apply(.gpsRegained, at: reading.time)
                }
                lastFixTime = reading.time
            } else if let lastFixTime, !gpsLost, reading.time.timeIntervalSince(lastFixTime) > configuration.gpsLossTimeout {
                gpsLost = true
                _ = try? machine.apply(.gpsLost, at: lastFixTime.addingTimeInterval(configuration.gpsLossTimeout))
            }
            if case .battery(let battery) = reading.value, !battery.isCharging {
                if battery.level <= configuration.criticalBatteryLevel, !batteryCriticalSeen {
                    batteryCriticalSeen = true
                    finishRequested = (try? machine.apply(.batteryCritical, at: reading.time)) == .finishNow
                } else if battery.level <= configuration.lowBatteryLevel, !batteryLowSeen {
                    batteryLowSeen = true
                    _ = try? machine.apply(.batteryLow, at: reading.time)
                }
            }
            metrics.add(reading, timerRunning: running)
            if case .location = reading.value {
                let autoPaused = metrics.track.metrics.isPaused
                if autoPaused, machine.state == .active {
                    _ = try? machine.apply(.autoPause, at: reading.time)
                } else if !autoPaused, machine.state == .paused(.motion) {
                    _ = try? machine.apply(.autoResume, at: reading.time)
                }
            }
            if !replaying, machine.startDate != nil,
               lastPointTime.map({ reading.time.timeIntervalSince($0) >= configuration.pointInterval }) ?? true {
                lastPointTime = reading.time
                pending.points.append(WorkoutPoint(time: reading.time, latitude: metrics.latestPosition?.latitude,
                                                   longitude: metrics.latestPosition?.longitude,
                                                   altitude: metrics.track.metrics.altitude.isFinite ? metrics.track.metrics.altitude : nil,
                                                   heartRate: metrics.latestHeartRate, speed: metrics.latestSpeed, distance: metrics.distance))
            }
        }
    }

    private func publishSnapshot(at time: Date, force: Bool) {
        guard !replaying else { return }
        if !force, let lastSnapshot, time.timeIntervalSince(lastSnapshot) < 1 { return }
        lastSnapshot = time
        hub.publish(makeSnapshot(at: time))
    }

    private func makeSnapshot(at time: Date) -> WorkoutSnapshot {
        let track = metrics.track.metrics
        let moving = min(track.movingTime, machine.activeDuration(at: time))
        let split = Int(metrics.distance / 1000) + 1
        return WorkoutSnapshot(
            state: machine.state, time: time, activityType: configuration.activityType,
            showsPace: configuration.activityType.showsPace,
            elapsedTime: machine.activeDuration(at: time), movingTime: moving, distance: metrics.distance,
            currentSpeed: metrics.latestSpeed, averageSpeed: moving > 0 ? metrics.distance / moving : nil,
            heartRate: metrics.latestHeartRate, averageHeartRate: metrics.averageHeartRate,
            heartRateZone: metrics.latestHeartRate.map(configuration.zones.zone(of:)),
            cadence: metrics.latestCadence, power: metrics.latestPower,
            altitude: track.altitude.isFinite ? track.altitude : nil,
            elevationGain: track.elevationGain, elevationLoss: track.elevationLoss,
            currentSplit: split, splitDistance: metrics.distance - Double(split - 1) * 1000,
            gpsAccuracy: metrics.latestAccuracy, gpsSignal: metrics.gpsSignal(at: time, timeout: configuration.gpsLossTimeout),
            acknowledgedSequence: acknowledgedSequence)
    }
}
