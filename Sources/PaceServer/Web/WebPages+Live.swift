import Foundation
import HTTPTypes
import Hummingbird

/// `/live` lists the account's recordings in progress; `/live/{id}` follows one as it arrives —
/// the page's script (`/static/live.js`) reads the session's Server-Sent Events
/// (`/api/v1/live/{id}/events`) and moves the position on the map, the elapsed time, pace and
/// heart rate, until the session's `end` event. Another account's session is "not found".
extension WebPages {
    /// One recording in progress.
    struct LiveRow {
        var id: String
        var activity: String
        var started: String
        var startedText: String
        var batches: Int
    }

    /// The list's content.
    struct LiveListPage {
        var sessions: [LiveRow]
        var hasSessions: Bool
    }

    /// One recording's content.
    struct LivePage {
        var id: String
        var activity: String
        var started: String
        var startedText: String
        var events: String
        var units: String
        var ended: Bool
        var tiles: Tiles
    }

    @Sendable func liveList(_ request: Request, context: ServerRequestContext) async throws -> Response {
        guard let (account, _) = try await signedIn(request, context) else { return Self.redirect(to: "/sign-in") }
        let zone = try await gate.directory.settings(of: account.id).zone
        let sessions = try await LiveStore(pool: gate.directory.pool).sessionsInProgress(account: account.id)
        let rows = sessions.map { session in
            LiveRow(id: session.id.uuidString, activity: Self.liveActivity(session.activityType), started: WebFormat.instant(session.startedAt),
                    startedText: WebFormat.date(session.startedAt, in: zone), batches: session.lastSequence)
        }
        return try render("live-list", AccountPage(title: "Live", account: account.name, script: nil,
                                                   content: LiveListPage(sessions: rows, hasSessions: !rows.isEmpty)))
    }

    @Sendable func live(_ request: Request, context: ServerRequestContext) async throws -> Response {
        guard let (account, _) = try await signedIn(request, context) else { return Self.redirect(to: "/sign-in") }
        guard let id = UUID(uuidString: try context.parameters.require("id")),
              let session = try await LiveStore(pool: gate.directory.pool).session(id, account: account.id) else {
            return try notFound(account: account.name)
        }
        let settings = try await gate.directory.settings(of: account.id)
        let activity = Self.liveActivity(session.activityType)
        let page = LivePage(id: session.id.uuidString, activity: activity, started: WebFormat.instant(session.startedAt),
                            startedText: WebFormat.date(session.startedAt, in: settings.zone),
                            events: "/api/v1/live/\(session.id.uuidString)/events", units: settings.units.rawValue,
                            ended: session.endedAt != nil,
                            tiles: tiles(for: settings))
        return try render("live", AccountPage(title: "Live · " + activity, account: account.name, script: "live.js", map: true, content: page))
    }

    /// `Running` from a session's activity identifier; `Recording` when it has not said yet.
    static func liveActivity(_ identifier: String?) -> String {
        guard let identifier, !identifier.isEmpty else { return "Recording" }
        return identifier.prefix(1).uppercased() + identifier.dropFirst()
    }
}
