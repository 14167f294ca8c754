import Foundation
import Logging
import PaceModel
import PaceStore
import PaceStorePostgres
import PaceTestSupport
import PostgresNIO

/// The test process's PostgreSQL: one real server on loopback (``PostgresServerProcess/shared()``),
/// started at the first test that asks and stopped when the process exits, and one running client that
/// every test's backend shares. Each test takes a fresh account, so tests run in parallel on one
/// database without seeing each other's rows.
final class PostgresTestDatabase: Sendable {
    let server: PostgresServerProcess
    let client: PostgresClient
    private let runner: Task<Void, Never>

    private init(server: PostgresServerProcess, client: PostgresClient, runner: Task<Void, Never>) {
        self.server = server
        self.client = client
        self.runner = runner
    }

    /// The server and client, started once per process; a failure to start fails every test that asks.
    static func shared() async throws -> PostgresTestDatabase {
        try await started.value
    }

    private static let started = Task<PostgresTestDatabase, any Error> {
        let server = try await PostgresServerProcess.shared()
        let client = PostgresClient(configuration: configuration(of: server, role: server.role))
        let runner = Task { await client.run() }
        return PostgresTestDatabase(server: server, client: client, runner: runner)
    }

    /// How to connect to `server` as `role`, to the tests' database or `database`.
    static func configuration(of server: PostgresServerProcess, role: String,
                              database: String? = nil) -> PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(host: "127.0.0.1", port: server.port, username: role, password: nil,
                                                         database: database ?? server.database, tls: .disable)
        configuration.options.maximumConnections = 60
        configuration.options.additionalStartupParameters = PostgresBackend.startupParameters
        return configuration
    }

    /// A backend of a new account (or of `account`).
    func backend(account: String = UUID().uuidString) async throws -> PostgresBackend {
        try await PostgresBackend(client: client, account: account)
    }
}

/// A new, empty database of the test server, owned by the tests' role, with a running client of its
/// own: for what the shared, long-migrated database cannot show (a first migration, a newer schema).
final class FreshPostgresDatabase: Sendable {
    let name: String
    let client: PostgresClient
    private let server: PostgresServerProcess
    private let runner: Task<Void, Never>

    /// Creates the database (as the server's superuser) and starts a client of it.
    init() async throws {
        let shared = try await PostgresTestDatabase.shared()
        server = shared.server
        name = "fresh_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let superuser = PostgresTestDatabase.configuration(of: server, role: "postgres", database: "postgres")
        let admin = PostgresClient(configuration: superuser)
        let adminRunner = Task { await admin.run() }
        defer { adminRunner.cancel() }
        _ = try await admin.query("CREATE DATABASE \(unescaped: name) OWNER \(unescaped: server.role)").collect()
        client = PostgresClient(configuration: PostgresTestDatabase.configuration(of: server, role: server.role, database: name))
        let client = self.client
        runner = Task { await client.run() }
    }

    /// Another client of the same database (one with no shared migration behind it).
    func anotherClient() -> (PostgresClient, Task<Void, Never>) {
        let other = PostgresClient(configuration: PostgresTestDatabase.configuration(of: server, role: server.role, database: name))
        return (other, Task { await other.run() })
    }

    /// The migrations recorded in the database, in order of identifier.
    func recordedMigrations() async throws -> [String] {
        var recorded: [String] = []
        for try await identifier in try await client.query("SELECT identifier FROM schemaMigrations ORDER BY identifier")
            .decode(String.self) {
            recorded.append(identifier)
        }
        return recorded
    }

    deinit { runner.cancel() }
}
