import ArgumentParser
import Foundation
import PaceServer
#if canImport(Glibc)
import Glibc
#endif

/// `pace serve`: Pace's server — accounts, scoped tokens and the HTTP API over one store per account.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run Pace's server: accounts, tokens scoped per data type, and the HTTP API (docs/SERVER.md).",
        discussion: """
            Everything lives in one data folder: the server's database (accounts, tokens, audit log) \
            and one health store per account. The first run needs an administrator: \
            'pace serve --create-admin NAME' asks for a password (or reads --password-file) and exits. \
            The server listens on loopback unless --host says otherwise, and stops gracefully on \
            SIGTERM or SIGINT.
            """)

    @Option(help: ArgumentHelp("The data folder (default: $XDG_DATA_HOME/pace/server).", valueName: "folder"))
    var data: String?

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The TCP port.")
    var port = 8080

    @Option(help: ArgumentHelp("""
        Where the accounts' health stores live: 'sqlite' (one file per account in the data folder) or \
        postgres://USER@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require] (the password from PGPASSWORD).
        """, valueName: "url"))
    var database = "sqlite"

    @Flag(name: .customLong("open-signup"), help: "Let anyone create an account; without it, only an administrator's invitation does.")
    var openSignUp = false

    @Option(name: .customLong("leaflet"), help: ArgumentHelp("The folder holding Leaflet (leaflet.js, leaflet.css, images/).", valueName: "folder"))
    var leafletFolder = WebConfiguration().leafletFolder

    @Option(name: .customLong("chart-js"), help: ArgumentHelp("The folder holding Chart.js (chart.min.js).", valueName: "folder"))
    var chartFolder = WebConfiguration().chartFolder

    @Option(name: .customLong("tiles"), help: ArgumentHelp("The map tiles' URL template ({z}/{x}/{y}); empty for none.", valueName: "url"))
    var tileURL = WebConfiguration().tileURL

    @Option(name: .customLong("tile-attribution"), help: ArgumentHelp("The map tiles' attribution.", valueName: "text"))
    var tileAttribution = WebConfiguration().tileAttribution

    @Option(name: .customLong("tile-max-zoom"), help: ArgumentHelp("The deepest zoom level the tiles have.", valueName: "level"))
    var tileMaximumZoom = WebConfiguration().tileMaximumZoom

    @Option(name: .customLong("create-admin"), help: ArgumentHelp("Create the administrator account NAME and exit.", valueName: "name"))
    var createAdmin: String?

    @Option(name: .customLong("password-file"), help: ArgumentHelp("Read the new account's password from this file (first line).", valueName: "file"))
    var passwordFile: String?

    func run() async throws {
        var configuration = ServerConfiguration(dataFolder: URL(fileURLWithPath: data ?? Self.defaultDataFolder()), host: host, port: port)
        configuration.openSignUp = openSignUp
        configuration.web = WebConfiguration(leafletFolder: leafletFolder, chartFolder: chartFolder, tileURL: tileURL,
                                             tileAttribution: tileAttribution, tileMaximumZoom: tileMaximumZoom)
        if database != "sqlite" {
            do { configuration.postgres = try PostgresLocation(url: database) } catch { throw CommandError(error.message) }
        }
        let accounts = try PaceServer.accounts(configuration)
        if let name = createAdmin {
            let password = try readPassword()
            do {
                let account = try await accounts.createAccount(name: name, password: password, isAdmin: true)
                print("Created the administrator '\(account.name)' in \(configuration.dataFolder.path).")
            } catch let error as ServerError {
                throw CommandError(error.message)
            }
            return
        }
        guard try await !accounts.isEmpty() else {
            throw CommandError("No account exists yet: create the administrator first with 'pace serve --create-admin NAME'.")
        }
        let stores = configuration.postgres.map { "PostgreSQL \($0)" } ?? "SQLite"
        print("Pace serves \(configuration.dataFolder.path) (stores in \(stores)) on http://\(host):\(port)/api/v1")
        do { try await PaceServer.run(configuration) } catch let error as ServerError { throw CommandError(error.message) }
    }

    private func readPassword() throws -> String {
        if let passwordFile {
            guard let text = try? String(contentsOfFile: passwordFile, encoding: .utf8),
                  let line = text.split(separator: "\n", omittingEmptySubsequences: false).first else {
                throw CommandError("Cannot read the password file \(passwordFile).")
            }
            return String(line)
        }
        guard isatty(STDIN_FILENO) != 0, let typed = getpass("Password for the new account (12 characters or more): ") else {
            throw CommandError("Give the password with --password-file FILE (there is no terminal to ask at).")
        }
        return String(cString: typed)
    }

    /// `$XDG_DATA_HOME/pace/server`, with `XDG_DATA_HOME` defaulting to `~/.local/share`.
    static func defaultDataFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        return dataHome + "/pace/server"
    }
}
