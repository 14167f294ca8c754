import Foundation
import HTTPTypes
import Hummingbird
import Mustache
import PaceAPI
import PaceAnalysis
import PaceModel
import PaceStore
import PaceTrack
import PaceTransfer

/// The web app's pages, rendered on the server from Mustache templates: signing in, the workout
/// list and a workout (its figures and splits; the map and chart drawn by `/static/pace.js` from
/// the API). A page is the signed-in browser session's view: without one it sends the reader to
/// the sign-in page; another account's workout is "not found", exactly like one that never existed.
struct WebPages: Sendable {
    let gate: Gate
    let configuration: WebConfiguration
    let templates: MustacheLibrary
    let assets: WebAssets
    /// Answers about single workouts (the page's analysis, its chart and map), kept under their revisions.
    let answers = WorkoutAnswers()
    /// Every workout of an account digested with its analysis (the history pages' input), brought up
    /// to date from the store's changes.
    let digestBook = DigestBook(capacity: 32)
    /// The heatmap's simplified routes per account and page, while the store is unchanged.
    let heatmaps = AnswerCache<[HeatLine]>(capacity: 32)

    /// Loads the templates shipped with the server.
    init(gate: Gate, configuration: WebConfiguration) async throws {
        self.gate = gate
        self.configuration = configuration
        assets = try WebAssets(configuration: configuration)
        templates = try await MustacheLibrary(directory: try WebAssets.bundled("Templates").path)
    }

    var routes: [ServerRoutes.Route] {
        [
            ServerRoutes.Route(method: .get, path: "/") { try await home($0, context: $1) },
            ServerRoutes.Route(method: .get, path: "/sign-in") { try await signIn($0, context: $1) },
            ServerRoutes.Route(method: .get, path: "/workouts") { try await workouts($0, context: $1) },
            ServerRoutes.Route(method: .get, path: "/workouts/calendar") { try await calendar($0, context: $1) },
            ServerRoutes.Route(method: .get, path: "/workouts/:id") { try await workout($0, context: $1) },
            ServerRoutes.Route(method: .get, path: "/dashboard") { try await dashboard($0, context: $1) },
            ServerRoutes.Route(method: .get, path: "/statistics") { try await statistics($0, context: $1) },
            ServerRoutes.Route(method: .get, path: "/records") { try await records($0, context: $1) },
            ServerRoutes.Route(method: .get, path: "/trends") { try await trends($0, context: $1) },
            ServerRoutes.Route(method: .get, path: "/heatmap") { try await heatmap($0, context: $1) },
        ] + accountRoutes + assets.routes
    }

    // MARK: Pages

    @Sendable func home(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let signedIn = (try? await gate.caller(request, context)) != nil
        return Self.redirect(to: signedIn ? "/dashboard" : "/sign-in")
    }

    @Sendable func signIn(_ request: Request, context: ServerRequestContext) async throws -> Response {
        try render("sign-in", Page(title: "Sign in"))
    }

    /// One row of the workout list.
    struct WorkoutRow {
        var id: String
        var start: String
        /// The start in the reader's time zone.
        var startText: String
        var activity: String
        var distance: String
        var duration: String
        var pace: String
    }

    /// The list page's content.
    struct ListPage {
        var title = "Workouts"
        var account: String
        var workouts: [WorkoutRow]
        var hasWorkouts: Bool
        var filtered: Bool
        var choices: [WorkoutFilter.Choice]
        var from: String
        var to: String
        var problems: [String]
        var zone: String
        var zoneQuery: String
        var next: String?
    }

    @Sendable func workouts(_ request: Request, context: ServerRequestContext) async throws -> Response {
        guard let (account, caller) = try await signedIn(request, context) else { return Self.redirect(to: "/sign-in") }
        let reader = try await reader(request, account: account)
        let filter = WorkoutFilter(request.uri.queryParameters, calendar: reader.calendar)
        var predicate = filter.predicate
        if let cursor = request.uri.queryParameters.get("cursor") {
            guard let parsed = try? PageCursor(parsing: cursor) else { return try notFound(account: account.name) }
            predicate = filter.isActive ? predicate && parsed.predicate : parsed.predicate
        }
        let limit = 50
        let units = reader.units
        let found = try await caller.store.samples(matching: .workout, predicate: predicate, sort: [.startDate(ascending: false)], limit: limit + 1)
        let workouts = found.prefix(limit).compactMap { object -> Workout? in if case .workout(let workout) = object { workout } else { nil } }
        let rows = workouts.map { workout in
            let metres = try? workout.totalDistance?.doubleValue(for: .meter)
            return WorkoutRow(id: workout.id.uuidString, start: WebFormat.instant(workout.startDate),
                              startText: WebFormat.date(workout.startDate, in: reader.timeZone), activity: Self.name(workout.activityType),
                              distance: WebFormat.distance(metres, units: units), duration: WebFormat.duration(workout.duration),
                              pace: WebFormat.pace(seconds: workout.duration, metres: metres, units: units))
        }
        let cursor = PageCursor(after: workouts, more: found.count > limit, start: \.startDate, id: \.id)
        let zoneQuery = reader.query
        return try render("workouts", ListPage(account: account.name, workouts: rows, hasWorkouts: !rows.isEmpty, filtered: filter.isActive,
                                               choices: filter.choices, from: filter.from, to: filter.to, problems: filter.problems,
                                               zone: reader.name, zoneQuery: zoneQuery,
                                               next: cursor.map { zoneQuery + filter.query + "cursor=" + $0.text }))
    }

    /// One kilometre (or mile) split on the workout page.
    struct SplitRow {
        var number: Int
        var distance: String
        var moving: String
        var pace: String
    }

    /// The workout page's content.
    struct WorkoutPage {
        var title: String
        var account: String
        var map: Bool
        var chart = true
        var activity: String
        var start: String
        /// The start in the reader's time zone.
        var startText: String
        var distance: String
        var elapsed: String
        var moving: String
        var pace: String
        var heartRate: String?
        var elevationGain: String?
        var route: String?
        var series: String
        /// `metric` or `imperial`, for the chart's pace axis.
        var units: String
        var tiles: Tiles
        var splits: [SplitRow]
        var hasSplits: Bool
        /// `Km` or `Mi`: what a split is.
        var splitUnit: String
        /// Time in each heart-rate zone, from the account's heart rates.
        var zones: [ZoneRow]
        var hasZones: Bool
    }

    /// The map tiles, as the page's script reads them; an empty `url` draws no tiles.
    struct Tiles {
        var url: String
        var attribution: String
        var maxZoom: Int
    }

    /// The tiles a reader with `settings` sees: the server's, or none when the account chose none.
    func tiles(for settings: AccountSettings) -> Tiles {
        Tiles(url: settings.mapTiles == .none ? "" : configuration.tileURL, attribution: configuration.tileAttribution,
              maxZoom: configuration.tileMaximumZoom)
    }

    @Sendable func workout(_ request: Request, context: ServerRequestContext) async throws -> Response {
        guard let (account, caller) = try await signedIn(request, context) else { return Self.redirect(to: "/sign-in") }
        guard let id = UUID(uuidString: try context.parameters.require("id")),
              case .workout(let workout)? = try await caller.store.object(id: id) else {
            return try notFound(account: account.name)
        }
        let settings = try await gate.directory.settings(of: account.id)
        let units = settings.units
        let zones = settings.heartRateZones
        // The account's zones are part of the analysis, so they are part of its key.
        let analysed = try await answers.analysed(workout, zones: zones, reader: AnswerReader(caller))
        let analysis = analysed.analysis, routes = analysed.routes
        let moving = analysis.movingTime ?? analysis.duration
        let splits = (units == .imperial ? analysis.mileSplits : analysis.kilometerSplits).map { split in
            SplitRow(number: split.index + 1, distance: WebFormat.distance(split.distance, units: units), moving: WebFormat.duration(split.movingDuration),
                     pace: WebFormat.pace(seconds: split.movingDuration, metres: split.distance, units: units))
        }
        let zoneRows = analysis.heartRateZones.map(Self.zoneRows) ?? []
        let activity = Self.name(workout.activityType)
        let page = WorkoutPage(
            title: activity, account: account.name, map: !routes.isEmpty, activity: activity, start: WebFormat.instant(workout.startDate),
            startText: WebFormat.date(workout.startDate, in: settings.zone),
            distance: WebFormat.distance(analysis.distance, units: units), elapsed: WebFormat.duration(analysis.elapsedTime),
            moving: WebFormat.duration(moving), pace: WebFormat.pace(seconds: moving, metres: analysis.distance, units: units),
            heartRate: analysis.heartRate.map { String(format: "%.0f bpm", $0.average) },
            elevationGain: analysis.elevationGain.map { WebFormat.elevation($0, units: units) },
            route: routes.first.map { "/api/v1/workouts/\(workout.id.uuidString)/routes/\($0.uuidString)/polyline" },
            series: "/api/v1/workouts/\(workout.id.uuidString)/series?points=\(WorkoutAnswers.pageChartPoints)",
            units: units.rawValue,
            tiles: tiles(for: settings),
            splits: splits, hasSplits: !splits.isEmpty, splitUnit: units == .imperial ? "Mile" : "Km", zones: zoneRows, hasZones: !zoneRows.isEmpty)
        return try render("workout", page)
    }

    // MARK: Helpers

    /// The page's minimal content: a title, and the account's name once signed in.
    struct Page {
        var title: String
        var account: String?
    }

    /// The signed-in account and its session's view of the store, or `nil` without a valid session.
    func signedIn(_ request: Request, _ context: ServerRequestContext) async throws -> (Account, Gate.TokenCaller)? {
        guard request.cookies[Gate.sessionCookie] != nil else { return nil }
        do {
            let caller = try await gate.caller(request, context)
            guard let account = try await gate.directory.account(id: caller.token.account) else { return nil }
            return (account, caller)
        } catch let error as ServerError where error.status == .unauthorized {
            return nil
        }
    }

    func notFound(account: String) throws -> Response {
        var response = try render("not-found", Page(title: "Not found", account: account))
        response.status = .notFound
        return response
    }

    /// A template rendered as an HTML response, with the pages' content security policy.
    func render(_ template: String, _ content: Any) throws -> Response {
        guard let html = templates.render(content, withTemplate: template) else {
            throw ServerError(.internalServerError, code: "server.internal", message: "The page \(template) cannot be rendered.")
        }
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8"]
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// Scripts, styles and data only from this server; images also from the tile server.
    private var contentSecurityPolicy: String {
        let images = ["'self'", "data:"] + (configuration.tileOrigin.map { [$0] } ?? [])
        return "default-src 'none'; script-src 'self'; style-src 'self'; img-src \(images.joined(separator: " ")); "
            + "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    }

    static func redirect(to path: String) -> Response {
        Response(status: .seeOther, headers: [.location: path])
    }

    /// `Running`, `Cycling`: an activity's name for people.
    static func name(_ activity: WorkoutActivityType) -> String {
        let name = activity.name
        return name.prefix(1).uppercased() + name.dropFirst()
    }
}
