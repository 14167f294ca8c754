public import Foundation
import GRDB
import HTTPTypes
import PaceModel

/// Browser sessions and invitations.
///
/// A session is a token of kind ``AccessToken/Kind/browser``: its secret travels in an HttpOnly
/// cookie, only its SHA-256 is stored, it expires, and it carries a CSRF token that every write
/// must echo in `X-CSRF-Token` (stored as it is: alone, without the cookie's secret, it grants nothing,
/// and the web app reads it back after a reload from `GET /api/v1/session`). An invitation is a one-time code an
/// administrator makes, stored hashed, that lets one new account be created while sign-up is closed.
extension AccountDirectory {
    /// How long a browser session lasts: 30 days.
    public static let sessionLifetime: TimeInterval = 30 * 86_400
    /// How long an invitation can be used: 7 days.
    public static let invitationLifetime: TimeInterval = 7 * 86_400

    /// A new session of `account` signed in from `address`: the session, its secret (for the
    /// cookie; only its hash is stored) and its CSRF token.
    public func createSession(for account: Account, from address: String) async throws
        -> (session: AccessToken, secret: String, csrf: String) {
        let secret = Self.randomSecret(), csrf = Self.randomSecret()
        let now = Date()
        let all = Set(HealthObjectType.allTypes)
        let session = AccessToken(id: UUID(), account: account.id, name: "browser", read: all, share: all.filter { !$0.isReadOnly },
                                  createdAt: now, kind: .browser, expiresAt: now.addingTimeInterval(Self.sessionLifetime))
        try await pool.write { db in
            // Sessions past their end are forgotten as new ones begin.
            try db.execute(sql: "DELETE FROM token WHERE kind = 'browser' AND expiresAt < ?", arguments: [now.timeIntervalSince1970])
            try db.execute(sql: """
                INSERT INTO token (id, account, name, secretHash, readTypes, shareTypes, createdAt, kind, expiresAt, csrfToken)
                VALUES (?, ?, 'browser', ?, ?, ?, ?, 'browser', ?, ?)
                """, arguments: [session.id.uuidString, account.id.uuidString, Self.hash(secret), Self.encode(session.read),
                                 Self.encode(session.share), now.timeIntervalSince1970,
                                 session.expiresAt?.timeIntervalSince1970, csrf])
            try Self.audit(db, account: account.id, kind: "sessionStarted", detail: address)
        }
        return (session, secret, csrf)
    }

    /// The live session with this secret and its CSRF token, or `nil` (unknown, ended or expired).
    public func session(secret: String) async throws -> (session: AccessToken, csrf: String)? {
        let hash = Self.hash(secret), now = Date().timeIntervalSince1970
        return try await pool.read { db in
            try Row.fetchOne(db, sql: """
                SELECT * FROM token WHERE secretHash = ? AND kind = 'browser' AND revokedAt IS NULL AND expiresAt > ?
                """, arguments: [hash, now]).map { (Self.token($0), $0["csrfToken"]) }
        }
    }

    /// Ends the session (signing out).
    public func endSession(_ session: AccessToken) async throws {
        try await pool.write { db in
            try db.execute(sql: "UPDATE token SET revokedAt = ? WHERE id = ? AND kind = 'browser'",
                           arguments: [Date().timeIntervalSince1970, session.id.uuidString])
            try Self.audit(db, account: session.account, kind: "sessionEnded", detail: session.id.uuidString)
        }
    }

    /// The account with this id.
    public func account(id: UUID) async throws -> Account? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT id, name, isAdmin, createdAt FROM account WHERE id = ?", arguments: [id.uuidString])
                .map(Self.account)
        }
    }

    /// A new invitation made by `administrator`: its code (shown once) and when it expires.
    /// - Throws: ``ServerError`` `account.notAdmin` when the account is not an administrator.
    public func createInvitation(by administrator: Account) async throws -> (code: String, expiresAt: Date) {
        guard administrator.isAdmin else {
            throw ServerError(.forbidden, code: "account.notAdmin", message: "Only an administrator can invite; ask one to.")
        }
        let code = "invite_" + Self.randomSecret()
        let now = Date(), expires = now.addingTimeInterval(Self.invitationLifetime)
        try await pool.write { db in
            try db.execute(sql: "INSERT INTO invitation (codeHash, createdBy, createdAt, expiresAt) VALUES (?, ?, ?, ?)",
                           arguments: [Self.hash(code), administrator.id.uuidString, now.timeIntervalSince1970, expires.timeIntervalSince1970])
            try Self.audit(db, account: administrator.id, kind: "invitationCreated", detail: "")
        }
        return (code, expires)
    }

    /// Creates an account with an invitation code, using the code up in the same transaction.
    /// - Throws: ``ServerError`` `invitation.invalid` for a code that is unknown, used or expired
    ///   (not told apart), and as ``createAccount(name:password:isAdmin:)``.
    public func createAccount(name: String, password: String, invitation code: String) async throws -> Account {
        let hash = Self.hash(code), now = Date().timeIntervalSince1970
        let usable = try await pool.read { db in
            try Bool.fetchOne(db, sql: "SELECT 1 FROM invitation WHERE codeHash = ? AND usedAt IS NULL AND expiresAt > ?",
                              arguments: [hash, now]) ?? false
        }
        guard usable else { throw Self.invalidInvitation }
        let account = try await createAccount(name: name, password: password, isAdmin: false)
        // Two sign-ups racing for one code: the second finds it used, and its account is taken back.
        let claimed = try await pool.write { db -> Bool in
            try db.execute(sql: "UPDATE invitation SET usedAt = ?, usedBy = ? WHERE codeHash = ? AND usedAt IS NULL AND expiresAt > ?",
                           arguments: [now, account.id.uuidString, hash, now])
            if db.changesCount == 0 {
                try db.execute(sql: "DELETE FROM account WHERE id = ?", arguments: [account.id.uuidString])
                return false
            }
            return true
        }
        guard claimed else { throw Self.invalidInvitation }
        return account
    }

    private static var invalidInvitation: ServerError {
        ServerError(.forbidden, code: "invitation.invalid",
                    message: "This invitation is not valid (unknown, used or expired); ask an administrator for a new one.")
    }
}
