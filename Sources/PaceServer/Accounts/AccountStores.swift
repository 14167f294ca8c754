import Foundation
import HTTPTypes
import Logging
import PaceModel
import PaceStore
import PaceStorePostgres
import PostgresNIO

/// Each account's health store, opened once and kept.
///
/// By default one SQLite file per account under `accounts/` in the data folder (strong isolation:
/// one account's queries cannot reach another's rows). With a ``PostgresLocation``, every account's
/// store lives in one PostgreSQL database, each behind its own account column and row-level
/// security (`PaceStorePostgres`), over one pool of connections this object runs.
actor AccountStores {
    /// Where the stores live.
    private enum Kind {
        case files(URL)
        case postgres(PostgresClient)
    }

    private let kind: Kind
    /// Stores opened or being opened: concurrent first requests of one account share one opening.
    private var opening: [UUID: Task<HealthStore, any Error>] = [:]
    private let logger = Logger(label: "org.pace.server.stores")

    /// SQLite files under `folder`.
    init(folder: URL) {
        kind = .files(folder)
    }

    /// One PostgreSQL database, through the process's one pool of connections to it.
    init(postgres location: PostgresLocation, logger: Logger) {
        kind = .postgres(PostgresPools.client(for: location, logger: logger))
    }

    /// Checks that the stores can be reached: for PostgreSQL, connects and brings the schema up to
    /// date (so a wrong URL, password or a database of a newer Pace stops the server at start).
    func check() async throws {
        guard case .postgres(let client) = kind else { return }
        do {
            try await PostgresSchema.ensureMigrated(client: client, logger: logger)
        } catch {
            throw ServerError(.internalServerError, code: "server.database",
                              message: "PostgreSQL cannot be used: \(error.message)")
        }
    }

    /// The account's store, created on first use.
    func store(for account: UUID) async throws -> HealthStore {
        let task = opening[account] ?? {
            let task = Task { [kind] in try await Self.open(kind, account) }
            opening[account] = task
            return task
        }()
        do {
            return try await task.value
        } catch {
            // A failed opening is tried again by the next request.
            if opening[account] == task { opening[account] = nil }
            logger.error("Cannot open an account's store", metadata: ["account": "\(account)", "error": "\(error)"])
            throw ServerError(.internalServerError, code: "server.store",
                              message: "The account's store cannot be opened; the server's log says why.")
        }
    }

    private static func open(_ kind: Kind, _ account: UUID) async throws -> HealthStore {
        let name = account.uuidString.lowercased()
        switch kind {
        case .files(let folder):
            // Opening a file (and migrating it) blocks: done on a thread of its own, not the pool's.
            return try await ThreadBridge.run(label: "org.pace.server.open") { () throws(any Error) -> HealthStore in
                let directory = folder.appendingPathComponent(name, isDirectory: true)
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                return try HealthStore(path: directory.appendingPathComponent("health.sqlite").path)
            }
        case .postgres(let client):
            return HealthStore(backend: try await PostgresBackend(client: client, account: name))
        }
    }
}

/// The process's pools of connections to PostgreSQL, one per database location, each running for
/// the life of the process: every server (or test fixture) on one database shares its pool, so
/// connections stay within the pool's bound however many are made.
enum PostgresPools {
    private static let pools = Locked<[PostgresLocation: PostgresClient]>([:])

    /// The running pool for `location`, made and started on first use.
    static func client(for location: PostgresLocation, logger: Logger) -> PostgresClient {
        pools.withLock { pools in
            if let client = pools[location] { return client }
            let client = PostgresClient(configuration: location.clientConfiguration, backgroundLogger: logger)
            Task.detached { await client.run() }
            pools[location] = client
            return client
        }
    }
}
