import Foundation
import HTTPTypes
import Hummingbird

/// `/settings`: units, time zone, heart rates and map tiles, kept per account (``AccountSettings``). A plain
/// form posted back with the session's CSRF token in a hidden field; problems are shown beside
/// their fields with status 400, a saved form returns to the page (303).
extension WebPages {
    /// The settings form's content.
    struct SettingsPage {
        var title = "Settings"
        var account: String
        var csrf: String
        var metric: Bool
        var imperial: Bool
        var timeZone: String
        var maximumHeartRate: String
        var restingHeartRate: String
        var serverTiles: Bool
        var noTiles: Bool
        var saved: Bool
        var unitsProblem: String?
        var timeZoneProblem: String?
        var maximumHeartRateProblem: String?
        var restingHeartRateProblem: String?
        var mapTilesProblem: String?
        var hasProblems: Bool
    }

    /// The form's fields as a browser posts them.
    struct SettingsForm: Decodable {
        var csrf: String?
        var units: String?
        var timeZone: String?
        var maximumHeartRate: String?
        var restingHeartRate: String?
        var mapTiles: String?
    }

    @Sendable func settings(_ request: Request, context: ServerRequestContext) async throws -> Response {
        guard let (account, csrf) = try await browserSession(request) else { return Self.redirect(to: "/sign-in") }
        let settings = try await gate.directory.settings(of: account.id)
        let saved = request.uri.queryParameters.get("saved") != nil
        return try render("settings", settingsPage(account: account, csrf: csrf, settings, saved: saved, problems: [:],
                                                   maximum: settings.maximumHeartRate.map(Self.whole) ?? "",
                                                   resting: settings.restingHeartRate.map(Self.whole) ?? ""))
    }

    @Sendable func saveSettings(_ request: Request, context: ServerRequestContext) async throws -> Response {
        guard let (account, csrf) = try await browserSession(request) else { return Self.redirect(to: "/sign-in") }
        let body = try await request.collectBody(upTo: 16_384, advice: "the settings form is a few short fields.")
        let form = (try? URLEncodedFormDecoder().decode(SettingsForm.self, from: String(decoding: body.readableBytesView, as: UTF8.self))) ?? SettingsForm()
        guard let sent = form.csrf, Gate.equalInConstantTime(sent, csrf) else {
            throw ServerError(.forbidden, code: "auth.csrf", message: "The settings form must carry the session's CSRF token; reload the page and send it again.")
        }
        let maximumText = (form.maximumHeartRate ?? "").trimmingCharacters(in: .whitespaces)
        let restingText = (form.restingHeartRate ?? "").trimmingCharacters(in: .whitespaces)
        var problems: [String: String] = [:]
        let units = AccountSettings.Units(rawValue: form.units ?? "")
        if units == nil { problems["units"] = "Choose metric or imperial units." }
        let maximum = maximumText.isEmpty ? nil : Double(maximumText)
        if !maximumText.isEmpty && maximum == nil { problems["maximumHeartRate"] = "Write the maximum heart rate as a number of beats per minute." }
        let resting = restingText.isEmpty ? nil : Double(restingText)
        if !restingText.isEmpty && resting == nil { problems["restingHeartRate"] = "Write the resting heart rate as a number of beats per minute." }
        let tiles = AccountSettings.MapTiles(rawValue: form.mapTiles ?? "")
        if tiles == nil { problems["mapTiles"] = "Choose the server's map tiles or none." }
        let settings = AccountSettings(units: units ?? .metric, timeZone: (form.timeZone ?? "").trimmingCharacters(in: .whitespaces),
                                       maximumHeartRate: maximum, restingHeartRate: resting, mapTiles: tiles ?? .server)
        problems.merge(settings.problems()) { first, _ in first }
        guard problems.isEmpty else {
            var response = try render("settings", settingsPage(account: account, csrf: csrf, settings, saved: false, problems: problems,
                                                               maximum: maximumText, resting: restingText))
            response.status = .badRequest
            return response
        }
        try await gate.directory.saveSettings(settings, of: account.id)
        return Self.redirect(to: "/settings?saved=1")
    }

    private func settingsPage(account: Account, csrf: String, _ settings: AccountSettings, saved: Bool, problems: [String: String],
                              maximum: String, resting: String) -> SettingsPage {
        SettingsPage(account: account.name, csrf: csrf, metric: settings.units == .metric, imperial: settings.units == .imperial,
                     timeZone: settings.timeZone, maximumHeartRate: maximum, restingHeartRate: resting,
                     serverTiles: settings.mapTiles == .server, noTiles: settings.mapTiles == .none, saved: saved,
                     unitsProblem: problems["units"], timeZoneProblem: problems["timeZone"], maximumHeartRateProblem: problems["maximumHeartRate"],
                     restingHeartRateProblem: problems["restingHeartRate"], mapTilesProblem: problems["mapTiles"], hasProblems: !problems.isEmpty)
    }

    /// `172` for 172.0; `172.5` otherwise.
    static func whole(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(value)
    }

    /// The signed-in browser's account and its session's CSRF token, or `nil` without a live session.
    /// Unlike ``signedIn(_:_:)`` it does not ask a write for the `X-CSRF-Token` header: a form
    /// carries the token in a field, which the page checks.
    func browserSession(_ request: Request) async throws -> (Account, String)? {
        guard let secret = request.cookies[Gate.sessionCookie]?.value,
              let (session, csrf) = try await gate.directory.session(secret: secret),
              let account = try await gate.directory.account(id: session.account) else { return nil }
        return (account, csrf)
    }
}
