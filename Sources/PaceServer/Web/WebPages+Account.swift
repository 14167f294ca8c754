import Foundation
import HTTPTypes
import Hummingbird
import PaceAnalysis

/// The account's own pages: upload, tokens, settings and live recordings, each in its own file.
extension WebPages {
    /// The routes of the account's pages, added to ``routes``.
    var accountRoutes: [ServerRoutes.Route] {
        [
            ServerRoutes.Route(method: .get, path: "/upload") { try await upload($0, context: $1) },
            ServerRoutes.Route(method: .get, path: "/tokens") { try await tokens($0, context: $1) },
            ServerRoutes.Route(method: .get, path: "/settings") { try await settings($0, context: $1) },
            ServerRoutes.Route(method: .post, path: "/settings") { try await saveSettings($0, context: $1) },
            ServerRoutes.Route(method: .get, path: "/live") { try await liveList($0, context: $1) },
            ServerRoutes.Route(method: .get, path: "/live/:id") { try await live($0, context: $1) },
        ]
    }

    /// One heart-rate zone on the workout page.
    struct ZoneRow {
        var zone: Int
        /// `from 152 bpm`.
        var from: String
        var time: String
    }

    /// Zones 1… with the heart rate each begins at and the time spent in it (zone 0, below zone 1, left out).
    static func zoneRows(_ times: HeartRateZoneTimes) -> [ZoneRow] {
        (1..<times.zones.count).map { zone in
            ZoneRow(zone: zone, from: times.zones.lowerHeartRate(ofZone: zone).map { String(format: "%.0f bpm", $0) } ?? "—",
                    time: WebFormat.duration(zone < times.seconds.count ? times.seconds[zone] : nil))
        }
    }

    /// A page only a signed-in account sees, with a script of its own: its title, account, script
    /// and content.
    struct AccountPage<Content> {
        var title: String
        var account: String
        /// The page's script in `/static/`.
        var script: String?
        /// Whether the page draws a map (Leaflet's files are loaded).
        var map = false
        var content: Content
    }
}

extension AccountSettings {
    /// The zones the analysis counts heart rate in: of the account's maximum (or reserve, with a
    /// resting heart rate), or the analysis's defaults.
    var heartRateZones: HeartRateZones {
        HeartRateZones(maximum: maximumHeartRate ?? HeartRateZones().maximum, resting: restingHeartRate)
    }
}
