import Foundation
import Hummingbird
import Logging
import HummingbirdTesting
import PaceModel
@testable import PaceServer
import PaceStore
import PaceTestSupport
import Testing

/// A server on a temporary data folder, driven through Hummingbird's router tester, with helpers
/// to make accounts, seed their stores and sign requests.
///
/// Its accounts' stores are SQLite files or live in the test process's PostgreSQL
/// (``PostgresServerProcess/shared()``), as `pace serve --database` chooses. The API, isolation,
/// sync, upload and delete tests run on both; tests of what does not depend on the backend
/// (sessions, the analysis views, statistics routes — the backends' statistics are held equal by the
/// conformance suite) run on SQLite, to keep the one PostgreSQL of a full test run from being the
/// bottleneck on two cores.
struct ServerFixture {
    /// Where the accounts' stores live.
    enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }
    }

    let directory: TemporaryDirectory
    let configuration: ServerConfiguration
    let accounts: AccountDirectory
    /// The stores as the server opens them, for seeding and checking.
    let stores: AccountStores

    init(_ backend: Backend = .sqlite, maximumUploadBytes: Int = 1 << 30, openSignUp: Bool = false) async throws {
        directory = try TemporaryDirectory()
        // A low bcrypt cost keeps the tests fast; the server's default is 12.
        var configuration = ServerConfiguration(dataFolder: URL(fileURLWithPath: directory.path("data")), bcryptCost: 4,
                                                maximumUploadBytes: maximumUploadBytes, openSignUp: openSignUp)
        if backend == .postgres {
            let server = try await PostgresServerProcess.shared()
            var location = try PostgresLocation(url: "postgres://\(server.role)@127.0.0.1:\(server.port)/\(server.database)?sslmode=disable",
                                                environment: [:])
            location.maximumConnections = 40
            configuration.postgres = location
        }
        self.configuration = configuration
        accounts = try PaceServer.accounts(configuration)
        stores = configuration.postgres.map { AccountStores(postgres: $0, logger: Logger(label: "test")) }
            ?? AccountStores(folder: configuration.dataFolder.appendingPathComponent("accounts"))
    }

    /// Runs `body` against the server's router.
    func test(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let app = Application(router: try await PaceServer.router(configuration))
        try await app.test(.router, body)
    }

    /// A new account named `name` whose password is `name` repeated to 12 characters.
    func account(_ name: String) async throws -> Account {
        try await accounts.createAccount(name: name, password: Self.password(name), isAdmin: false)
    }

    static func password(_ name: String) -> String { String(repeating: name, count: 12 / name.count + 1) }

    /// The account's own store, opened as the server opens it, for seeding and checking.
    func store(of account: Account) async throws -> HealthStore {
        try await stores.store(for: account.id)
    }

    /// `Authorization: Basic` for the account.
    static func basic(_ account: Account) -> HTTPFields {
        [.authorization: "Basic " + Data("\(account.name):\(password(account.name))".utf8).base64EncodedString()]
    }

    /// `Authorization: Bearer` with a secret.
    static func bearer(_ secret: String) -> HTTPFields { [.authorization: "Bearer " + secret] }

    /// Makes a token through the API and returns its secret.
    static func token(_ client: any TestClientProtocol, for account: Account, read: [HealthObjectType],
                      share: [HealthObjectType] = []) async throws -> String {
        let request = try JSONSerialization.data(withJSONObject: ["name": "test", "read": read.map(\.identifier),
                                                                  "share": share.map(\.identifier)])
        return try await client.execute(uri: "/api/v1/tokens", method: .post, headers: basic(account),
                                        body: ByteBuffer(bytes: request)) { response in
            #expect(response.status == .created, "\(String(buffer: response.body))")
            let made = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
            return try #require(made?["token"] as? String)
        }
    }

    /// The response's JSON object.
    static func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any], "\(String(buffer: response.body))")
    }

    /// The error code of a JSON error response.
    static func errorCode(_ response: TestResponse) throws -> String? {
        (try json(response)["error"] as? [String: Any])?["code"] as? String
    }
}
