public import Foundation
import PaceModel
import PaceRecorder
import PaceStore

/// A workout being recorded live (Apple's `HKWorkoutSession`), backed by Pace's recording session:
/// every command and reading is journaled before it takes effect, so a killed app loses nothing
/// and ``HKHealthStore/recoverActiveWorkoutSession(completion:)`` gives the session back.
///
/// States: not started → prepared → running ⇄ paused → stopped → ended. The recorder's auto-pause
/// shows as `paused` with a `motionPaused` event. Delegate calls arrive on HealthKit's serial
/// background queue. The workout is saved by ``associatedWorkoutBuilder()``'s `finishWorkout`,
/// as this app.
///
/// ```swift
/// let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
/// let builder = session.associatedWorkoutBuilder()
/// builder.dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration)
/// session.startActivity(with: Date())
/// builder.beginCollection(withStart: Date()) { _, _ in }
/// ```
public class HKWorkoutSession: NSObject, @unchecked Sendable {
    /// The configuration the session records with.
    public let workoutConfiguration: HKWorkoutConfiguration
    let healthStore: HKHealthStore
    let live: HKLiveSession
    private let delegateReference = HKWeakReference()
    private let builder = Locked<HKLiveWorkoutBuilder?>(nil)

    /// A session recording for this app.
    /// - Throws: ``HKError/Code/errorDatabaseInaccessible`` when the store cannot be opened,
    ///   ``HKError/Code/errorInvalidArgument`` for a pool swim without a lap length.
    public init(healthStore: HKHealthStore, configuration workoutConfiguration: HKWorkoutConfiguration) throws {
        if workoutConfiguration.activityType == .swimming, workoutConfiguration.swimmingLocationType == .pool,
           workoutConfiguration.lapLength == nil {
            throw HKError(.errorInvalidArgument, message: "A pool swim needs the configuration's lapLength.")
        }
        let app = try healthStore.appStore()
        self.healthStore = healthStore
        self.workoutConfiguration = workoutConfiguration
        self.live = HKLiveSession(app: app, environment: healthStore.environment,
                                  configuration: HKLiveSession.configuration(for: workoutConfiguration, app: app))
        super.init()
    }

    /// A recovered session (``HKHealthStore/recoverActiveWorkoutSession(completion:)``).
    init(healthStore: HKHealthStore, configuration: HKWorkoutConfiguration, live: HKLiveSession) {
        self.healthStore = healthStore
        self.workoutConfiguration = configuration
        self.live = live
        super.init()
    }

    /// Receives state changes, failures and generated events (held weakly, as Apple's is).
    public weak var delegate: (any HKWorkoutSessionDelegate)? {
        get { delegateReference.object as? any HKWorkoutSessionDelegate }
        set { delegateReference.object = newValue }
    }

    /// The current state.
    public var state: HKWorkoutSessionState { live.status.withLock { $0.state } }
    /// When the activity started, once it has.
    public var startDate: Date? { live.status.withLock { $0.startDate } }
    /// When the session ended, once it has.
    public var endDate: Date? { live.status.withLock { $0.endDate } }

    /// The session's one live workout builder.
    public func associatedWorkoutBuilder() -> HKLiveWorkoutBuilder {
        builder.withLock { builder in
            if let builder { return builder }
            let made = HKLiveWorkoutBuilder(session: self)
            builder = made
            return made
        }
    }

    /// Warms the sensors up (not started → prepared); the timer waits.
    public func prepare() {
        perform(.prepare, at: nil)
    }

    /// Starts the activity (not started or prepared → running) at `date` (now when `nil`).
    public func startActivity(with date: Date?) {
        perform(.start, at: date)
    }

    /// Pauses (running → paused), generating a pause event.
    public func pause() {
        perform(.pause, at: nil)
    }

    /// Resumes (paused → running), generating a resume event.
    public func resume() {
        perform(.resume, at: nil)
    }

    /// Stops the activity (running or paused → stopped): the sensors stop, the timer holds. The
    /// session still needs ``end()``; the workout is saved by the builder.
    public func stopActivity(with date: Date?) {
        submit { session in
            try await self.stop(session, at: date ?? Date())
        }
    }

    /// Ends the session (→ ended). The recording stays in the journal until the builder finishes or
    /// discards the workout.
    public func end() {
        submit { session in
            try await self.stop(session, at: Date())
            self.live.status.withLock {
                $0.ended = true
                $0.endDate = $0.endDate ?? Date()
            }
            await self.refresh(session, date: Date())
            self.live.stopMonitor()
        }
    }

    private func perform(_ command: SessionCommand, at date: Date?) {
        submit { session in
            let state = await session.state
            // Starting a session a builder already started is not an error (the order of the two calls is free).
            if command == .start, state != .idle, state != .preparing { return }
            do throws(SessionError) {
                if command == .start, let date { try await session.start(at: date) } else { try await session.command(command) }
            } catch {
                throw HKLiveSession.error(error)
            }
            if command == .start {
                self.live.status.withLock { $0.startDate = $0.startDate ?? date ?? Date() }
                await self.builderStartsSensors()
            }
            await self.refresh(session, date: date ?? Date())
        }
    }

    /// Runs `operation` on the recorder session in call order and returns its result.
    func run<T: Sendable>(_ operation: @escaping @Sendable (WorkoutSession) async throws -> T) async throws -> T {
        let metadata = associatedWorkoutBuilder().initialMetadata
        return try await live.ordered.run {
            let session = try await self.live.session(metadata: metadata)
            self.startMonitor()
            return try await operation(session)
        }
    }

    /// Runs `operation` on the recorder session in call order; a failure goes to the delegate.
    func submit(_ operation: @escaping @Sendable (WorkoutSession) async throws -> Void) {
        let metadata = associatedWorkoutBuilder().initialMetadata
        live.ordered.submit({
            let session = try await self.live.session(metadata: metadata)
            self.startMonitor()
            try await operation(session)
        }) { result in
            if case .failure(let error) = result { self.fail(error) }
        }
    }

    private func stop(_ session: WorkoutSession, at date: Date) async throws {
        guard !live.status.withLock({ $0.stopped || $0.ended }) else { return }
        await live.stopSensors()
        if await session.state == .active {
            do throws(SessionError) { try await session.pause() } catch { throw HKLiveSession.error(error) }
        }
        live.status.withLock { $0.stopped = true }
        await refresh(session, date: date)
    }

    private func builderStartsSensors() async {
        await associatedWorkoutBuilder().startSensorsIfCollecting()
    }

    func startMonitor() {
        live.startMonitor { [weak self] snapshot in
            guard let self else { return false }
            self.observe(snapshot, date: Date())
            return !self.live.status.withLock { $0.ended }
        }
    }

    /// Looks at the recorder session now and reports what changed.
    func refresh(_ session: WorkoutSession, date: Date) async {
        observe(await HKLiveSessionSnapshot(session), date: date)
    }

    /// Reports a state change, new events and new data to the delegates.
    private func observe(_ snapshot: HKLiveSessionSnapshot, date: Date) {
        let (previous, current, newEvents, changedTypes) = live.status.withLock { status in
            let previous = status.state
            status.state = status.state(for: snapshot.state)
            let newEvents = Array(snapshot.events.dropFirst(status.reportedEvents))
            status.reportedEvents = max(status.reportedEvents, snapshot.events.count)
            let before = status.latest?.statistics ?? [:]
            let changed = Set(snapshot.statistics.keys.filter { before[$0] != snapshot.statistics[$0] })
            status.latest = snapshot
            return (previous, status.state, newEvents, changed)
        }
        let reference = delegateReference
        let builder = builder.withLock { $0 }
        HKCallbacks.queue.async {
            let delegate = reference.object as? any HKWorkoutSessionDelegate
            if previous != current {
                delegate?.workoutSession(self, didChangeTo: current, from: previous, date: date)
            }
            for event in newEvents where [.pause, .resume, .motionPaused, .motionResumed].contains(event.type) {
                delegate?.workoutSession(self, didGenerate: HKWorkoutEvent(event))
            }
            if let builder {
                if !newEvents.isEmpty, builder.shouldCollectWorkoutEvents { builder.delegate?.workoutBuilderDidCollectEvent(builder) }
                if !changedTypes.isEmpty {
                    builder.delegate?.workoutBuilder(builder, didCollectDataOf: Set(changedTypes.map { HKQuantityType(pace: $0) as HKSampleType }))
                }
            }
        }
    }

    /// Tells the delegate the session failed.
    func fail(_ error: HKError) {
        let reference = delegateReference
        HKCallbacks.queue.async {
            (reference.object as? any HKWorkoutSessionDelegate)?.workoutSession(self, didFailWithError: error)
        }
    }
}

/// A weak reference under a lock: delegates are held weakly, and set and read from any thread.
final class HKWeakReference: @unchecked Sendable {
    private let lock = NSLock()
    private weak var stored: AnyObject?

    /// The object, while something else holds it.
    var object: AnyObject? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
