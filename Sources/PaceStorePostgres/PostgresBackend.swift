import Foundation
package import Logging
package import PaceStore
package import PostgresNIO

/// The health store's PostgreSQL backend (issue 17): one account's store in a database shared by
/// many accounts, through PostgresNIO.
///
/// Every row carries its `account`, every statement filters by it, every primary key includes it,
/// and no statement joins rows of two accounts, so the schema can be sharded by account. Row-level
/// security is the second wall: each transaction sets `app.account` (`set_config(…, true)`, local to
/// the transaction) and every table's policy admits only that account's rows; a statement run
/// without the setting fails (`PostgresSchema`, migration `v6-row-level-security`).
///
/// One backend serves one account, as one SQLite file serves one store: make one per account over a
/// shared `PostgresClient`, which the caller runs (`client.run()` in a long-running task). The first
/// connection migrates the database (`schemaMigrations`, under an advisory lock so that concurrent
/// first connections take turns) and creates the account's store.
///
/// ```swift
/// let client = PostgresClient(configuration: configuration)
/// Task { await client.run() }
/// let store = HealthStore(backend: try await PostgresBackend(client: client, account: "c0ffee…"))
/// ```
///
/// Each operation is one transaction on a pooled connection: writes at READ COMMITTED behind a row
/// lock on the account's `storeState` row (so one account's writes take turns and anchors grow in
/// commit order, as SQLite's single writer does), reads at REPEATABLE READ, READ ONLY (one
/// snapshot). No thread of Swift's cooperative pool waits: PostgresNIO is asynchronous. The
/// protocol's *blocking* requirements wait for the asynchronous operation on their caller's thread,
/// and refuse with a typed error when called from a task of the cooperative pool
/// (`PostgresBackend+Blocking.swift`).
package struct PostgresBackend: HealthStoreBackend {
    /// The pool of connections to the database.
    package let client: PostgresClient
    /// The account whose store this is.
    package let account: String
    /// The `LISTEN` channel of the account's commits (``PostgresChannelName``).
    let channel: String
    /// The logger of the backend's statements (at trace level) and failures.
    let logger: Logger
    /// `nil`: a PostgreSQL store is not a file.
    package var location: String? { nil }

    /// What every connection of a backend's client should start with (PostgresNIO's
    /// `additionalStartupParameters`): PostgreSQL ends a transaction left idle for a minute, so a
    /// connection abandoned inside a transaction cannot hold an account's write lock, or the schema's
    /// migration lock, for ever. No operation of the backend leaves its transaction idle that long.
    package static let startupParameters: [(String, String)] = [("idle_in_transaction_session_timeout", "60s")]

    /// Opens the store of `account` over `client`, migrating the database and creating the
    /// account's store on first use.
    ///
    /// - Parameters:
    ///   - client: A running client (its `run()` is awaited in a task of the caller's).
    ///   - account: The account's identifier (a UUID's text, say); not empty.
    ///   - logger: Where the backend logs.
    /// - Throws: ``StoreError`` with code ``StoreError/Code/newerSchema`` when the database holds
    ///   migrations this build does not know, ``StoreError/Code/cannotOpen`` when the server cannot be
    ///   reached, ``StoreError/Code/database`` for another failure.
    package init(client: PostgresClient, account: String,
                 logger: Logger = Logger(label: "org.pace.store.postgres")) async throws(StoreError) {
        precondition(!account.isEmpty, "A PostgreSQL store needs a non-empty account.")
        self.client = client
        self.account = account
        self.logger = logger
        self.channel = PostgresChannelName.channel(for: account)
        try await PostgresSchema.ensureMigrated(client: client, logger: logger)
        try await ensureStore()
    }

    /// Creates the account's `storeState` row (its identity and anchor) when missing.
    private func ensureStore() async throws(StoreError) {
        let storeID = UUID()
        try await transaction(kind: .write) { connection, account in
            try await connection.run("""
                INSERT INTO storeState (account, storeID, lastAnchor) VALUES (\(account), \(storeID), 0)
                ON CONFLICT (account) DO NOTHING
                """, logger: logger)
        }
    }

    /// What a transaction does.
    enum TransactionKind {
        /// Reads in one snapshot.
        case read
        /// Writes, behind the account's `storeState` row lock.
        case write
    }

    /// Runs `body` in one transaction on a pooled connection, with `app.account` set for row-level
    /// security, and maps its errors; a task cancelled before it starts gets
    /// ``StoreError/Code/cancelled``.
    ///
    /// A write transaction first locks the account's `storeState` row, so writes of one account take
    /// turns; `body` is given the account to bind in its statements.
    func transaction<T>(kind: TransactionKind,
                        _ body: (PostgresConnection, String) async throws -> T) async throws(StoreError) -> T {
        if Task.isCancelled { throw mapped(CancellationError()) }
        let account = self.account, logger = self.logger
        do {
            return try await client.withConnection { (connection: PostgresConnection) async throws -> T in
                switch kind {
                case .read: try await connection.run("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
                case .write: try await connection.run("BEGIN", logger: logger)
                }
                do {
                    try await connection.run("SELECT set_config('app.account', \(account), true)", logger: logger)
                    if kind == .write {
                        try await connection.run("SELECT 1 FROM storeState WHERE account = \(account) FOR UPDATE", logger: logger)
                    }
                    let result = try await body(connection, account)
                    try await connection.run("COMMIT", logger: logger)
                    return result
                } catch {
                    await connection.rollBackOrClose(logger: logger)
                    throw error
                }
            }
        } catch {
            throw mapped(error)
        }
    }

    /// Maps any error thrown inside an operation to a ``StoreError``.
    func mapped(_ error: any Error) -> StoreError {
        if let error = error as? StoreError { return error }
        if error is CancellationError {
            return StoreError(code: .cancelled,
                message: "The operation on the PostgreSQL store of account \(account) was cancelled before it ran; nothing was changed.",
                cause: error)
        }
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] {
                let state = error.serverInfo?[.sqlState] ?? "?"
                logger.debug("PostgreSQL refused a statement", metadata: ["sqlState": "\(state)", "message": "\(message)"])
                return StoreError(code: .database,
                    message: "PostgreSQL failed on the store of account \(account): \(message) (SQLSTATE \(state)).",
                    cause: error)
            }
            return StoreError(code: .cannotOpen,
                message: "Cannot reach PostgreSQL for the store of account \(account): \(error.code). Check that the server runs and accepts connections.",
                cause: error)
        }
        return StoreError(code: .database, message: "PostgreSQL failed on the store of account \(account): \(error).",
                          cause: error)
    }
}
