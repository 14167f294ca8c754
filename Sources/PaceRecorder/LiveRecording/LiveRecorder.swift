public import Foundation
import Logging
public import PaceModel
public import PaceSensors
public import PaceStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Records live sensors into a ``WorkoutSession``: runs every ``SensorSource`` concurrently, feeds
/// their readings into the session on its clock, turns their disconnections into session events,
/// counts what they skipped, and ends by finishing the workout or leaving the session open.
///
/// The rules it applies, whoever drives it (the command line, a server, an app):
/// - **Live clock.** A reading stamped further than ``maximumClockSkew`` from the session's clock is
///   not live data (a recorded log fed as a live source, a receiver with a wrong date) and is
///   skipped as `live.clock` — unless location fixes prove, through ``GPSTimeBase``, that the GPS
///   is the better clock: then the session adopts the GPS's time (``SessionCommand/timeBase(offset:)``),
///   records the held fixes, and corrects the times of every stream this machine stamps.
/// - **Gaps.** A location stream's loss becomes `gpsLost`/`gpsRegained` (the session's GPS-gap
///   marking; the session also derives a loss from a silent GPS, and marks one gap either way);
///   every other stream's becomes `sensorDisconnected`/`sensorReconnected`.
/// - **Skipped input** is counted by reason (``LiveRecordingResult/skippedInput``).
/// - **Resume by origin.** ``prepare(journal:origin:sources:activityType:resumeInterrupted:deviceName:clock:)``
///   resumes the interrupted session recorded from the same sensors (same `origin`), and a stream
///   that session left disconnected reconnects at its first reading.
///
/// It is an actor because the sources' events arrive concurrently and change its counts and the
/// streams' states. Displays follow it through ``updates()``; it never writes to a terminal.
///
/// ```swift
/// let recorder = try await LiveRecorder.prepare(journal: journal, origin: "live:gps=gpsd", sources: [gps],
///                                               activityType: .running)
/// let updates = recorder.updates()
/// Task { for await update in updates { render(update) } }
/// switch try await recorder.run() {          // until requestStop(_:), or the session ends itself
/// case .saved(let result): …
/// case .discarded, .left: …
/// }
/// ```
public actor LiveRecorder {
    /// How a recording is asked to stop.
    public enum Stop: String, Hashable, Sendable {
        /// Finish and save the workout.
        case finish
        /// Stop recording and leave the session open, to be resumed or recovered.
        case leave
    }

    /// How a recording ended.
    public enum Outcome: Sendable {
        /// Saved as a workout.
        case saved(LiveRecordingResult)
        /// Thrown away (``WorkoutSession/discard()``).
        case discarded
        /// Left open (``Stop/leave``): preparing a recording from the same origin resumes it.
        case left(UUID)
    }

    /// How the session was begun.
    public enum Start: Hashable, Sendable {
        /// A new session.
        case began
        /// The interrupted session from the same origin, resumed after `journaledReadings` readings;
        /// nothing was recorded for `gap` seconds.
        case resumed(journaledReadings: Int, gap: Double)
    }

    /// Readings stamped further than this many seconds from the session's clock are not live data
    /// and are skipped (`live.clock`), unless the GPS proves to be the better clock (``GPSTimeBase``).
    public static let maximumClockSkew: TimeInterval = 3600
    /// Skipped input reported per reason (``LiveRecordingUpdate/skipped(_:count:)``) before it is only counted.
    public static let skippedDetailsReported = 3
    /// Updates an ``updates()`` sequence keeps when its reader falls behind (the newest are kept).
    public static let updateBufferLimit = 256

    /// The session being recorded.
    public nonisolated let session: WorkoutSession
    /// How the session was begun.
    public nonisolated let start: Start
    /// Other interrupted sessions, left open and waiting to be recovered.
    public nonisolated let waitingSessions: [JournalSession]
    /// The sources' descriptions, in order.
    public nonisolated var sourceDescriptions: [String] { sources.map(\.description) }

    let journal: RecordingJournal
    nonisolated let sources: [any SensorSource]
    /// The session's clock, against which readings are checked for being live.
    let clock: any SessionClock
    let hub = Broadcast<LiveRecordingUpdate>(replaysLatest: false)
    let logger = Logger(label: "org.pace.recorder.live")

    /// Skipped input by reason.
    public internal(set) var skippedInput: [String: Int] = [:]
    /// Each stream's state, for every stream the sources produce.
    public internal(set) var streamStatus: [SensorStream: LiveStreamStatus] = [:]
    /// The latest battery reading, when a battery source runs.
    public internal(set) var batteryLevel: BatteryReading?
    /// Seconds added to the clock, and to the times of the streams this machine stamps (every stream
    /// but location), since the session took its time from the GPS; zero before (positive when the
    /// machine's clock is behind the GPS).
    public internal(set) var timeOffset: Double
    /// Streams a resumed session's journal left disconnected: their first reading reconnects them.
    var carriedOver: Set<SensorStream>
    var stopRequest: Stop?
    var failure: SessionError?
    /// Watches location fixes too far from the clock for a receiver that is right while the clock is not.
    var timeBase = GPSTimeBase()

    private init(session: WorkoutSession, start: Start, waiting: [JournalSession], journal: RecordingJournal,
                 sources: [any SensorSource], carriedOver: Set<SensorStream>, clock: any SessionClock, timeOffset: Double) {
        self.session = session
        self.start = start
        self.waitingSessions = waiting
        self.journal = journal
        self.sources = sources
        self.carriedOver = carriedOver
        self.clock = clock
        self.timeOffset = timeOffset
        for source in sources {
            for stream in source.streams { streamStatus[stream] = .waiting }
        }
    }

    /// Resumes the interrupted session recorded from the same sensors, or begins (and starts) a new one.
    /// - Parameters:
    ///   - journal: The store's recording journal.
    ///   - origin: The sensors' canonical description, the same for the same sensors
    ///     (``WorkoutSessionConfiguration/origin``).
    ///   - sources: The sources to run.
    ///   - activityType: The activity of a new session (a resumed one keeps its own).
    ///   - resumeInterrupted: Whether to resume an interrupted session from `origin`; `false` always
    ///     begins a new one.
    ///   - deviceName: The recording device's name for a new session; `nil` for this machine's host name.
    ///   - clock: The session's clock (the system clock; tests may pass another).
    /// - Throws: ``LiveRecordingError/Code/cannotStart`` when the journal cannot be read or written.
    public static func prepare(journal: RecordingJournal, origin: String, sources: [any SensorSource],
                               activityType: WorkoutActivityType, resumeInterrupted: Bool = true, deviceName: String? = nil,
                               clock: any SessionClock = SystemSessionClock()) async throws(LiveRecordingError) -> LiveRecorder {
        do throws(SessionError) {
            let sessions: InterruptedSessions
            do { sessions = try await InterruptedSessions(journal: journal, origin: origin, resume: resumeInterrupted) } catch {
                throw SessionError(code: .journal, message: "Cannot read the recording journal: \(error.message)", cause: error)
            }
            if let interrupted = sessions.resumable {
                let contents: JournalContents
                do { contents = try await journal.contents(of: interrupted.id) } catch {
                    throw SessionError(code: .journal, message: "Cannot read the session journal: \(error.message)", cause: error)
                }
                let (session, gap) = try await WorkoutSession.recover(interrupted.id, journal: journal, clock: clock)
                let state = await session.state
                if state == .idle || state == .preparing { try await session.start() }
                let recorder = LiveRecorder(session: session, start: .resumed(journaledReadings: contents.readingCount, gap: gap),
                                            waiting: sessions.waiting, journal: journal, sources: sources,
                                            carriedOver: disconnectedStreams(in: contents), clock: clock,
                                            timeOffset: await session.timeOffset)
                recorder.logger.info("Resuming interrupted session", metadata: ["session": "\(session.id)", "gap": "\(gap)"])
                return recorder
            }
            let configuration = WorkoutSessionConfiguration(activityType: activityType, deviceName: deviceName ?? hostName(),
                                                            origin: origin)
            let session = try await WorkoutSession.begin(configuration: configuration, journal: journal, clock: clock)
            try await session.start()
            let recorder = LiveRecorder(session: session, start: .began, waiting: sessions.waiting, journal: journal,
                                        sources: sources, carriedOver: [], clock: clock, timeOffset: 0)
            recorder.logger.info("Recording session", metadata: ["session": "\(session.id)", "origin": "\(origin)"])
            return recorder
        } catch {
            throw LiveRecordingError(code: .cannotStart, message: error.message, cause: error)
        }
    }

    /// Records a session its caller began or recovered and drives (HealthKit's live workout session
    /// does): the same live rules, without resuming or starting anything. ``run()`` feeds it until
    /// ``requestStop(_:)``; stopping with ``Stop/leave`` leaves the session to its caller.
    /// - Parameters:
    ///   - session: The session, in any state that takes readings (readings before are skipped).
    ///   - journal: The journal holding it.
    ///   - sources: The sources to run.
    ///   - clock: The session's clock.
    public static func recording(_ session: WorkoutSession, journal: RecordingJournal, sources: [any SensorSource],
                                 clock: any SessionClock = SystemSessionClock()) async -> LiveRecorder {
        LiveRecorder(session: session, start: .began, waiting: [], journal: journal, sources: sources, carriedOver: [],
                     clock: clock, timeOffset: await session.timeOffset)
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

    /// A sequence of this recording's updates from now on, for one display; subscribe before
    /// ``run()`` to see them all. It ends when ``run()`` returns.
    public nonisolated func updates() -> LiveRecordingUpdates {
        LiveRecordingUpdates(stream: hub.subscribe(bufferingNewest: Self.updateBufferLimit))
    }
}
