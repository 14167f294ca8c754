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

    /// How to connect to `server` as `role`.
    static func configuration(of server: PostgresServerProcess, role: String) -> PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(host: "127.0.0.1", port: server.port, username: role, password: nil,
                                                         database: server.database, tls: .disable)
        configuration.options.maximumConnections = 60
        configuration.options.additionalStartupParameters = PostgresBackend.startupParameters
        return configuration
    }

    /// A backend of a new account (or of `account`).
    func backend(account: String = UUID().uuidString) async throws -> PostgresBackend {
        try await PostgresBackend(client: client, account: account)
    }
}
