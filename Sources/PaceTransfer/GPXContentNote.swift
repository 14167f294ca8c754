import Foundation
import PaceFormats

/// What a GPX file without a recorded track holds, in one sentence: a file that becomes no workout
/// says why instead of reporting nothing (DECISIONS 92).
enum GPXContentNote {
    /// The sentence for a file none of whose tracks has a point, or `nil` when it has tracks with
    /// points (those say for themselves why they are or are not workouts) or only empty tracks
    /// (each already noted as empty).
    ///
    /// - Parameter document: The file as read.
    /// - Returns: For example `holds a route without times ('Loop', 139 points), not a recorded
    ///   activity; nothing to import`.
    static func note(for document: GPXDocument) -> String? {
        guard document.tracks.allSatisfy(\.records.isEmpty) else { return nil }
        let routes = document.routes
        let waypoints = document.waypoints.count
        let waypointText = waypoints == 1 ? "1 waypoint" : "\(waypoints) waypoints"
        if routes.isEmpty {
            guard document.tracks.isEmpty else { return nil }
            return waypoints == 0
                ? "holds no track, route or waypoint; nothing to import"
                : "holds \(waypointText) and no track, not a recorded activity; nothing to import"
        }
        let timed = routes.contains { $0.points.contains { $0.time != nil } }
        let names = routes.compactMap { $0.name.flatMap { $0.isEmpty ? nil : "'\($0)'" } }
        let points = routes.reduce(0) { $0 + $1.points.count }
        let pointText = points == 1 ? "1 point" : "\(points) points"
        let detail = names.isEmpty ? pointText : names.joined(separator: ", ") + (names.count > 1 ? "; " : ", ") + pointText
        let what = routes.count == 1 ? "a route" : "\(routes.count) routes"
        let also = waypoints > 0 ? " and \(waypointText)" : ""
        let noun = routes.count == 1 ? "a recorded activity" : "recorded activities"
        return timed
            ? "holds \(what) (\(detail))\(also): planned points, not \(noun); nothing to import"
            : "holds \(what) without times (\(detail))\(also), not \(noun); nothing to import"
    }
}
