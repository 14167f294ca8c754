import GRDB
import PaceModel

extension SQLiteBackend {
    package func commits(touching areas: StoreAreas) -> AsyncThrowingStream<Void, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Void, any Error>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let observation = DatabaseRegionObservation(tracking: Self.tables(of: areas).map { Table($0) })
        let state = Locked(ObservationState.pending)
        let writer = self.writer
        // Started on the writer's queue, where GRDB registers the observer at once (from any other
        // thread it would block until the writer is free); the first element follows the
        // registration, so no commit after it goes unnoticed.
        writer.asyncWriteWithoutTransaction { _ in
            let cancellable = observation.start(in: writer, onError: { continuation.finish(throwing: $0) },
                                                onChange: { _ in continuation.yield() })
            let stopped = state.withLock { state -> Bool in
                if case .stopped = state { return true }
                state = .started(cancellable)
                return false
            }
            if stopped { cancellable.cancel() } else { continuation.yield() }
        }
        // Another process's commits reach no observer of this one: a file store is also polled
        // for a change of the areas' fingerprint.
        let poller: Task<Void, Never>? = location == nil ? nil : Task { [self] in
            var last = try? await fingerprint(of: areas)
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.crossProcessPollInterval)
                guard let now = try? await fingerprint(of: areas) else { continue }
                if now != last { continuation.yield() }
                last = now
            }
        }
        continuation.onTermination = { _ in
            poller?.cancel()
            let started = state.withLock { state -> AnyDatabaseCancellable? in
                defer { state = .stopped }
                if case .started(let cancellable) = state { return cancellable }
                return nil
            }
            started?.cancel()
        }
        return stream
    }

    /// How often a file store is checked for commits made by other processes: 0.5 s.
    static let crossProcessPollInterval = Duration.milliseconds(500)

    /// A value that changes with every commit touching `areas`: the latest anchor for health
    /// objects, the activity summaries' count and latest save time.
    func fingerprint(of areas: StoreAreas) async throws(StoreError) -> [Double] {
        try await read { db in
            var values: [Double] = []
            if areas.contains(.healthObjects) { values.append(Double(try Self.lastAnchor(db))) }
            if areas.contains(.activitySummaries) {
                let row = try Row.fetchOne(db, sql: "SELECT COUNT(*), COALESCE(MAX(savedAt), 0) FROM activitySummary")
                values += [row?[0] ?? 0, row?[1] ?? 0]
            }
            return values
        }
    }

    /// The tables holding `areas`.
    static func tables(of areas: StoreAreas) -> [String] {
        var tables: [String] = []
        if areas.contains(.healthObjects) { tables += ["healthObject", "tombstone", "storeState"] }
        if areas.contains(.activitySummaries) { tables.append("activitySummary") }
        return tables
    }
}

/// Where a commit observation stands.
private enum ObservationState: @unchecked Sendable {
    /// Not registered yet.
    case pending
    /// Registered; cancelling it stops the notifications.
    case started(AnyDatabaseCancellable)
    /// The consumer stopped.
    case stopped
}
