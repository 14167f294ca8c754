import Crypto
import Dispatch
public import Foundation
import GRDB
import HTTPTypes
import HummingbirdBcrypt
import PaceAPI
public import PaceModel
import PaceStore

/// The server's own database (`server.sqlite` in the data folder): accounts with their bcrypt
/// password hashes, tokens with the SHA-256 hashes of their secrets and their scopes, and the
/// audit log of sign-ins and token changes. Health data is not here: each account has its own store.
public struct AccountDirectory: Sendable {
    let pool: DatabasePool
    /// The bcrypt cost (2^cost rounds); tests lower it.
    let bcryptCost: UInt8

    /// Opens (creating and migrating when needed) the directory at `path`.
    /// - Throws: ``ServerError`` with code `server.database` when the file cannot be opened.
    public init(path: String, bcryptCost: UInt8 = 12) throws {
        // The first SQLite database of a server process: SQLite takes the store's process-wide settings now or never.
        SQLiteBackend.prepareProcess()
        do {
            var configuration = Configuration()
            configuration.foreignKeysEnabled = true
            pool = try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(pool)
        } catch {
            throw ServerError(.internalServerError, code: "server.database",
                              message: "The server database \(path) cannot be opened: \(error). Check the data folder's permissions.")
        }
        self.bcryptCost = bcryptCost
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-accounts-tokens-audit") { db in
            try db.execute(sql: """
                CREATE TABLE account (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                    passwordHash TEXT NOT NULL,
                    isAdmin INTEGER NOT NULL,
                    createdAt REAL NOT NULL
                ) WITHOUT ROWID;
                CREATE TABLE token (
                    id TEXT PRIMARY KEY NOT NULL,
                    account TEXT NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    secretHash TEXT NOT NULL UNIQUE,
                    readTypes TEXT NOT NULL,
                    shareTypes TEXT NOT NULL,
                    createdAt REAL NOT NULL,
                    revokedAt REAL,
                    lastUsedAt REAL
                ) WITHOUT ROWID;
                CREATE INDEX token_account ON token (account);
                CREATE TABLE auditEvent (
                    id INTEGER PRIMARY KEY,
                    at REAL NOT NULL,
                    account TEXT,
                    kind TEXT NOT NULL,
                    detail TEXT NOT NULL
                );
                CREATE INDEX auditEvent_account ON auditEvent (account, at);
                """)
        }
        migrator.registerMigration("v2-sync-replies") { db in
            try db.execute(sql: """
                CREATE TABLE syncReply (
                    token TEXT NOT NULL,
                    key TEXT NOT NULL,
                    saved INTEGER NOT NULL,
                    alreadyStored INTEGER NOT NULL,
                    bodyHash TEXT NOT NULL,
                    at REAL NOT NULL,
                    PRIMARY KEY (token, key)
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v3-upload-jobs") { db in
            try db.execute(sql: """
                CREATE TABLE uploadJob (
                    id TEXT PRIMARY KEY NOT NULL,
                    account TEXT NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                    contentHash TEXT NOT NULL,
                    format TEXT NOT NULL,
                    size INTEGER NOT NULL,
                    status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
                    imported INTEGER NOT NULL DEFAULT 0,
                    duplicates INTEGER NOT NULL DEFAULT 0,
                    problems TEXT NOT NULL DEFAULT '[]',
                    createdAt REAL NOT NULL,
                    finishedAt REAL,
                    UNIQUE (account, contentHash)
                ) WITHOUT ROWID;
                CREATE INDEX uploadJob_status ON uploadJob (status, createdAt);
                """)
        }
        migrator.registerMigration("v4-live") { db in try db.execute(sql: LiveStore.schema) }
        migrator.registerMigration("v5-browser-sessions-invitations") { db in
            try db.execute(sql: """
                ALTER TABLE token ADD COLUMN kind TEXT NOT NULL DEFAULT 'device' CHECK (kind IN ('device', 'browser'));
                ALTER TABLE token ADD COLUMN expiresAt REAL;
                ALTER TABLE token ADD COLUMN csrfToken TEXT;
                CREATE TABLE invitation (
                    codeHash TEXT PRIMARY KEY NOT NULL,
                    createdBy TEXT NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                    createdAt REAL NOT NULL,
                    expiresAt REAL NOT NULL,
                    usedAt REAL,
                    usedBy TEXT REFERENCES account (id) ON DELETE SET NULL
                ) WITHOUT ROWID;
                """)
        }
        // A push may delete objects too (`pace sync`): its answer counts them.
        migrator.registerMigration("v6-sync-reply-deletions") { db in
            try db.execute(sql: "ALTER TABLE syncReply ADD COLUMN deleted INTEGER NOT NULL DEFAULT 0")
        }
        migrator.registerMigration("v7-account-settings") { db in try db.execute(sql: AccountSettings.schema) }
        // An upload's job names the workouts it imported, so the upload page can link them.
        migrator.registerMigration("v8-upload-job-workouts") { db in
            try db.execute(sql: "ALTER TABLE uploadJob ADD COLUMN workouts TEXT NOT NULL DEFAULT '[]'")
        }
        migrator.registerMigration("v9-account-map-tiles") { db in try db.execute(sql: AccountSettings.mapTilesColumn) }
        return migrator
    }

    // MARK: Accounts

    /// Whether any account exists (the first run creates the admin).
    public func isEmpty() async throws -> Bool {
        try await pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM account") == 0 }
    }

    /// Creates an account.
    /// - Throws: ``ServerError`` `account.name` for an empty or taken name, `account.password` for a
    ///   password shorter than 12 characters.
    @discardableResult
    public func createAccount(name: String, password: String, isAdmin: Bool) async throws -> Account {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= 64 else {
            throw ServerError(.badRequest, code: "account.name", message: "An account name has 1 to 64 characters.")
        }
        guard password.count >= 12 else {
            throw ServerError(.badRequest, code: "account.password", message: "A password has at least 12 characters.")
        }
        let hash = await ThreadBridge.run(label: "org.pace.bcrypt") { [bcryptCost] in Bcrypt.hash(password, cost: bcryptCost) }
        let account = Account(id: UUID(), name: name, isAdmin: isAdmin, createdAt: Date())
        do {
            try await pool.write { db in
                try db.execute(sql: "INSERT INTO account (id, name, passwordHash, isAdmin, createdAt) VALUES (?, ?, ?, ?, ?)",
                               arguments: [account.id.uuidString, name, hash, isAdmin, account.createdAt.timeIntervalSince1970])
                try Self.audit(db, account: account.id, kind: "accountCreated", detail: isAdmin ? "admin" : "")
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw ServerError(.conflict, code: "account.name", message: "An account named '\(name)' exists already; choose another name.")
        }
        return account
    }

    /// The account with this name and password, or `nil` (a wrong name and a wrong password are
    /// not told apart; both are audited).
    public func signIn(name: String, password: String, from address: String) async throws -> Account? {
        let found: (account: Account, hash: String)? = try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT id, name, passwordHash, isAdmin, createdAt FROM account WHERE name = ?", arguments: [name])
                .map { (Self.account($0), $0["passwordHash"]) }
        }
        // A missing account still costs one bcrypt verification, so timing does not tell names apart.
        let hash = found?.hash ?? Self.decoyHash
        let matches = await ThreadBridge.run(label: "org.pace.bcrypt") { Bcrypt.verify(password, hash: hash) }
        let account = matches ? found?.account : nil
        let known = found?.account.id
        try await pool.write { db in
            try Self.audit(db, account: known, kind: account == nil ? "signInFailed" : "signIn", detail: address)
        }
        return account
    }

    /// A bcrypt hash of nothing anyone types, verified when the name is unknown.
    private static let decoyHash = Bcrypt.hash(UUID().uuidString, cost: 12)

    static func account(_ row: Row) -> Account {
        Account(id: UUID(uuidString: row["id"]) ?? UUID(), name: row["name"], isAdmin: row["isAdmin"],
                createdAt: Date(timeIntervalSince1970: row["createdAt"]))
    }

    // MARK: Tokens

    /// Makes a token for `account` with these scopes; returns it and its secret, which is never stored.
    public func createToken(for account: Account, name: String, read: Set<HealthObjectType>,
                            share: Set<HealthObjectType>) async throws -> (token: AccessToken, secret: String) {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= 64 else {
            throw ServerError(.badRequest, code: "token.name", message: "A token name has 1 to 64 characters.")
        }
        let secret = "pace_" + Self.randomSecret()
        let token = AccessToken(id: UUID(), account: account.id, name: name, read: read, share: share, createdAt: Date())
        try await pool.write { db in
            try db.execute(sql: """
                INSERT INTO token (id, account, name, secretHash, readTypes, shareTypes, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [token.id.uuidString, account.id.uuidString, name, Self.hash(secret), Self.encode(read), Self.encode(share),
                                 token.createdAt.timeIntervalSince1970])
            try Self.audit(db, account: account.id, kind: "tokenCreated", detail: token.id.uuidString)
        }
        return (token, secret)
    }

    /// The live (not revoked) token with this secret, or `nil`.
    public func token(secret: String) async throws -> AccessToken? {
        let hash = Self.hash(secret)
        return try await pool.read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM token WHERE secretHash = ? AND revokedAt IS NULL AND kind = 'device'"),
                             arguments: [hash]).map(Self.token)
        }
    }

    /// The account's tokens, newest first, revoked ones included (browser sessions are not tokens
    /// a user manages, and are left out).
    public func tokens(of account: Account) async throws -> [AccessToken] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM token WHERE account = ? AND kind = 'device' ORDER BY createdAt DESC, id",
                             arguments: [account.id.uuidString]).map(Self.token)
        }
    }

    /// Revokes the account's token `id`; `false` when the account has no such live token.
    public func revokeToken(_ id: UUID, of account: Account) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: "UPDATE token SET revokedAt = ? WHERE id = ? AND account = ? AND revokedAt IS NULL AND kind = 'device'",
                           arguments: [Date().timeIntervalSince1970, id.uuidString, account.id.uuidString])
            guard db.changesCount > 0 else { return false }
            try Self.audit(db, account: account.id, kind: "tokenRevoked", detail: id.uuidString)
            return true
        }
    }

    /// Records that `token` was used, at most once a minute per token (the audit log of token use).
    func noteUse(of token: AccessToken, from address: String) async throws {
        let now = Date().timeIntervalSince1970
        // The row just read says it was noted within the minute: no write (and no wait for the
        // writer) on the request's path. Requests racing past this check meet the UPDATE's own.
        if let noted = token.lastUsedAt, noted.timeIntervalSince1970 >= now - 60 { return }
        try await pool.write { db in
            try db.execute(sql: "UPDATE token SET lastUsedAt = ? WHERE id = ? AND (lastUsedAt IS NULL OR lastUsedAt < ?)",
                           arguments: [now, token.id.uuidString, now - 60])
            if db.changesCount > 0 {
                try Self.audit(db, account: token.account, kind: "tokenUsed", detail: "\(token.id.uuidString) \(address)")
            }
        }
    }

    /// The audit log of `account`, newest first: kinds and details.
    public func auditLog(of account: UUID, limit: Int = 100) async throws -> [(at: Date, kind: String, detail: String)] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT at, kind, detail FROM auditEvent WHERE account = ? ORDER BY id DESC LIMIT ?",
                             arguments: [account.uuidString, limit]).map { (Date(timeIntervalSince1970: $0["at"]), $0["kind"], $0["detail"]) }
        }
    }

    static func token(_ row: Row) -> AccessToken {
        AccessToken(id: UUID(uuidString: row["id"]) ?? UUID(), account: UUID(uuidString: row["account"]) ?? UUID(), name: row["name"],
                    read: decode(row["readTypes"]), share: decode(row["shareTypes"]),
                    createdAt: Date(timeIntervalSince1970: row["createdAt"]),
                    revokedAt: (row["revokedAt"] as Double?).map { Date(timeIntervalSince1970: $0) },
                    kind: (row["kind"] as String?) == "browser" ? .browser : .device,
                    expiresAt: (row["expiresAt"] as Double?).map { Date(timeIntervalSince1970: $0) },
                    lastUsedAt: (row["lastUsedAt"] as Double?).map { Date(timeIntervalSince1970: $0) })
    }

    static func audit(_ db: Database, account: UUID?, kind: String, detail: String) throws {
        try db.execute(sql: "INSERT INTO auditEvent (at, account, kind, detail) VALUES (?, ?, ?, ?)",
                       arguments: [Date().timeIntervalSince1970, account?.uuidString, kind, detail])
    }

    // MARK: Helpers

    /// 32 random bytes, base64url without padding.
    static func randomSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Base64URL.encode(Data(bytes))
    }

    /// The SHA-256 of a secret, in hex.
    static func hash(_ secret: String) -> String {
        hash(Data(secret.utf8))
    }

    /// The SHA-256 of some bytes, in hex.
    static func hash(_ data: Data) -> String {
        SHA256.hash(data: data).lowercaseHex
    }

    static func encode(_ types: Set<HealthObjectType>) -> String {
        let identifiers = types.map(\.identifier).sorted()
        return String(decoding: (try? JSONEncoder().encode(identifiers)) ?? Data("[]".utf8), as: UTF8.self)
    }

    private static func decode(_ text: String) -> Set<HealthObjectType> {
        let identifiers = (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
        return Set(identifiers.compactMap { try? HealthObjectType(identifier: $0) })
    }
}
