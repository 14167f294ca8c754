import ArgumentParser
import Foundation
import PaceModel
import PaceStore

/// The arguments `pace apps grant` and `pace apps deny` share.
struct AppsDecisionOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The app's bundle identifier, as 'pace apps' lists it.", valueName: "app"))
    var app: String

    @Argument(help: ArgumentHelp("Types, by name or identifier (e.g. heartRate, workout); all the app asked for when none.",
                                 valueName: "type"))
    var types: [String] = []

    @Flag(name: .long, help: "Decide writing only.")
    var share = false

    @Flag(name: .long, help: "Decide reading only.")
    var read = false

    /// Decides the chosen types and accesses: without `--share`/`--read`, the accesses the app asked for.
    ///
    /// - Returns: One line per decision made.
    func decide(in store: HealthStore, allow: Bool) async throws -> [String] {
        let records = try await store.authorizationRecords(client: app)
        let chosen: [HealthObjectType]
        if types.isEmpty {
            guard !records.isEmpty else {
                throw CommandError("'\(app)' has asked for nothing; name the types to decide (e.g. 'pace apps grant \(app) heartRate').")
            }
            chosen = records.map(\.type)
        } else {
            chosen = try types.map { name in
                do { return try HealthObjectType(lenient: name) } catch {
                    throw CommandError("\(error) 'pace types' lists the type names.")
                }
            }
        }
        var lines: [String] = []
        for type in chosen {
            let record = records.first { $0.type == type }
            let both = !share && !read
            let decideShare = share || (both && (record?.shareRequested ?? true) && !type.isReadOnly)
            let decideRead = read || (both && (record?.readRequested ?? true))
            if share && type.isReadOnly && allow {
                throw CommandError("\(type.name) can only be read; grant it with --read.")
            }
            try await store.setAuthorization(client: app, type: type,
                                             share: decideShare ? (allow ? .sharingAuthorized : .sharingDenied) : nil,
                                             read: decideRead ? (allow ? .authorized : .denied) : nil)
            let accesses = [decideShare ? "write" : nil, decideRead ? "read" : nil].compactMap { $0 }.joined(separator: " and ")
            lines.append("\(allow ? "Allowed" : "Denied") \(app) to \(accesses) \(type.name).")
        }
        return lines
    }
}

/// `pace apps grant`: allow an app what it asked for (or the named types and accesses).
struct AppsGrantCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grant",
        abstract: "Allow an app to write and/or read types (by default, everything it asked for).")

    @OptionGroup var decision: AppsDecisionOptions
    @OptionGroup var storeOptions: StoreOptions

    /// Parses and validates `arguments` as ArgumentParser would (for tests).
    static func parsed(_ arguments: [String]) throws -> AppsGrantCommand { try parse(arguments) }

    func run() async throws {
        print(try await decide().joined(separator: "\n"))
    }

    /// Makes the decisions; one line per decision.
    func decide() async throws -> [String] {
        try await decision.decide(in: storeOptions.open(), allow: true)
    }
}

/// `pace apps deny`: refuse an app what it asked for (or the named types and accesses).
struct AppsDenyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deny",
        abstract: "Refuse an app writing and/or reading types (by default, everything it asked for).")

    @OptionGroup var decision: AppsDecisionOptions
    @OptionGroup var storeOptions: StoreOptions

    /// Parses and validates `arguments` as ArgumentParser would (for tests).
    static func parsed(_ arguments: [String]) throws -> AppsDenyCommand { try parse(arguments) }

    func run() async throws {
        print(try await decide().joined(separator: "\n"))
    }

    /// Makes the decisions; one line per decision.
    func decide() async throws -> [String] {
        try await decision.decide(in: storeOptions.open(), allow: false)
    }
}

/// `pace apps revoke`: take back everything an app was allowed.
struct AppsRevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Deny an app everything it was allowed to write or read.")

    @Argument(help: ArgumentHelp("The app's bundle identifier.", valueName: "app"))
    var app: String

    @OptionGroup var storeOptions: StoreOptions

    /// Parses and validates `arguments` as ArgumentParser would (for tests).
    static func parsed(_ arguments: [String]) throws -> AppsRevokeCommand { try parse(arguments) }

    func run() async throws {
        print(try await revoke())
    }

    /// Denies every allowed access; returns what it did, in a sentence.
    func revoke() async throws -> String {
        let store = try storeOptions.open()
        var count = 0
        for record in try await store.authorizationRecords(client: app) {
            let share: AuthorizationStatus? = record.shareStatus == .sharingAuthorized ? .sharingDenied : nil
            let read: ReadAuthorizationStatus? = record.readStatus == .authorized ? .denied : nil
            guard share != nil || read != nil else { continue }
            try await store.setAuthorization(client: app, type: record.type, share: share, read: read)
            count += 1
        }
        return count == 0 ? "'\(app)' was allowed nothing." : "Revoked \(app)'s access to \(count) type\(count == 1 ? "" : "s")."
    }
}
