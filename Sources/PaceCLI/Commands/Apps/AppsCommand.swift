import ArgumentParser
import Foundation
import PaceModel
import PaceStore

/// `pace apps`: the apps (HealthKit clients) that asked for access to the store, and the owner's decisions.
struct AppsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apps",
        abstract: "List the apps that asked for access to the store; grant, deny or revoke it.",
        discussion: """
            An app using Pace's HealthKit API asks for the types it wants to write (share) and read. \
            A request is recorded, and nothing is allowed until it is granted here, at the app's own \
            terminal prompt, or with PACE_AUTHORIZATION=grant in the app's environment. Without read \
            access an app sees only its own data; without share access its writes fail.
            """,
        subcommands: [AppsListCommand.self, AppsGrantCommand.self, AppsDenyCommand.self, AppsRevokeCommand.self],
        defaultSubcommand: AppsListCommand.self)
}

/// `pace apps list`: every app's requests and decisions.
struct AppsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List each app's requested types with what it may do (the default).")

    @Argument(help: ArgumentHelp("Only this app (its bundle identifier).", valueName: "app"))
    var app: String?

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    /// Parses and validates `arguments` as ArgumentParser would (for tests).
    static func parsed(_ arguments: [String]) throws -> AppsListCommand { try parse(arguments) }

    func run() async throws {
        output.write(try await report(timeZone: .current))
    }

    /// The table or JSON the command prints, dates in `timeZone`.
    func report(timeZone: TimeZone) async throws -> String {
        let records = try await storeOptions.open().authorizationRecords(client: app)
        if output.json {
            return try JSONOutput.encode(records.map(AppAccessJSON.init))
        }
        guard !records.isEmpty else {
            return app.map { "'\($0)' has asked for nothing." } ?? "No app has asked for access to the store."
        }
        let formatting = Formatting(timeZone: timeZone)
        let rows = records.map { record in
            [record.client, record.type.name, Self.share(record), Self.read(record),
             record.requestedAt.map(formatting.date) ?? "—"]
        }
        return TextTable.render(header: ["APP", "TYPE", "WRITE", "READ", "ASKED"], rows: rows)
    }

    /// What the app may write: `allowed`, `denied`, `pending` (asked, undecided) or `—` (not asked).
    static func share(_ record: AuthorizationRecord) -> String {
        switch record.shareStatus {
        case .sharingAuthorized: "allowed"
        case .sharingDenied: "denied"
        case .notDetermined: record.shareRequested ? "pending" : "—"
        }
    }

    /// What the app may read, in the same words.
    static func read(_ record: AuthorizationRecord) -> String {
        switch record.readStatus {
        case .authorized: "allowed"
        case .denied: "denied"
        case .notDetermined: record.readRequested ? "pending" : "—"
        }
    }
}

/// One row of `pace apps --json`.
struct AppAccessJSON: Encodable {
    var app: String
    var type: String
    var shareRequested: Bool
    var readRequested: Bool
    var share: String
    var read: String
    var requestedAt: Date?

    init(_ record: AuthorizationRecord) {
        app = record.client
        type = record.type.identifier
        shareRequested = record.shareRequested
        readRequested = record.readRequested
        share = record.shareStatus.rawValue
        read = record.readStatus.rawValue
        requestedAt = record.requestedAt
    }
}
