public import Foundation
public import Hummingbird
public import Logging
import NIOCore

/// Where the server keeps its data and where it listens.
public struct ServerConfiguration: Sendable {
    /// The data folder: `server.sqlite` (accounts, tokens, audit) and `accounts/<id>/health.sqlite`.
    public var dataFolder: URL
    /// The address to listen on; loopback unless told otherwise.
    public var host: String
    /// The TCP port.
    public var port: Int
    /// bcrypt's cost for passwords (2^cost rounds; 12 by default).
    public var bcryptCost: UInt8
    /// The largest upload accepted, in bytes (1 GiB by default).
    public var maximumUploadBytes: Int
    /// Where the accounts' health stores live: `nil` for one SQLite file per account in the data
    /// folder (the default), or a PostgreSQL database. The server database (accounts, tokens, audit,
    /// jobs) and uploaded files stay in the data folder either way.
    public var postgres: PostgresLocation?
    /// Whether anyone may create an account (`POST /api/v1/accounts`) without an administrator's
    /// invitation; off by default.
    public var openSignUp: Bool
    /// The web pages' libraries and map tiles.
    public var web: WebConfiguration
    /// How long a connection may send nothing while its server waits for a request or for the rest
    /// of one, in seconds (60 by default): a client that sends its request's head a byte at a
    /// time, or stops in the middle, is disconnected then instead of holding its connection. A
    /// request being answered (a download, a live event stream) is never cut by it.
    public var idleTimeout: Duration = .seconds(60)

    /// Creates a configuration.
    public init(dataFolder: URL, host: String = "127.0.0.1", port: Int = 8080, bcryptCost: UInt8 = 12,
                maximumUploadBytes: Int = 1 << 30, postgres: PostgresLocation? = nil, openSignUp: Bool = false,
                web: WebConfiguration = WebConfiguration()) {
        self.dataFolder = dataFolder
        self.host = host
        self.port = port
        self.bcryptCost = bcryptCost
        self.maximumUploadBytes = maximumUploadBytes
        self.postgres = postgres
        self.openSignUp = openSignUp
        self.web = web
    }

    /// The server database's path.
    var databasePath: String { dataFolder.appendingPathComponent("server.sqlite").path }
}

/// Pace's server: the HTTP API over one health store per account (docs/SERVER.md).
///
/// ```swift
/// let app = try PaceServer.application(ServerConfiguration(dataFolder: folder))
/// try await app.runService()      // until SIGTERM or SIGINT, then a graceful shutdown
/// ```
public enum PaceServer {
    /// The application, ready to run.
    /// - Throws: ``ServerError`` when the data folder or its database cannot be opened.
    public static func application(_ configuration: ServerConfiguration,
                                   logger: Logger = Logger(label: "org.pace.server")) async throws -> some ApplicationProtocol {
        let router = try await router(configuration, logger: logger)
        return Application(router: router,
                           server: .http1(configuration: .init(idleTimeout: TimeAmount(configuration.idleTimeout))),
                           configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Pace"),
                           logger: logger)
    }

    /// Builds the application and runs it until SIGTERM or SIGINT, then shuts it down gracefully
    /// (requests in flight finish).
    public static func run(_ configuration: ServerConfiguration, logger: Logger = Logger(label: "org.pace.server")) async throws {
        try await application(configuration, logger: logger).runService()
    }

    /// The router alone (what tests drive). Uploads a killed server left unfinished are queued again.
    public static func router(_ configuration: ServerConfiguration, logger: Logger = Logger(label: "org.pace.server"))
        async throws -> Router<ServerRequestContext> {
        try await assemble(configuration, logger: logger).router
    }

    /// The router and the table of every route it has (what the isolation tests walk).
    static func assemble(_ configuration: ServerConfiguration, logger: Logger = Logger(label: "org.pace.server"))
        async throws -> (router: Router<ServerRequestContext>, table: RouteTable) {
        let directory = try accounts(configuration)
        let stores = if let postgres = configuration.postgres {
            AccountStores(postgres: postgres, logger: logger)
        } else {
            AccountStores(folder: configuration.dataFolder.appendingPathComponent("accounts"))
        }
        try await stores.check()
        let gate = Gate(directory: directory, stores: stores, limiter: SignInLimiter())
        let pages = try await WebPages(gate: gate, configuration: configuration.web)
        // An uploaded workout's page is made ahead, so its first visit finds it ready.
        let queue = UploadQueue(directory: directory, stores: stores, folder: configuration.dataFolder.appendingPathComponent("uploads")) {
            account, workouts in
            guard let store = try? await stores.store(for: account) else { return }
            let zones = ((try? await directory.settings(of: account)) ?? AccountSettings()).heartRateZones
            await pages.answers.prepare(workouts, account: account, store: store, zones: zones)
            await pages.answers.revisions.refresh(account: account)
        }
        try await queue.resume()
        let router = Router(context: ServerRequestContext.self)
        let routes = ServerRoutes(gate: gate, uploads: UploadRoutes(gate: gate, queue: queue, maximumBytes: configuration.maximumUploadBytes),
                                  sessions: SessionRoutes(gate: gate, openSignUp: configuration.openSignUp),
                                  live: LiveRoutes(gate: gate), pages: pages)
        // Middleware applies to the routes added after it; the first added sees the final answer.
        router.middlewares.add(ResponseCompression())
        router.middlewares.add(ServerMiddleware(logger: logger, table: routes.table))
        routes.add(to: router)
        return (router, routes.table)
    }

    /// The server's account directory in the data folder (created when missing).
    public static func accounts(_ configuration: ServerConfiguration) throws -> AccountDirectory {
        do {
            try FileManager.default.createDirectory(at: configuration.dataFolder, withIntermediateDirectories: true)
        } catch {
            throw ServerError(.internalServerError, code: "server.dataFolder",
                              message: "The data folder \(configuration.dataFolder.path) cannot be created: \(error.localizedDescription)")
        }
        return try AccountDirectory(path: configuration.databasePath, bcryptCost: configuration.bcryptCost)
    }
}
