import Foundation
import Hummingbird
import PaceAnalysis
import PaceModel
import PaceStore
import PaceTrack

/// `GET /heatmap?page=1`: the routes of every workout on one map, translucent lines drawn by
/// `pace.js` with Leaflet. Each route is simplified (Douglas–Peucker, ``PaceTrack/RouteSimplifier``)
/// to at most ``heatmapPoints`` points and sent as an encoded polyline in the map's `data-routes`;
/// ``heatmapPageSize`` workouts a page, newest first.
extension WebPages {
    /// One simplified route of the heatmap.
    struct HeatLine: Sendable, Encodable {
        /// The workout, linked below the map.
        var workout: UUID
        /// The route as Google's encoded polyline (1e-5 degrees).
        var line: String
        /// Points kept.
        var points: Int
    }

    /// The map's data, read by `pace.js`.
    struct HeatmapData: Encodable {
        var lines: [String]
    }

    /// The heatmap page's content.
    struct HeatmapPage {
        var title = "Heatmap"
        var map = true
        var account: String
        var zone: String
        var zoneQuery: String
        var hasLines: Bool
        var count: Int
        var first: Int
        var last: Int
        var total: Int
        var data: String
        var tiles: Tiles
        var workouts: [LinkedWorkout]
        var newer: Int?
        var older: Int?
    }

    /// Workouts per heatmap page, and the most points a route keeps.
    static let heatmapPageSize = 50, heatmapPoints = 300

    @Sendable func heatmap(_ request: Request, context: ServerRequestContext) async throws -> Response {
        guard let (account, caller) = try await signedIn(request, context) else { return Self.redirect(to: "/sign-in") }
        let reader = try await reader(request, account: account)
        let number = request.uri.queryParameters.get("page").map { Int($0) } ?? 1
        guard let number, number >= 1 else { return try notFound(account: account.name) }
        let digests = try await digests(caller)
        let offset = (number - 1) * Self.heatmapPageSize
        guard offset < max(digests.count, 1) else { return try notFound(account: account.name) }
        let shown = Array(digests.dropFirst(offset).prefix(Self.heatmapPageSize))
        let lines = try await heatmaps.answer(try await caller.answerKey(workout: Self.everyWorkout, variant: number)) {
            var lines: [HeatLine] = []
            for workout in shown {
                for route in try await caller.store.routes(forWorkout: workout.id) {
                    let kept = Self.heatmapLine(route.locations)
                    guard kept.count >= 2 else { continue }
                    lines.append(HeatLine(workout: workout.id, line: EncodedPolyline.encode(kept.map { ($0.latitude, $0.longitude) }),
                                          points: kept.count))
                }
            }
            return lines
        }
        let drawn = Set(lines.map(\.workout))
        let page = HeatmapPage(
            account: account.name, zone: reader.name, zoneQuery: reader.query, hasLines: !lines.isEmpty,
            count: lines.count, first: offset + 1, last: offset + shown.count, total: digests.count,
            data: WebFormat.json(HeatmapData(lines: lines.map(\.line))),
            tiles: tiles(for: reader.settings),
            workouts: shown.filter { drawn.contains($0.id) }.map { Self.linked($0, reader: reader) },
            newer: number > 1 ? number - 1 : nil, older: offset + shown.count < digests.count ? number + 1 : nil)
        return try render("heatmap", page)
    }

    /// A route thinned for the heatmap: Douglas–Peucker at 10 m, the tolerance doubled until at most
    /// ``heatmapPoints`` points remain (then every n-th point, the last kept, if a tolerance of 10 km is not enough).
    static func heatmapLine(_ locations: [RouteLocation]) -> [RouteLocation] {
        var tolerance = 10.0
        var kept = RouteSimplifier.simplify(locations, toleranceMeters: tolerance)
        while kept.count > heatmapPoints, tolerance < 10_000 {
            tolerance *= 2
            kept = RouteSimplifier.simplify(kept, toleranceMeters: tolerance)
        }
        guard kept.count > heatmapPoints, let last = kept.last else { return kept }
        let step = (kept.count + heatmapPoints - 2) / (heatmapPoints - 1)
        return Array(stride(from: 0, to: kept.count - 1, by: step).map { kept[$0] }) + [last]
    }
}
