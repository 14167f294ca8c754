import Foundation
import Logging
import PaceModel
import PaceRecorder
import PaceSensors
import PaceStore

/// The Pace recording behind one ``HKWorkoutSession`` and its ``HKLiveWorkoutBuilder``: a
/// `WorkoutSession` of the recorder, journaled in the app's store, recording for the app
/// (`WorkoutSessionConfiguration.client`), fed by a `LiveRecorder` from the sensors the
/// environment names once the builder has a data source. Every operation runs in call order.
final class HKLiveSession: @unchecked Sendable {
    /// The app's view of the store.
    let app: AuthorizedStore
    /// Where the sensors are named (`PACE_GPS`, `PACE_HEART_RATE`).
    let environment: [String: String]
    /// The recorder's configuration for this app's sessions.
    let configuration: WorkoutSessionConfiguration
    /// Operations in call order.
    let ordered = HKOrderedWork()
    private let logger = Logger(label: "org.pace.healthkit.session")
    private let recording = Locked<Recording?>(nil)
    private let monitor = Locked<Task<Void, Never>?>(nil)
    let status: Locked<HKLiveSessionStatus>

    /// The recorder session and, while sensors feed it, the live recorder.
    struct Recording {
        var session: WorkoutSession
        var recorder: LiveRecorder?
        var feeding: Task<Void, Never>?
    }

    /// The journal origin of an app's sessions: how recovery finds them.
    static func origin(for client: String) -> String { "healthkit:" + client }

    init(app: AuthorizedStore, environment: [String: String], configuration: WorkoutSessionConfiguration,
         recovered: WorkoutSession? = nil, status: HKLiveSessionStatus = HKLiveSessionStatus()) {
        self.app = app
        self.environment = environment
        self.configuration = configuration
        self.status = Locked(status)
        if let recovered { recording.withLock { $0 = Recording(session: recovered) } }
    }

    /// The recorder's configuration for `workoutConfiguration`, recording for `app`.
    static func configuration(for workoutConfiguration: HKWorkoutConfiguration, app: AuthorizedStore) -> WorkoutSessionConfiguration {
        WorkoutSessionConfiguration(
            activityType: WorkoutActivityType(rawValue: workoutConfiguration.activityType.rawValue) ?? .other,
            sourceName: HKAppIdentity.source.name, sourceBundleIdentifier: app.client, deviceName: nil,
            origin: origin(for: app.client), client: app.client, savesRoute: false)
    }

    var journal: RecordingJournal { RecordingJournal(store: app.store) }

    /// The recorder session, begun (with the configuration's metadata attached) at first use.
    func session(metadata: Metadata) async throws -> WorkoutSession {
        if let existing = recording.withLock({ $0?.session }) { return existing }
        let session: WorkoutSession
        do { session = try await WorkoutSession.begin(configuration: configuration, journal: journal) } catch {
            throw Self.error(error)
        }
        if !metadata.values.isEmpty {
            do { try await session.attach(SessionAttachment(metadata: metadata)) } catch { throw Self.error(error) }
        }
        recording.withLock { $0 = Recording(session: session) }
        return session
    }

    /// The recorder session if it was begun.
    var existingSession: WorkoutSession? { recording.withLock { $0?.session } }

    /// Starts feeding the session from `sources` (once; later calls do nothing).
    func startSensors(_ sources: [any SensorSource], onFailure: @escaping @Sendable (HKError) -> Void) async {
        guard !sources.isEmpty, let current = recording.withLock({ $0 }), current.recorder == nil else { return }
        let recorder = await LiveRecorder.recording(current.session, journal: journal, sources: sources)
        let feeding = Task {
            do throws(LiveRecordingError) { _ = try await recorder.run() } catch { onFailure(HKError(.errorInvalidArgument, message: error.message)) }
        }
        recording.withLock {
            $0?.recorder = recorder
            $0?.feeding = feeding
        }
        logger.info("Sensors feed the workout session", metadata: ["session": "\(current.session.id)",
                                                                  "sources": "\(recorder.sourceDescriptions)"])
    }

    /// Stops the sensors (the session stays open) and waits for the last readings to be journaled.
    func stopSensors() async {
        guard let current = recording.withLock({ $0 }), let recorder = current.recorder else { return }
        await recorder.requestStop(.leave)
        await current.feeding?.value
        recording.withLock {
            $0?.recorder = nil
            $0?.feeding = nil
        }
    }

    /// Starts watching the session (state, events, data) every half second, reporting through `report`.
    func startMonitor(_ report: @escaping @Sendable (HKLiveSessionSnapshot) -> Bool) {
        monitor.withLock { task in
            guard task == nil, let session = existingSession else { return }
            task = Task {
                while !Task.isCancelled {
                    guard report(await HKLiveSessionSnapshot(session)) else { return }
                    try? await Task.sleep(for: .milliseconds(500))
                }
            }
        }
    }

    /// Stops watching.
    func stopMonitor() {
        monitor.withLock { $0?.cancel() }
    }

    /// A recorder error as HealthKit's.
    static func error(_ error: SessionError) -> HKError {
        if let cause = error.cause { return HKStoreConnection.error(cause) }
        switch error.code {
        case .notAuthorized: return HKError(.errorAuthorizationDenied, message: error.message)
        case .journal, .unreadableJournal: return HKError(.errorDatabaseInaccessible, message: error.message)
        default: return HKError(.errorInvalidArgument, message: error.message)
        }
    }
}

/// What one look at a recording session saw.
struct HKLiveSessionSnapshot: Sendable {
    var state: WorkoutSessionState
    var events: [WorkoutEvent]
    var attachments: SessionAttachments
    var statistics: [QuantityTypeIdentifier: QuantityStatistics]
    var elapsed: Double
    var time: Date

    init(_ session: WorkoutSession) async {
        state = await session.state
        events = await session.events
        attachments = await session.attachments
        var statistics: [QuantityTypeIdentifier: QuantityStatistics] = [:]
        for type in await session.collectedTypes() {
            statistics[type] = await session.liveStatistics(for: type)
        }
        self.statistics = statistics
        let snapshot = await session.snapshot()
        elapsed = snapshot.elapsedTime
        time = snapshot.time
    }
}

/// What a live session has reported and collected so far.
struct HKLiveSessionStatus: Sendable {
    /// The state last reported to the delegate.
    var state = HKWorkoutSessionState.notStarted
    /// The app stopped the activity (HealthKit's `stopped`, which the recorder has no name for).
    var stopped = false
    /// The app ended the session.
    var ended = false
    var startDate: Date?
    var endDate: Date?
    var collectionStart: Date?
    var collectionEnd: Date?
    /// Events already reported.
    var reportedEvents = 0
    /// The latest look at the session.
    var latest: HKLiveSessionSnapshot?

    /// HealthKit's state for the recorder's.
    func state(for pace: WorkoutSessionState) -> HKWorkoutSessionState {
        if ended { return .ended }
        if stopped { return .stopped }
        switch pace {
        case .idle: return .notStarted
        case .preparing: return .prepared
        case .active: return .running
        case .paused: return .paused
        case .finishing, .saved, .discarded, .failed: return .ended
        }
    }
}
