import Foundation
import PaceAnalysis
import PaceModel
import PaceStore
import PaceTrack
import PaceTransfer

/// Who an answer is for: an account's store as one client with one read scope sees it.
struct AnswerReader: Sendable {
    /// The account.
    var account: UUID
    /// The reading client's bundle identifier.
    var client: String
    /// The types the reader may read.
    var read: Set<HealthObjectType>
    /// The account's store as the client.
    var store: AuthorizedStore

    /// The reader behind an API or page request.
    init(_ caller: Gate.TokenCaller) {
        self.init(account: caller.token.account, client: caller.token.client, read: caller.token.read, store: caller.store)
    }

    /// A reader of `store` as `client` with `read`.
    init(account: UUID, client: String, read: Set<HealthObjectType>, store: AuthorizedStore) {
        self.account = account
        self.client = client
        self.read = read
        self.store = store
    }
}

/// The server's kept answers about single workouts — the API's details, chart series and route
/// polylines, and the workout page's analysis — each kept under the workout's revision
/// (``WorkoutRevisions``), so it survives every change that does not touch the workout. The API
/// routes and the pages share them: the page's chart and map ask the API for what the page's own
/// request may already have made.
struct WorkoutAnswers: Sendable {
    let revisions = WorkoutRevisions(capacity: 64)
    let details = AnswerCache<CachedJSON>(capacity: 256)
    let charts = AnswerCache<CachedJSON>(capacity: 64)
    let polylines = AnswerCache<CachedJSON>(capacity: 64)
    let analyses = AnswerCache<Analysed>(capacity: 256)

    /// The chart points the workout page asks for.
    static let pageChartPoints = 500
    /// The polyline tolerance the workout page asks for (it names none), metres.
    static var pageTolerance: Double { WorkoutExtraRoutes.defaultTolerance }

    /// A workout's analysis and the identifiers of its routes.
    struct Analysed: Sendable {
        var analysis: WorkoutAnalysis
        var routes: [UUID]
    }

    /// The key of an answer about `workout` (or one of its routes, `part`) for `reader`, at the workout's revision.
    func key(_ reader: AnswerReader, workout: UUID, part: UUID? = nil, variant: Int = 0) async throws -> AnswerKey {
        let revision = try await revisions.revision(of: workout, for: AccountClient(account: reader.account, client: reader.client),
                                                    store: reader.store)
        return AnswerKey(account: reader.account, client: reader.client, read: reader.read, workout: workout, part: part,
                         version: revision, variant: variant)
    }

    /// The workout page's analysis of `workout`, with the account's heart-rate `zones`.
    func analysed(_ workout: Workout, zones: HeartRateZones, reader: AnswerReader) async throws -> Analysed {
        try await analyses.answer(try await key(reader, workout: workout.id, variant: zones.hashValue)) {
            let routes = try await reader.store.routes(forWorkout: workout.id)
            let series = try await WorkoutSeries(store: reader.store, workout: workout)
            return Analysed(analysis: WorkoutAnalysis(workout: workout, routes: routes, series: series, options: .init(zones: zones)),
                            routes: routes.map(\.id))
        }
    }

    /// The API's details of `workout`: its figures, routes, laps and splits.
    func detail(_ workout: Workout, reader: AnswerReader) async throws -> CachedJSON {
        try await details.answer(try await key(reader, workout: workout.id)) {
            let routes = reader.read.contains(.workoutRoute) ? try await reader.store.routes(forWorkout: workout.id) : []
            // Laps and splits are PaceTransfer's analysis (as `pace show` gives them), over what the token may read.
            let analysis = WorkoutAnalysis(workout: workout, routes: routes, series: try await WorkoutSeries(store: reader.store, workout: workout))
            return try CachedJSON(WorkoutDetailJSON(workout, routes: routes.map(\.id), analysis: analysis))
        }
    }

    /// The chart series of `workout`, at most `points` of them.
    func chart(_ workout: Workout, points: Int, reader: AnswerReader) async throws -> CachedJSON {
        try await charts.answer(try await key(reader, workout: workout.id, variant: points)) {
            let routes = reader.read.contains(.workoutRoute) ? try await reader.store.routes(forWorkout: workout.id) : []
            let chart = WorkoutChart(workout: workout, routes: routes, series: try await WorkoutSeries(store: reader.store, workout: workout),
                                     maximumPoints: points)
            return try CachedJSON(ChartJSON(chart))
        }
    }

    /// Route `routeID` of `workout` thinned by Douglas–Peucker to `tolerance` metres; `404 notFound`
    /// when the workout has no such route.
    func polyline(_ workout: Workout, route routeID: UUID, tolerance: Double, reader: AnswerReader) async throws -> CachedJSON {
        // Tolerances are kept to the millimetre: finer ones are the same answer.
        let key = try await key(reader, workout: workout.id, part: routeID, variant: Int((tolerance * 1000).rounded()))
        return try await polylines.answer(key) {
            guard let route = try await reader.store.routes(forWorkout: workout.id).first(where: { $0.id == routeID }) else {
                throw ServerError.notFound("route")
            }
            let kept = RouteSimplifier.simplify(route.locations, toleranceMeters: tolerance)
            return try CachedJSON(PolylineJSON(tolerance: tolerance, sourceCount: route.locations.count,
                                               points: kept.map { PolylineJSON.Point(latitude: $0.latitude, longitude: $0.longitude) },
                                               encoded: EncodedPolyline.encode(kept.map { ($0.latitude, $0.longitude) })))
        }
    }

    /// Makes ahead what the workout page of each of `workouts` will ask for (its analysis, chart and
    /// map) as the web client of `account` sees it, so the first visit after an upload finds them
    /// made. The web client is first allowed what a sign-in allows it (``HealthStore/allowWebClient()``),
    /// so the answers are the ones a session will see; failures are left for the visit to meet and report.
    func prepare(_ workouts: [UUID], account: UUID, store: HealthStore, zones: HeartRateZones) async {
        guard (try? await store.allowWebClient()) != nil else { return }
        let reader = AnswerReader(account: account, client: AccessToken.webClient, read: Set(HealthObjectType.allTypes),
                                  store: store.authorization(for: AccessToken.webClient))
        for id in workouts {
            guard case .workout(let workout)? = try? await reader.store.object(id: id),
                  let analysed = try? await analysed(workout, zones: zones, reader: reader) else { continue }
            _ = try? await chart(workout, points: Self.pageChartPoints, reader: reader)
            if let route = analysed.routes.first {
                _ = try? await polyline(workout, route: route, tolerance: Self.pageTolerance, reader: reader)
            }
        }
    }
}
