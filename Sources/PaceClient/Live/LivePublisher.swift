public import Foundation
public import Logging
public import PaceAPI

/// Publishes a live recording to a Pace server (`POST /api/v1/live/{session}/batches`) while it goes on.
///
/// The recording hands it snapshots and journaled route points (``update(_:)``, ``add(_:)``) and
/// never waits on the network: they are queued, and ``run()`` sends them as numbered batches at
/// most once per ``Configuration/interval``, oldest first. A batch, once numbered, is sent again
/// unchanged until the server acknowledges it — a resend the server had already is acknowledged
/// without being stored twice — so when the network drops every batch still arrives exactly once,
/// in order. Retryable failures (``ClientError/isRetryable``) are retried with exponential backoff;
/// any other ends publishing (the recording goes on). Memory is bounded: the newest snapshot
/// only, and at most ``Configuration/maximumQueuedPoints`` waiting points (the oldest are dropped
/// past that, and counted).
///
/// ```swift
/// let publisher = LivePublisher(client: client, session: session.id)
/// let sending = Task { await publisher.run() }
/// await publisher.update(snapshot); await publisher.add(points)   // as the recording journals them
/// await publisher.finish(.saved(workoutID))                         // the last batch says how it ended
/// let report = await sending.value
/// ```
public actor LivePublisher {
    /// How often and how much to send.
    public struct Configuration: Sendable {
        /// The shortest time between two batches while caught up: 1 s.
        public var interval: Duration = .seconds(1)
        /// Points one batch carries at most (the server takes up to 1,000).
        public var maximumBatchPoints = 500
        /// Points kept waiting at most; past it the oldest are dropped. 20,000 is over a day of
        /// points at the recorder's one per 5 s.
        public var maximumQueuedPoints = 20_000
        /// The first wait after a retryable failure, doubled after each further one.
        public var firstRetryDelay: Duration = .milliseconds(500)
        /// The longest wait between retries.
        public var maximumRetryDelay: Duration = .seconds(30)

        /// The defaults.
        public init() {}
    }

    /// What publishing did, when ``run()`` returns.
    public struct Report: Sendable, Equatable {
        /// Batches the server stored or already had, this run.
        public var deliveredBatches: Int
        /// The number of the last batch delivered (0 when none).
        public var lastSequence: Int
        /// Points delivered.
        public var deliveredPoints: Int
        /// Points dropped because too many waited (the network was away for long).
        public var droppedPoints: Int
        /// Whether the end of the recording was delivered.
        public var endDelivered: Bool
        /// Why publishing stopped early, if it did.
        public var failure: ClientError?
    }

    let client: ServerClient
    /// The recording session's identifier, which names the live session on the server.
    public nonisolated let session: UUID
    let configuration: Configuration
    let logger: Logger

    private var snapshot: LiveSnapshot?
    private var snapshotIsNew = false
    private var points: [LivePoint] = []
    private var end: LiveEnd?
    private var ending = false
    private var wake: CheckedContinuation<Void, Never>?
    private var report = Report(deliveredBatches: 0, lastSequence: 0, deliveredPoints: 0, droppedPoints: 0, endDelivered: false)

    /// A publisher of `session` through `client` (whose token needs share access to workouts).
    public init(client: ServerClient, session: UUID, configuration: Configuration = Configuration(),
                logger: Logger = Logger(label: "org.pace.client.live")) {
        self.client = client
        self.session = session
        self.configuration = configuration
        self.logger = logger
    }

    /// The recording's latest snapshot; only the newest waiting one is sent.
    public func update(_ snapshot: LiveSnapshot) {
        self.snapshot = snapshot
        snapshotIsNew = true
    }

    /// Route points the recording journaled, oldest first.
    public func add(_ newPoints: [LivePoint]) {
        points += newPoints
        let excess = points.count - configuration.maximumQueuedPoints
        if excess > 0 {
            points.removeFirst(excess)
            report.droppedPoints += excess
        }
    }

    /// The recording is over: what waits is sent, then a last batch saying how it ended (`nil`:
    /// the session was left open to be resumed, so no end is sent), then ``run()`` returns.
    public func finish(_ end: LiveEnd?) {
        self.end = end
        ending = true
        wake?.resume()
        wake = nil
    }

    /// Sends batches until ``finish(_:)``'s last one is delivered, publishing fails for a reason a
    /// retry cannot fix, or the task is cancelled.
    /// - Returns: What was delivered.
    public func run() async -> Report {
        do {
            var next = try await retrying { try await self.serverLastSequence() } + 1
            report.lastSequence = next - 1
            while !Task.isCancelled {
                if let batch = takeBatch(sequence: next) {
                    next = try await deliver(batch)
                    if batch.end != nil { break }
                    if !points.isEmpty || ending { continue }
                } else if ending {
                    break
                }
                await pause(configuration.interval)
            }
        } catch is CancellationError {
            logger.debug("Live publishing cancelled", metadata: ["session": "\(session)"])
        } catch {
            let failure = error as? ClientError ?? ClientError(.response, "\(error)")
            logger.error("Live publishing stopped", metadata: ["session": "\(session)", "error": "\(failure.message)"])
            report.failure = failure
        }
        return report
    }

    /// The next batch: the waiting points (up to the batch size), the snapshot if new, and the end
    /// once nothing else waits; `nil` when there is nothing to send.
    private func takeBatch(sequence: Int) -> LiveBatch? {
        let taken = Array(points.prefix(configuration.maximumBatchPoints))
        let last = ending && end != nil && taken.count == points.count
        guard !taken.isEmpty || snapshotIsNew || last else { return nil }
        points.removeFirst(taken.count)
        let batch = LiveBatch(sequence: sequence, snapshot: snapshotIsNew ? snapshot : nil, points: taken, end: last ? end : nil)
        snapshotIsNew = false
        return batch
    }

    /// Sends `batch` until the server has it; returns the number of the batch after it.
    private func deliver(_ batch: LiveBatch) async throws -> Int {
        var batch = batch
        var sent = try ServerClient.encoder.encode(batch)
        while true {
            do {
                let attempt = sent
                let reply: LiveBatchReply = try await retrying {
                    try await self.client.json(.post, "/api/v1/live/\(self.session.uuidString)/batches", body: attempt)
                }
                report.deliveredBatches += 1
                report.deliveredPoints += batch.points.count
                report.lastSequence = batch.sequence
                if batch.end != nil { report.endDelivered = true }
                if !reply.stored { logger.debug("Batch was stored already", metadata: ["sequence": "\(batch.sequence)"]) }
                return batch.sequence + 1
            } catch let error as ClientError where error.serverCode == "live.gap" {
                // The server holds fewer batches than sent (its data was restored): number this one after its last.
                let last = try await retrying { try await self.serverLastSequence() }
                logger.warning("Server is missing batches; continuing after its last", metadata: ["last": "\(last)"])
                batch.sequence = last + 1
                sent = try ServerClient.encoder.encode(batch)
            }
        }
    }

    /// The number of the last batch the server holds for the session (0 for a new one).
    private func serverLastSequence() async throws(ClientError) -> Int {
        let response = try await client.send(.get, "/api/v1/live/\(session.uuidString)")
        if response.status == 404 { return 0 }
        try ServerClient.check(response, "GET /api/v1/live/\(session.uuidString)")
        return try response.decode(LiveSessionRecord.self, request: "GET /api/v1/live/{session}").lastSequence
    }

    /// Runs `operation` until it succeeds or fails for good, waiting longer after each retryable failure.
    private func retrying<T: Sendable>(_ operation: @Sendable () async throws -> T) async throws -> T {
        var delay = configuration.firstRetryDelay
        while true {
            try Task.checkCancellation()
            do { return try await operation() } catch let error as ClientError where error.isRetryable {
                logger.info("Live publishing will retry", metadata: ["session": "\(session)", "error": "\(error.message)",
                                                                     "delay": "\(delay)"])
                try await Task.sleep(for: delay)
                delay = min(delay * 2, configuration.maximumRetryDelay)
            }
        }
    }

    /// Waits `duration`, or less if ``finish(_:)`` comes first.
    private func pause(_ duration: Duration) async {
        guard !ending else { return }
        let timer = Task { [weak self] in
            try? await Task.sleep(for: duration)
            await self?.resumeWake()
        }
        await withCheckedContinuation { wake = $0 }
        timer.cancel()
    }

    private func resumeWake() {
        wake?.resume()
        wake = nil
    }
}
