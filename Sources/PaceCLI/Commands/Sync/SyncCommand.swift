import ArgumentParser
import Foundation
import PaceClient
import PaceStore

/// `pace sync`: the local store and a Pace server brought to the same objects, both ways.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync the store with a Pace server both ways: pull the server's changes, push this device's.",
        discussion: """
            Pulls every change after the last pull, page by page, then pushes every local change after \
            the last push, in batches. Where each ended is kept beside the store (STORE.sync.json, one \
            entry per server and token), saved only after the page is stored or the batch answered: a \
            run that is stopped or killed is simply run again. Network failures and busy servers are \
            retried with backoff. A conflict (the same object with other content on both sides) stops \
            the run with the object named and exit status 1; nothing is lost. If the server answers \
            that it no longer has the changes after the last pull (its store was replaced), run again \
            with --resync to pull everything from the start.
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @Option(help: ArgumentHelp("The server's address, e.g. http://127.0.0.1:8080.", valueName: "url"))
    var server: String

    @Option(help: ArgumentHelp("The token's secret (pace_…); PACE_TOKEN when not given.", valueName: "secret"))
    var token: String?

    @Flag(help: "Forget where the last pull ended and pull everything again (after a 'sync.resync' answer).")
    var resync = false

    @Option(name: .customLong("page-size"), help: .hidden)
    var pageSize = 1000

    @Option(name: .customLong("batch-size"), help: .hidden)
    var batchSize = 500

    func validate() throws {
        guard let url = URL(string: server), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
            throw ValidationError("--server must be an http or https address such as http://127.0.0.1:8080, not '\(server)'.")
        }
        guard (1...10_000).contains(pageSize), batchSize >= 1 else {
            throw ValidationError("--page-size must be 1 to 10000 and --batch-size 1 or more.")
        }
        if token == nil && ProcessInfo.processInfo.environment["PACE_TOKEN"] == nil {
            throw ValidationError("Give the token with --token SECRET or PACE_TOKEN (make one with POST /api/v1/tokens).")
        }
    }

    func run() async throws {
        let path = StoreLocation.resolve(explicitPath: storeOptions.store)
        let store = try storeOptions.open()
        let secret = token ?? ProcessInfo.processInfo.environment["PACE_TOKEN"] ?? ""
        let client: ServerClient
        do { client = try ServerClient(server: URL(string: server)!, token: secret) } catch { throw CommandError(error.message) }
        var options = SyncEngine.Options()
        options.startOver = resync
        options.pageSize = pageSize
        options.batchSize = batchSize
        let engine = SyncEngine(store: store, client: client, stateFile: SyncStateFile(storePath: path), options: options)
        let report: SyncReport
        do { report = try await engine.run() } catch {
            output.write(output.json ? try Self.json(error.report, error: error) : Self.text(error.report))
            throw CommandError(error.message)
        }
        output.write(output.json ? try Self.json(report, error: nil) : Self.text(report))
    }

    /// The report as lines of text.
    static func text(_ report: SyncReport) -> String {
        var lines = [
            "Pulled \(report.pulled) objects and \(report.pulledDeleted) deletions in \(report.pages) pages"
                + (report.pulledAlreadyStored > 0 ? " (\(report.pulledAlreadyStored) stored already)" : "")
                + (report.keptLocal > 0 ? "; kept this device's change for \(report.keptLocal)" : "") + ".",
            "Pushed \(report.pushed) objects and \(report.pushedDeleted) deletions in \(report.batches) batches"
                + (report.pushedAlreadyStored > 0 ? " (\(report.pushedAlreadyStored) stored already on the server)" : "") + ".",
        ]
        if report.retries > 0 { lines.append("Retried \(report.retries) requests.") }
        return lines.joined(separator: "\n")
    }

    /// The report as JSON: the counts, and `error` (`kind`, `message`) when the run stopped.
    static func json(_ report: SyncReport, error: SyncError?) throws -> String {
        struct Output: Encodable {
            var report: SyncReport
            var error: ErrorJSON?

            private enum Keys: String, CodingKey { case error }

            func encode(to encoder: any Encoder) throws {
                try report.encode(to: encoder)
                var container = encoder.container(keyedBy: Keys.self)
                try container.encodeIfPresent(error, forKey: .error)
            }
        }
        struct ErrorJSON: Encodable {
            var kind: String
            var message: String
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let output = Output(report: report, error: error.map { ErrorJSON(kind: "\($0.kind)", message: $0.message) })
        return String(decoding: try encoder.encode(output), as: UTF8.self)
    }
}
