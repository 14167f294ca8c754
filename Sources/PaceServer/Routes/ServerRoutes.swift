import Foundation
import HTTPTypes
import Hummingbird
import PaceAPI
import PaceAnalysis
import PaceModel
import PaceStore
import PaceTransfer

/// The API under `/api/v1`: every handler asks ``Gate`` who is calling before anything else.
struct ServerRoutes: Sendable {
    let gate: Gate
    let uploads: UploadRoutes
    let sessions: SessionRoutes
    let live: LiveRoutes
    let pages: WebPages
    /// Answers about single workouts, kept under their revisions (shared with the pages).
    var answers: WorkoutAnswers { pages.answers }

    /// One route: a method, a path pattern (`:name` matches one segment) and its handler.
    struct Route: Sendable {
        let method: HTTPRequest.Method
        let path: String
        let handler: @Sendable (Request, ServerRequestContext) async throws -> Response
    }

    /// Every route, in one list: the router is built from it and ``RouteTable`` answers `405`s from it.
    var routes: [Route] {
        let revisions = answers.revisions
        let push = SyncPush(gate: gate, replies: SyncReplies(directory: gate.directory)) { await revisions.refresh(account: $0) }
        return [
            Route(method: .get, path: "/api/v1/health") { try HealthJSON(status: "ok").response(from: $0, context: $1) },
            Route(method: .post, path: "/api/v1/tokens") { try await createToken($0, context: $1).response(from: $0, context: $1) },
            Route(method: .get, path: "/api/v1/tokens") { try await listTokens($0, context: $1).response(from: $0, context: $1) },
            Route(method: .delete, path: "/api/v1/tokens/:id") { try await revokeToken($0, context: $1).response(from: $0, context: $1) },
            Route(method: .get, path: "/api/v1/workouts") { try await workouts($0, context: $1).response(from: $0, context: $1) },
            Route(method: .get, path: "/api/v1/workouts/:id") { try await workout($0, context: $1).response(from: $0, context: $1) },
            Route(method: .get, path: "/api/v1/workouts/:id/routes/:route") { try await route($0, context: $1).response(from: $0, context: $1) },
            Route(method: .get, path: "/api/v1/samples/:type") { try await samples($0, context: $1).response(from: $0, context: $1) },
            Route(method: .get, path: "/api/v1/sync/changes") { try await changes($0, context: $1).response(from: $0, context: $1) },
            Route(method: .post, path: "/api/v1/sync/objects") { try await push.push($0, context: $1).response(from: $0, context: $1) },
            Route(method: .post, path: "/api/v1/uploads") { try await uploads.upload($0, context: $1).response(from: $0, context: $1) },
            Route(method: .get, path: "/api/v1/uploads/:id") { try await uploads.status($0, context: $1).response(from: $0, context: $1) },
        ] + sessions.routes + WorkoutExtraRoutes(gate: gate, answers: answers).routes + StatisticsRoutes(gate: gate).routes + SampleRoutes(gate: gate).routes + SummaryRoutes(gate: gate).routes + live.routes + SyncScopeRoutes(gate: gate).routes
            + pages.routes
    }

    /// The routes' methods and paths.
    var table: RouteTable { RouteTable(routes: routes.map { ($0.method, $0.path) }) }

    /// Registers every route on `router`.
    func add(to router: Router<ServerRequestContext>) {
        for route in routes { router.on(RouterPath(route.path), method: route.method, use: route.handler) }
    }

    struct HealthJSON: ResponseEncodable, Codable, Sendable {
        var status: String
    }

    // MARK: Tokens

    @Sendable func createToken(_ request: Request, context: ServerRequestContext) async throws -> EditedResponse<TokenJSON> {
        let account = try await gate.account(request, context)
        let asked = try await request.decodeJSON(TokenRequestJSON.self, upTo: context.maxUploadSize, advice: "name fewer types.",
                                                 decoder: context.requestDecoder,
                                                 invalid: ServerError(.badRequest, code: "request.body", message: "Send {\"name\": …, \"read\": [type identifiers], \"share\": [type identifiers]} as JSON."))
        let read = try Self.types(asked.read, "read"), share = try Self.types(asked.share, "share")
        if let readOnly = share.first(where: \.isReadOnly) {
            throw ServerError(.badRequest, code: "token.scope", message: "\(readOnly.identifier) can only be read; take it out of share.")
        }
        let (token, secret) = try await gate.directory.createToken(for: account, name: asked.name, read: read, share: share)
        // The token's permissions live in the account's store too, so its rules apply to the token's client.
        let store = try await gate.stores.store(for: account.id)
        // The token's client is new: every decision is undetermined, and all are written in one transaction.
        let types = read.union(share)
        try await store.authorization(for: token.client).requestAuthorization(
            toShare: types.filter { !$0.isReadOnly }, read: types) { type, access in
            access == .share ? share.contains(type) : read.contains(type)
        }
        return EditedResponse(status: .created, response: TokenJSON(token, secret: secret))
    }

    @Sendable func listTokens(_ request: Request, context: ServerRequestContext) async throws -> TokenListJSON {
        let account = try await gate.account(request, context)
        return TokenListJSON(tokens: try await gate.directory.tokens(of: account).map { TokenJSON($0) })
    }

    @Sendable func revokeToken(_ request: Request, context: ServerRequestContext) async throws -> HTTPResponse.Status {
        let account = try await gate.account(request, context)
        guard let id = UUID(uuidString: try context.parameters.require("id")),
              try await gate.directory.revokeToken(id, of: account) else { throw ServerError.notFound("live token") }
        return .noContent
    }

    // MARK: Workouts

    @Sendable func workouts(_ request: Request, context: ServerRequestContext) async throws -> WorkoutPageJSON {
        let caller = try await gate.caller(request, context)
        try caller.requireRead(.workout)
        let query = request.query
        var predicate = try query.interval()
        if let type = try query.activityType() { predicate = predicate && .activityType(type) }
        if let cursor = try query.cursor() { predicate = predicate && cursor.predicate }
        let limit = try query.limit(default: 50, maximum: 500)
        let found = try await caller.store.samples(matching: .workout, predicate: predicate, sort: [.startDate(ascending: false)],
                                                   limit: limit + 1)
        let workouts = found.prefix(limit).compactMap { object -> Workout? in if case .workout(let workout) = object { workout } else { nil } }
        let cursor = PageCursor(after: workouts, more: found.count > limit, start: \.startDate, id: \.id)
        return WorkoutPageJSON(workouts: workouts.map(WorkoutJSON.init), nextCursor: cursor?.text)
    }

    @Sendable func workout(_ request: Request, context: ServerRequestContext) async throws -> CachedJSON {
        let caller = try await gate.caller(request, context)
        try caller.requireRead(.workout)
        let workout = try await Self.visibleWorkout(try context.parameters.require("id"), caller)
        return try await answers.detail(workout, reader: AnswerReader(caller))
    }

    @Sendable func route(_ request: Request, context: ServerRequestContext) async throws -> RoutePageJSON {
        let caller = try await gate.caller(request, context)
        try caller.requireRead(.workout)
        try caller.requireRead(.workoutRoute)
        let workout = try await Self.visibleWorkout(try context.parameters.require("id"), caller)
        guard let routeID = UUID(uuidString: try context.parameters.require("route")) else { throw ServerError.notFound("route") }
        let query = request.query
        let after = try query.wholeNumber("after", in: 0...Int.max)
        // Only the page is read: the route's owner is checked by its row, not by loading the workout's routes.
        guard let page = try await caller.store.routeLocations(routeID, ofWorkout: workout.id, after: after, limit: try query.limit(default: 1000, maximum: 10_000)) else {
            throw ServerError.notFound("route")
        }
        return RoutePageJSON(locations: page.locations.map {
            RoutePageJSON.Location(time: $0.timestamp, latitude: $0.latitude, longitude: $0.longitude, altitude: $0.altitude,
                                   speed: $0.speed, horizontalAccuracy: $0.horizontalAccuracy)
        }, next: page.next)
    }

    // MARK: Samples

    @Sendable func samples(_ request: Request, context: ServerRequestContext) async throws -> SamplePageJSON {
        let caller = try await gate.caller(request, context)
        let type = try SampleRoutes.sampleType(context)
        try caller.requireRead(type)
        let query = request.query
        var predicate = try query.interval()
        if let source = query["source"] { predicate = predicate && .source(source) }
        if let cursor = try query.cursor() { predicate = predicate && cursor.predicate }
        let limit = try query.limit(default: 500, maximum: 5000)
        let found = try await caller.store.samples(matching: type, predicate: predicate, sort: [.startDate(ascending: false)], limit: limit + 1)
        let samples = found.prefix(limit).compactMap(SampleJSON.init)
        let cursor = PageCursor(after: samples, more: found.count > limit, start: \.start, id: \.id)
        return SamplePageJSON(samples: samples, nextCursor: cursor?.text)
    }

    // MARK: Sync

    /// Every change the token may read after an anchor, in the order they were made, paged: the
    /// pull half of device sync (the store's anchored query over all the token's types at once).
    @Sendable func changes(_ request: Request, context: ServerRequestContext) async throws -> SyncPageJSON {
        let caller = try await gate.caller(request, context)
        let types = caller.token.read.filter { type in
            switch type {
            case .quantity, .category, .workout, .workoutRoute: true
            default: false
            }
        }.sorted { $0.identifier < $1.identifier }
        guard !types.isEmpty else {
            throw ServerError(.forbidden, code: "scope.read", message: "This token may read no samples, workouts or routes to sync.")
        }
        let query = request.query
        let anchor = try query.syncAnchor()
        let limit = try query.limit(default: 1000, maximum: 10_000)
        let result: AnchoredObjectResult
        do throws(StoreError) {
            result = try await caller.store.anchoredObjects(types.map { AnchoredObjectQuery(type: $0, anchor: anchor) }, limit: limit)
        } catch {
            guard error.code == .foreignAnchor else { throw error }
            throw ServerError(.gone, code: "sync.resync",
                              message: "This anchor belongs to a store the server no longer has; pull again without an anchor and replace what you have.")
        }
        var objects: [SyncObjectJSON] = []
        objects.reserveCapacity(result.added.count)
        for object in result.added {
            // A series sample travels with its values (DECISIONS 172).
            if case .quantitySample(let sample) = object, sample.count > 1 {
                objects.append(SyncObjectJSON(object, values: try await caller.store.seriesValues(of: sample.id)))
            } else {
                objects.append(SyncObjectJSON(object))
            }
        }
        return SyncPageJSON(objects: objects,
                            deleted: result.deleted.map { SyncDeletionJSON(id: $0.id, type: $0.objectType.identifier, deletedAt: $0.deletedAt) },
                            anchor: SyncAnchorText.text(result.anchor), hasMore: result.hasMore)
    }

    // MARK: Parameters

    /// A workout the caller may see, or `notFound` — also for another account's or another source's it may not read.
    static func visibleWorkout(_ text: String, _ caller: Gate.TokenCaller) async throws -> Workout {
        guard let id = UUID(uuidString: text), case .workout(let workout)? = try await caller.store.object(id: id) else {
            throw ServerError.notFound("workout")
        }
        return workout
    }

    static func types(_ identifiers: [String], _ field: String) throws -> Set<HealthObjectType> {
        Set(try identifiers.map { identifier in
            do { return try HealthObjectType(identifier: identifier) } catch {
                throw ServerError(.badRequest, code: "token.scope", message: "'\(identifier)' in \(field) is not a type identifier.")
            }
        })
    }
}
