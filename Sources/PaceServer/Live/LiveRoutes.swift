import Foundation
import HTTPTypes
import Hummingbird
import PaceAPI
import PaceModel

/// Live recordings (docs/SERVER.md, "Live recordings"): a publisher sends numbered batches of a
/// session's snapshots and route points; watchers follow them as Server-Sent Events.
///
/// - `POST /api/v1/live/{session}/batches` stores the session's next batch; a resent one is
///   acknowledged without being stored twice, one after a gap is refused (`live.gap`). Needs share
///   access to workouts.
/// - `GET /api/v1/live` lists the account's sessions in progress; `GET /api/v1/live/{session}` is
///   one session (a publisher resuming reads its last number there). Need read access to workouts
///   (the session alone also share access).
/// - `GET /api/v1/live/{session}/events` streams the batches after `Last-Event-ID`, then each new
///   one, then `end`. Needs read access to workouts; points need routes, heart rates heart rate.
struct LiveRoutes: Sendable {
    let gate: Gate
    let store: LiveStore
    let bell: LiveBell
    /// How long a quiet event stream waits before a keep-alive comment.
    let keepAlive: Duration

    init(gate: Gate, keepAlive: Duration = .seconds(15)) {
        self.gate = gate
        self.store = LiveStore(pool: gate.directory.pool)
        self.bell = LiveBell()
        self.keepAlive = keepAlive
    }

    /// The live routes, for ``ServerRoutes/routes``.
    var routes: [ServerRoutes.Route] {
        [
            .init(method: .post, path: "/api/v1/live/:session/batches") { try await publish($0, context: $1).response(from: $0, context: $1) },
            .init(method: .get, path: "/api/v1/live") { try await sessions($0, context: $1).response(from: $0, context: $1) },
            .init(method: .get, path: "/api/v1/live/:session") { try await session($0, context: $1).response(from: $0, context: $1) },
            .init(method: .get, path: "/api/v1/live/:session/events") { try await events($0, context: $1) },
        ]
    }

    @Sendable func publish(_ request: Request, context: ServerRequestContext) async throws -> EditedResponse<LiveBatchReplyJSON> {
        let caller = try await gate.caller(request, context)
        try caller.requireShare(.workout)
        let session = try Self.sessionID(context)
        let batch = try await request.decodeJSON(LiveBatch.self, upTo: context.maxUploadSize, advice: "send fewer points per batch.",
                                                 decoder: context.requestDecoder,
                                                 invalid: ServerError(.badRequest, code: "live.invalid", message: "Send {\"sequence\": n, \"snapshot\": {…}, \"points\": […], \"end\": {…}} as JSON with RFC 3339 times such as 2026-11-26T07:00:00Z (docs/api/openapi.yaml)."))
        guard batch.points.count <= LiveStore.maximumPoints else {
            throw ServerError(.contentTooLarge, code: "live.tooLarge",
                              message: "A batch holds at most \(LiveStore.maximumPoints) points; send them in several batches.")
        }
        do { try batch.validate() } catch { throw ServerError(.badRequest, code: "live.invalid", message: error.description) }
        let body = String(decoding: try context.responseEncoder.encode(batch), as: UTF8.self)
        let account = caller.token.account
        switch try await store.append(batch, body: body, account: account, session: session) {
        case .stored:
            await bell.ring(.init(account: account, session: session), ended: batch.end != nil)
            return EditedResponse(status: .created, response: LiveBatchReplyJSON(sequence: batch.sequence, stored: true, lastSequence: batch.sequence))
        case .repeated(let last):
            return EditedResponse(status: .ok, response: LiveBatchReplyJSON(sequence: batch.sequence, stored: false, lastSequence: last))
        }
    }

    @Sendable func sessions(_ request: Request, context: ServerRequestContext) async throws -> LiveSessionListJSON {
        let caller = try await gate.caller(request, context)
        try caller.requireRead(.workout)
        return LiveSessionListJSON(sessions: try await store.sessionsInProgress(account: caller.token.account))
    }

    @Sendable func session(_ request: Request, context: ServerRequestContext) async throws -> LiveSessionJSON {
        let caller = try await gate.caller(request, context)
        if !caller.token.share.contains(.workout) { try caller.requireRead(.workout) }
        guard let found = try await store.session(try Self.sessionID(context), account: caller.token.account) else {
            throw ServerError.notFound("live session")
        }
        return found
    }

    @Sendable func events(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let caller = try await gate.caller(request, context)
        try caller.requireRead(.workout)
        let id = try Self.sessionID(context)
        let account = caller.token.account
        guard try await store.session(id, account: account) != nil else { throw ServerError.notFound("live session") }
        let after = try Self.lastEventID(request)
        let stream = LiveEventStream(store: store, bell: bell, key: .init(account: account, session: id), keepAlive: keepAlive,
                                     showsPoints: caller.token.read.contains(.workoutRoute),
                                     showsHeartRate: caller.token.read.contains(.quantity(.heartRate)))
        return Response(status: .ok, headers: [.contentType: "text/event-stream; charset=utf-8"],
                        body: ResponseBody { writer in try await stream.write(after: after, to: &writer) })
    }

    static func sessionID(_ context: ServerRequestContext) throws -> UUID {
        guard let id = UUID(uuidString: try context.parameters.require("session")) else { throw ServerError.notFound("live session") }
        return id
    }

    /// `Last-Event-ID` (the last batch number a watcher has), 0 when absent.
    static func lastEventID(_ request: Request) throws -> Int {
        guard let text = request.headers[lastEventIDHeader]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return 0 }
        guard let number = Int(text), number >= 0 else {
            throw ServerError(.badRequest, code: "request.header", message: "Last-Event-ID is the number of the last event received, e.g. 12.")
        }
        return number
    }

    static let lastEventIDHeader = HTTPField.Name("Last-Event-ID")!
}
