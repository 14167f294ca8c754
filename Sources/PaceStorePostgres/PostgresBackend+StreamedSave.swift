import Foundation
import PaceModel
package import PaceStore
import PostgresNIO

extension PostgresBackend: StreamedSaveBackend {
    /// Opens a write transaction that takes a streamed save's parts as they come (DECISIONS 179):
    /// a task of its own holds the connection and the transaction, and the caller's thread hands it
    /// one part at a time. The route's locations are written before the route's object, so the
    /// transaction defers the check of their foreign key to its commit.
    ///
    /// - Throws: ``StoreError`` when called from a task of the cooperative pool (the session blocks
    ///   its caller's thread) or when the transaction cannot be opened.
    package func beginStreamedSave() throws(StoreError) -> any StreamedSaveSession {
        try refuseOnThePool("A streamed save", advice: "Call it from a thread of your own.")
        let session = PostgresStreamedSave(backend: self)
        try session.waitUntilOpen()
        return session
    }
}

/// The open transaction of a streamed save on PostgreSQL: requests from the caller's thread, each
/// answered once its statement ran, to a task that holds the transaction.
final class PostgresStreamedSave: StreamedSaveSession, Sendable {
    enum Command: Sendable {
        case locations([RouteLocation], routeID: UUID, firstPosition: Int)
        case series(QuantitySeriesSample)
        case samples(HealthObjectBatch)
        case device(Device, sampleIDs: [UUID])
        case commit(HealthObjectBatch, route: StreamedRoute?, sampleIDs: [UUID])
        /// Rolls back.
        case rollBack
    }

    /// One answer, waited for on the caller's thread.
    final class Reply: Sendable {
        private let result = Locked<Result<Void, StoreError>?>(nil)
        private let ready = DispatchSemaphore(value: 0)

        func resolve(_ outcome: Result<Void, StoreError>) {
            let first = result.withLock { value -> Bool in
                guard value == nil else { return false }
                value = outcome
                return true
            }
            if first { ready.signal() }
        }

        func wait() throws(StoreError) {
            ready.wait()
            ready.signal()
            try result.withLock { $0! }.get()
        }
    }

    struct Request: Sendable {
        let command: Command
        let reply: Reply
    }

    private let requests: AsyncStream<Request>.Continuation
    /// Set once the transaction ended (committed, rolled back or failed): no request is taken.
    private let ended = Locked<StoreError?>(nil)
    /// Answered once the transaction is open (or could not be opened).
    private let opened = Reply()
    /// Signalled once the task has ended.
    private let finished = DispatchSemaphore(value: 0)

    init(backend: PostgresBackend) {
        let (stream, continuation) = AsyncStream<Request>.makeStream()
        requests = continuation
        Task { [self] in
            await run(backend, stream)
            finished.signal()
        }
    }

    /// Holds the transaction until a commit, a roll-back or a failure, then refuses what comes after.
    private func run(_ backend: PostgresBackend, _ stream: AsyncStream<Request>) async {
        var iterator = stream.makeAsyncIterator()
        var closing: Reply?
        let outcome: Result<Void, StoreError>
        do {
            try await backend.transaction(kind: .write) { connection, account in
                let writer = try await backend.writer(connection, account)
                try await connection.run("SET CONSTRAINTS routelocation_account_routeuuid_fkey DEFERRED", logger: backend.logger)
                opened.resolve(.success(()))
                while let request = await iterator.next() {
                    switch request.command {
                    case .rollBack:
                        closing = request.reply
                        throw StreamedSaveRolledBack()
                    case .commit(let workout, let route, let sampleIDs):
                        closing = request.reply
                        _ = try await writer.insert(workout, skipping: false)
                        if let route {
                            _ = try await writer.insert(.workoutRoute(route.route), skipping: false, span: (route.start, route.end))
                        }
                        if let workoutID = workout.objects.first?.id, !sampleIDs.isEmpty {
                            try await writer.associate(samples: sampleIDs, with: workoutID)
                        }
                        try await writer.finish()
                        return
                    case .locations(let locations, let routeID, let firstPosition):
                        try await answering(request, backend) { try await writer.insertLocations(locations, routeID: routeID, firstPosition: firstPosition) }
                    case .series(let series):
                        try await answering(request, backend) { try await writer.insert(series) }
                    case .samples(let batch):
                        try await answering(request, backend) { _ = try await writer.insert(batch, skipping: false) }
                    case .device(let device, let sampleIDs):
                        try await answering(request, backend) { try await writer.setDevice(device, ofSamples: sampleIDs) }
                    }
                }
                throw StreamedSaveRolledBack()
            }
            outcome = .success(())
        } catch let error where error.cause is StreamedSaveRolledBack {
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        var refusal = Self.endedError
        if case .failure(let error) = outcome { refusal = error }
        ended.withLock { $0 = refusal }
        requests.finish()
        opened.resolve(outcome)
        closing?.resolve(outcome)
        // A request handed over while the transaction ended is answered too.
        while let request = await iterator.next() { request.reply.resolve(.failure(refusal)) }
    }

    /// Runs one part's statement, answering its request; a failure is answered and ends the transaction.
    private func answering(_ request: Request, _ backend: PostgresBackend, _ body: () async throws -> Void) async throws {
        do {
            try await body()
            request.reply.resolve(.success(()))
        } catch {
            request.reply.resolve(.failure(backend.mapped(error)))
            throw error
        }
    }

    /// The answer to a request after the transaction ended without a failure.
    static let endedError = StoreError(code: .database, message: "This streamed save has ended; nothing more can be written in it.")

    /// Waits until the transaction is open.
    func waitUntilOpen() throws(StoreError) {
        do { try opened.wait() } catch {
            finished.wait()
            finished.signal()
            throw error
        }
    }

    /// Hands `command` to the transaction's task and waits for its answer.
    private func send(_ command: Command) throws(StoreError) {
        let reply = Reply()
        let refusal = ended.withLock { ended -> StoreError? in
            if let ended { return ended }
            requests.yield(Request(command: command, reply: reply))
            return nil
        }
        if let refusal { throw refusal }
        try reply.wait()
    }

    func append(_ locations: [RouteLocation], routeID: UUID, firstPosition: Int) throws(StoreError) {
        try send(.locations(locations, routeID: routeID, firstPosition: firstPosition))
    }

    func append(_ series: QuantitySeriesSample) throws(StoreError) {
        try send(.series(series))
    }

    func append(samples: HealthObjectBatch) throws(StoreError) {
        try send(.samples(samples))
    }

    func setDevice(_ device: Device, ofSamples ids: [UUID]) throws(StoreError) {
        try send(.device(device, sampleIDs: ids))
    }

    func commit(workout: HealthObjectBatch, route: StreamedRoute?, sampleIDs: [UUID]) throws(StoreError) {
        try send(.commit(workout, route: route, sampleIDs: sampleIDs))
        finished.wait()
        finished.signal()
    }

    func rollBack() {
        try? send(.rollBack)
        finished.wait()
        finished.signal()
    }
}

/// What ends a streamed save's transaction when its caller rolls it back.
struct StreamedSaveRolledBack: Error {}
