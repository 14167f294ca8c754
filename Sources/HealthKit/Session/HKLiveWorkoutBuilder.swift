public import Foundation
import PaceModel
import PaceRecorder
import PaceStore

/// The workout builder of a live session (Apple's `HKLiveWorkoutBuilder`): it collects what the
/// data source's sensors record, the session's events and what the app adds, all journaled by
/// Pace's recording session, and saves the workout as this app when finished.
///
/// The saved workout spans the session's activity (from `startActivity` to the finish) less its
/// pauses; its samples — heart rate, distance, active energy from the sensors, and every sample
/// the app added — are associated with it. No route is made: as on Apple's platforms, an app
/// builds its route with ``HKWorkoutRouteBuilder`` (``HKWorkoutBuilder/seriesBuilder(for:)``).
public class HKLiveWorkoutBuilder: HKWorkoutBuilder, @unchecked Sendable {
    private let sessionReference = HKWeakReference()
    private let delegateReference = HKWeakReference()
    private let settings = Locked(Settings())

    private struct Settings {
        var shouldCollectWorkoutEvents = true
        var dataSource: HKLiveWorkoutDataSource?
        var collecting = false
    }

    init(session: HKWorkoutSession) {
        super.init(healthStore: session.healthStore, configuration: session.workoutConfiguration, device: nil)
        sessionReference.object = session
    }

    /// The session the builder belongs to (held weakly; keep the session).
    public var workoutSession: HKWorkoutSession? { sessionReference.object as? HKWorkoutSession }

    /// Receives collected data and events (held weakly, as Apple's is).
    public weak var delegate: (any HKLiveWorkoutBuilderDelegate)? {
        get { delegateReference.object as? any HKLiveWorkoutBuilderDelegate }
        set { delegateReference.object = newValue }
    }

    /// Whether the session's own events (pauses, resumes, motion pauses) go into the workout
    /// (default `true`); set it before beginning collection.
    public var shouldCollectWorkoutEvents: Bool {
        get { settings.withLock { $0.shouldCollectWorkoutEvents } }
        set { settings.withLock { $0.shouldCollectWorkoutEvents = newValue } }
    }

    /// Where collected data comes from; setting one while collecting starts its sensors.
    public var dataSource: HKLiveWorkoutDataSource? {
        get { settings.withLock { $0.dataSource } }
        set {
            settings.withLock { $0.dataSource = newValue }
            guard let session = workoutSession else { return }
            session.live.ordered.submit({ await self.startSensorsIfCollecting() }) { _ in }
        }
    }

    /// The active time so far, in seconds (the session's time less its pauses).
    public var elapsedTime: TimeInterval {
        elapsedTime(at: Date())
    }

    /// The active time at `date`, in seconds.
    public override func elapsedTime(at date: Date) -> TimeInterval {
        let (latest, state) = status { ($0.latest, $0.state) }
        guard let latest else { return 0 }
        let extra = state == .running ? max(0, date.timeIntervalSince(latest.time)) : 0
        return latest.elapsed + extra
    }

    /// When collection began.
    public override var startDate: Date? { status { $0.collectionStart ?? $0.startDate } }
    /// When collection ended.
    public override var endDate: Date? { status { $0.collectionEnd } }
    /// The metadata added so far.
    public override var metadata: [String: Any] {
        var values = initialMetadata
        let added = status { $0.latest?.attachments.metadata } ?? [:]
        for (key, value) in added.values { values[key] = value }
        return HKMetadata.dictionary(values) ?? [:]
    }
    /// The events so far: the session's (when collected) and the app's, in time order.
    public override var workoutEvents: [HKWorkoutEvent] {
        guard let latest = status({ $0.latest }) else { return [] }
        let own = latest.attachments.includesSessionEvents ? latest.events : []
        return (own + latest.attachments.events).sorted { $0.startDate < $1.startDate }.map { HKWorkoutEvent($0) }
    }

    /// The statistics of `quantityType` collected so far, `nil` when none was.
    public override func statistics(for quantityType: HKQuantityType) -> HKStatistics? {
        guard let statistics = status({ $0.latest?.statistics[quantityType.quantityIdentifier] }),
              let interval = statistics.interval else { return nil }
        return HKStatistics(statistics, start: interval.start, end: interval.end)
    }

    /// The builder's metadata from its configuration (indoor, lap length).
    var initialMetadata: Metadata { state.initialMetadata }

    private func status<T>(_ body: (HKLiveSessionStatus) -> T) -> T {
        guard let session = workoutSession else { return body(HKLiveSessionStatus()) }
        return session.live.status.withLock { body($0) }
    }

    // MARK: Collection

    /// Begins collecting at `startDate`; `completion` runs on a background queue.
    @preconcurrency
    public override func beginCollection(withStart startDate: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        report({ try await self.begin(at: startDate) }, completion)
    }

    /// Begins collecting at `startDate`.
    public override func beginCollection(at startDate: Date) async throws {
        try await begin(at: startDate)
    }

    private func begin(at startDate: Date) async throws {
        let collectsEvents = shouldCollectWorkoutEvents
        try await onSession { session in
            if !collectsEvents {
                do throws(SessionError) { try await session.attach(SessionAttachment(includesSessionEvents: false)) } catch { throw HKLiveSession.error(error) }
            }
            self.settings.withLock { $0.collecting = true }
            self.workoutSession?.live.status.withLock { $0.collectionStart = $0.collectionStart ?? startDate }
            await self.startSensorsIfCollecting()
        }
    }

    /// Marks a recovered builder as collecting since `start`: a data source set now starts its sensors.
    func resumeCollecting(since start: Date?) {
        settings.withLock { $0.collecting = true }
        workoutSession?.live.status.withLock { $0.collectionStart = $0.collectionStart ?? start }
    }

    /// Starts the data source's sensors once collection began and the session was prepared or started.
    func startSensorsIfCollecting() async {
        guard let session = workoutSession, let paceSession = session.live.existingSession else { return }
        let (collecting, source) = settings.withLock { ($0.collecting, $0.dataSource) }
        guard collecting, let source, await paceSession.state.acceptsReadings else { return }
        do {
            let sources = try source.sources()
            await session.live.startSensors(sources) { [weak session] error in session?.fail(error) }
        } catch {
            session.fail(error)
        }
    }

    /// Adds samples; `completion` runs on a background queue.
    @preconcurrency
    public override func add(_ samples: [HKSample], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        report({ try await self.attach(samples) }, completion)
    }

    /// Adds samples: saved with the workout, associated with it, and journaled now.
    public override func addSamples(_ samples: [HKSample]) async throws {
        try await attach(samples)
    }

    private func attach(_ samples: [HKSample]) async throws {
        var batch: [QuantitySample] = []
        for sample in samples {
            guard case .quantitySample(let quantity) = try sample.checkedForSaving() else {
                throw HKError(.errorInvalidArgument, message: "A workout builder on Pace collects quantity samples; save \(sample.sampleType.identifier) samples with the store.")
            }
            batch.append(quantity)
        }
        try await attach(SessionAttachment(samples: batch))
    }

    /// Adds events; `completion` runs on a background queue.
    @preconcurrency
    public override func addWorkoutEvents(_ workoutEvents: [HKWorkoutEvent], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        report({ try await self.attach(events: workoutEvents) }, completion)
    }

    /// Adds events to the workout.
    public override func addWorkoutEvents(_ workoutEvents: [HKWorkoutEvent]) async throws {
        try await attach(events: workoutEvents)
    }

    private func attach(events workoutEvents: [HKWorkoutEvent]) async throws {
        if let problem = workoutEvents.lazy.compactMap(\.metadataProblem).first { throw problem }
        try await attach(SessionAttachment(events: workoutEvents.map(\.event)))
    }

    /// Adds metadata; `completion` runs on a background queue.
    @preconcurrency
    public override func addMetadata(_ metadata: [String: Any], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        let converted = Result { try HKMetadata.pace(metadata) }
        report({ try await self.attach(SessionAttachment(metadata: converted.get())) }, completion)
    }

    /// Adds metadata to the workout (a key given again replaces its value).
    public override func addMetadata(_ metadata: [String: Any]) async throws {
        try await attach(SessionAttachment(metadata: try HKMetadata.pace(metadata)))
    }

    private func attach(_ attachment: SessionAttachment) async throws {
        try await onSession { session in
            do throws(SessionError) { try await session.attach(attachment) } catch { throw HKLiveSession.error(error) }
            await self.workoutSession?.refresh(session, date: Date())
        }
    }

    /// Ends collecting at `endDate`; `completion` runs on a background queue.
    @preconcurrency
    public override func endCollection(withEnd endDate: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        report({ try await self.end(at: endDate) }, completion)
    }

    /// Ends collecting at `endDate`: the sensors stop.
    public override func endCollection(at endDate: Date) async throws {
        try await end(at: endDate)
    }

    private func end(at endDate: Date) async throws {
        try await onSession { session in
            await self.workoutSession?.live.stopSensors()
            self.settings.withLock { $0.collecting = false }
            self.workoutSession?.live.status.withLock { $0.collectionEnd = endDate }
        }
    }

    // MARK: Finishing

    /// Saves the workout; `completion` runs on a background queue.
    @preconcurrency
    public override func finishWorkout(completion: @escaping @Sendable (HKWorkout?, (any Error)?) -> Void) {
        HKCallbacks.deliver({ try await self.finish() }) { result in
            switch result {
            case .success(let workout): completion(workout, nil)
            case .failure(let error): completion(nil, error)
            }
        }
    }

    /// Saves the workout with everything collected, as this app, in one transaction with the
    /// journal's end.
    /// - Throws: ``HKError/Code/errorAuthorizationDenied`` when the app may not share the workout
    ///   or one of its samples' types; the recording then stays open and can finish once allowed.
    public override func finishWorkout() async throws -> HKWorkout? {
        try await finish()
    }

    private func finish() async throws -> HKWorkout? {
        try await onSession { session in
            await self.workoutSession?.live.stopSensors()
            let recorded: RecordedWorkout
            do throws(SessionError) { recorded = try await session.finish() } catch { throw HKLiveSession.error(error) }
            self.workoutSession?.live.status.withLock {
                $0.ended = true
                $0.endDate = $0.endDate ?? recorded.workout.endDate
            }
            await self.workoutSession?.refresh(session, date: Date())
            self.workoutSession?.live.stopMonitor()
            return HKWorkout(recorded.workout)
        }
    }

    /// Throws the recording away (the journal keeps its readings, marked discarded).
    public override func discardWorkout() {
        workoutSession?.submit { session in
            await self.workoutSession?.live.stopSensors()
            do throws(SessionError) { try await session.discard() } catch { throw HKLiveSession.error(error) }
            self.workoutSession?.live.status.withLock { $0.ended = true }
            await self.workoutSession?.refresh(session, date: Date())
        }
    }

    private func onSession<T: Sendable>(_ operation: @escaping @Sendable (WorkoutSession) async throws -> T) async throws -> T {
        guard let session = workoutSession else {
            throw HKError(.errorInvalidArgument, message: "The builder's workout session is gone; keep a reference to the session while recording.")
        }
        return try await session.run(operation)
    }

    private func report(_ operation: @escaping @Sendable () async throws -> Void, _ completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        HKCallbacks.deliver(operation) { result in
            switch result {
            case .success: completion(true, nil)
            case .failure(let error): completion(false, error)
            }
        }
    }
}
