import Foundation
public import Logging
import PaceModel
public import PaceStore

/// Device sync: brings a local store and a Pace server to the same objects, both ways.
///
/// A run asks the server who the token is (`GET /api/v1/sync/scope`), pulls every change after the
/// saved pull anchor page by page (`GET /api/v1/sync/changes`), then pushes every local change after
/// the saved push anchor in batches (`POST /api/v1/sync/objects`). Each page is applied to the
/// store in one transaction before its anchor is saved, and each batch is answered by the server
/// before its anchor is saved, so a run killed anywhere repeats at most one page or batch — and
/// both are idempotent: an object stored already, identical, is skipped; a batch sent again carries
/// the same `Idempotency-Key` (derived from its content) and gets the first answer.
///
/// ```swift
/// let client = try ServerClient(server: URL(string: "http://127.0.0.1:8080")!, token: secret)
/// let engine = SyncEngine(store: store, client: client, stateFile: SyncStateFile(storePath: path))
/// let report = try await engine.run()
/// ```
public struct SyncEngine: Sendable {
    /// How a run pages, batches and retries.
    public struct Options: Sendable {
        /// Changes per pulled page (1–10,000).
        public var pageSize = 1000
        /// Changes per pushed batch at most; a batch is halved while its JSON exceeds ``maximumBatchBytes``.
        public var batchSize = 500
        /// The largest push body, in bytes (the server takes 64 MiB).
        public var maximumBatchBytes = 32 << 20
        /// Attempts per request when it fails in a way worth retrying (``ClientError/isRetryable``).
        public var attempts = 6
        /// The wait before the first retry; doubled each time up to ``maximumBackoff``, with up to 25 % added at random.
        public var initialBackoff: Duration = .milliseconds(250)
        /// The longest wait between two attempts.
        public var maximumBackoff: Duration = .seconds(20)
        /// Forget the saved pull anchor and pull everything again (the recovery from `sync.resync`):
        /// objects stored already are skipped, so nothing is doubled.
        public var startOver = false

        /// The defaults.
        public init() {}
    }

    /// Points where tests stop or fail a run on purpose.
    package struct Hooks: Sendable {
        /// Called after page `n` (from 1) is saved locally and before its anchor is saved.
        package var pageSaved: (@Sendable (Int) async throws -> Void)?
        /// Called after batch `n` (from 1) was answered by the server and before its anchor is saved.
        package var batchPushed: (@Sendable (Int) async throws -> Void)?

        /// No hooks.
        package init() {}
    }

    /// The local store.
    public let store: HealthStore
    /// The server, with the token.
    public let client: ServerClient
    /// Where the anchors are kept.
    public let stateFile: SyncStateFile
    /// Paging, batching and retries.
    public var options: Options
    /// Test hooks.
    package var hooks = Hooks()
    let logger: Logger

    /// An engine syncing `store` with `client`'s server, keeping its anchors in `stateFile`.
    public init(store: HealthStore, client: ServerClient, stateFile: SyncStateFile, options: Options = Options(),
                logger: Logger = Logger(label: "org.pace.sync")) {
        self.store = store
        self.client = client
        self.stateFile = stateFile
        self.options = options
        self.logger = logger
    }

    /// The types device sync carries: samples, workouts and routes.
    static func isSynced(_ type: HealthObjectType) -> Bool {
        switch type {
        case .quantity, .category, .workout, .workoutRoute: true
        default: false
        }
    }

    /// Pulls, then pushes, and reports what it did.
    ///
    /// - Returns: The counts of pulled, pushed and deleted objects.
    /// - Throws: ``SyncError`` — ``SyncError/Kind/resync``, ``SyncError/Kind/conflict``, … — with the
    ///   report of what was done before; everything done before stays done.
    public func run() async throws(SyncError) -> SyncReport {
        var run = Run()
        do throws(SyncError) {
            let scope: SyncWire.Scope = try await retrying(&run, "GET /api/v1/sync/scope") { () throws(ClientError) in
                try await client.json(.get, "/api/v1/sync/scope", as: SyncWire.Scope.self)
            }
            var state = try await stateFile.state(server: client.server.absoluteString, token: scope.id)
            if options.startOver {
                state.pullAnchor = nil
                try await stateFile.save(state)
            }
            if scope.read.contains(where: { (try? HealthObjectType(identifier: $0)).map(Self.isSynced) == true }) {
                try await pull(&state, &run)
            } else {
                logger.notice("The token reads no samples, workouts or routes: nothing to pull")
            }
            let shared = scope.share.compactMap { try? HealthObjectType(identifier: $0) }.filter(Self.isSynced)
            if shared.isEmpty {
                logger.notice("The token writes no samples, workouts or routes: nothing to push")
            } else {
                try await push(&state, &run, types: shared.sorted { $0.identifier < $1.identifier })
            }
            return run.report
        } catch {
            var error = error
            error.report = run.report
            throw error
        }
    }

    /// What one run has done so far, and what it pulled (so it is not pushed back).
    struct Run {
        var report = SyncReport()
        /// UUIDs of objects this run pulled (saved, or found stored already).
        var pulledObjects = Set<UUID>()
        /// UUIDs of deletions this run pulled.
        var pulledDeletions = Set<UUID>()
    }
}
