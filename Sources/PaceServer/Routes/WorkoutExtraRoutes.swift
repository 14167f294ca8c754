import Foundation
import HTTPTypes
import Hummingbird
import PaceAPI
import PaceAnalysis
import PaceModel
import PaceStore
import PaceTrack
import PaceTransfer

/// A workout's derived views and its deletion: the route as a simplified polyline for maps, the
/// chart series, the workout exported as a file, and `DELETE` with a tombstone. Every handler asks
/// ``Gate`` first and reads through the token's client view of the account's store.
struct WorkoutExtraRoutes: Sendable {
    let gate: Gate
    /// Charts and polylines answered before, kept under the workout's revision.
    let answers: WorkoutAnswers

    /// The polyline's tolerance when none is given, metres: finer than a street's width at the zooms a
    /// workout map is drawn at.
    static let defaultTolerance = 5.0
    /// The largest tolerance accepted, metres.
    static let maximumTolerance = 1000.0
    /// The chart's points when none is asked for.
    static let defaultPoints = 500
    /// The most chart points one answer holds.
    static let maximumPoints = 5000

    var routes: [ServerRoutes.Route] {
        [
            ServerRoutes.Route(method: .get, path: "/api/v1/workouts/:id/routes/:route/polyline") {
                try await polyline($0, context: $1).response(from: $0, context: $1)
            },
            ServerRoutes.Route(method: .get, path: "/api/v1/workouts/:id/series") { try await series($0, context: $1).response(from: $0, context: $1) },
            ServerRoutes.Route(method: .get, path: "/api/v1/workouts/:id/export") { try await export($0, context: $1) },
            ServerRoutes.Route(method: .delete, path: "/api/v1/workouts/:id") { try await delete($0, context: $1).response(from: $0, context: $1) },
        ]
    }

    /// `GET /workouts/{id}/routes/{route}/polyline?tolerance=`: the route thinned by Douglas–Peucker.
    @Sendable func polyline(_ request: Request, context: ServerRequestContext) async throws -> CachedJSON {
        let caller = try await gate.caller(request, context)
        try caller.requireRead(.workout)
        try caller.requireRead(.workoutRoute)
        let tolerance = try request.query.number("tolerance", in: 0...Self.maximumTolerance, unit: "metres") ?? Self.defaultTolerance
        let workout = try await ServerRoutes.visibleWorkout(try context.parameters.require("id"), caller)
        guard let routeID = UUID(uuidString: try context.parameters.require("route")) else { throw ServerError.notFound("route") }
        return try await answers.polyline(workout, route: routeID, tolerance: tolerance, reader: AnswerReader(caller))
    }

    /// `GET /workouts/{id}/series?points=`: the chart series, at most `points` of them.
    @Sendable func series(_ request: Request, context: ServerRequestContext) async throws -> CachedJSON {
        let caller = try await gate.caller(request, context)
        try caller.requireRead(.workout)
        let points = try request.query.wholeNumber("points", in: 2...Self.maximumPoints) ?? Self.defaultPoints
        let workout = try await ServerRoutes.visibleWorkout(try context.parameters.require("id"), caller)
        return try await answers.chart(workout, points: points, reader: AnswerReader(caller))
    }

    /// `GET /workouts/{id}/export?format=`: the workout as a GPX, TCX, FIT or CSV file, named by the server.
    @Sendable func export(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let caller = try await gate.caller(request, context)
        try caller.requireRead(.workout)
        let formats = ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")
        guard let text = request.uri.queryParameters.get("format") else {
            throw ServerError.badParameter("format", "is missing; give one of \(formats)")
        }
        guard let format = ExportFormat(rawValue: text) else {
            throw ServerError.badParameter("format", "must be one of \(formats)")
        }
        let workout = try await ServerRoutes.visibleWorkout(try context.parameters.require("id"), caller)
        let data: Data
        do { data = try await WorkoutExporter(store: caller.store).export(workoutID: workout.id, as: format) } catch let error as ExportError {
            throw ServerError(.unprocessableContent, code: "export.format", message: error.message)
        }
        let name = Self.fileName(of: workout, format: format)
        return Response(status: .ok, headers: [.contentType: Self.contentType(format),
                                               .contentDisposition: "attachment; filename=\"\(name)\""],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// `DELETE /workouts/{id}`: deletes the workout and its routes, leaving tombstones sync pulls give.
    @Sendable func delete(_ request: Request, context: ServerRequestContext) async throws -> HTTPResponse.Status {
        let caller = try await gate.caller(request, context)
        try caller.requireShare(.workout)
        let workout = try await ServerRoutes.visibleWorkout(try context.parameters.require("id"), caller)
        try await Self.delete(workout.id, caller, gate)
        return .noContent
    }

    /// Deletes a visible object as the device sync's push writes: in the whole account store, so
    /// objects of every source the token may see and share can go (the store deletes a workout's routes with it).
    static func delete(_ id: UUID, _ caller: Gate.TokenCaller, _ gate: Gate) async throws {
        let store = try await gate.stores.store(for: caller.token.account)
        guard try await store.delete(id: id) else { throw ServerError.notFound("object") }
    }

    /// `pace-<activity>-<UTC start, yyyyMMdd-HHmmss>.<extension>`: made from the workout, never from client text.
    static func fileName(of workout: Workout, format: ExportFormat) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: workout.startDate)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        let stamp = "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))-\(two(parts.hour))\(two(parts.minute))\(two(parts.second))"
        let activity = String(workout.activityType.name.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) && $0.isASCII })
        return "pace-\(activity.isEmpty ? "workout" : activity)-\(stamp).\(format.fileExtension)"
    }

    /// The media type of each format.
    static func contentType(_ format: ExportFormat) -> String {
        switch format {
        case .gpx: "application/gpx+xml"
        case .tcx: "application/vnd.garmin.tcx+xml"
        case .fit: "application/vnd.ant.fit"
        case .csv: "text/csv; charset=utf-8"
        }
    }
}

/// A simplified route.
struct PolylineJSON: ResponseEncodable, Codable, Sendable {
    struct Point: Codable, Sendable {
        var latitude: Double
        var longitude: Double
    }
    /// The tolerance used, metres.
    var tolerance: Double
    /// The route's locations before simplification.
    var sourceCount: Int
    /// The kept points, in order.
    var points: [Point]
    /// The same points in Google's encoded polyline format (precision 1e-5).
    var encoded: String
}

/// A workout's chart series.
struct ChartJSON: ResponseEncodable, Codable, Sendable {
    struct Point: Codable, Sendable {
        var time: Date
        /// Seconds since the start.
        var elapsed: Double
        /// Metres.
        var distance: Double?
        /// m/s.
        var speed: Double?
        /// Seconds per kilometre.
        var pace: Double?
        /// count/min.
        var heartRate: Double?
        /// Metres.
        var elevation: Double?
    }
    var points: [Point]
    /// Points before thinning.
    var sourceCount: Int

    init(_ chart: WorkoutChart) {
        func finite(_ value: Double?) -> Double? { value.flatMap { $0.isFinite ? $0 : nil } }
        points = chart.points.map {
            Point(time: $0.time, elapsed: $0.elapsed, distance: finite($0.distance), speed: finite($0.speed), pace: finite($0.pace),
                  heartRate: finite($0.heartRate), elevation: finite($0.elevation))
        }
        sourceCount = chart.sourceCount
    }
}
