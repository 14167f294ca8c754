import Foundation
import GRDB
import HTTPTypes
import PaceAPI

/// The live sessions and their batches, in the server database (`liveSession`, `liveBatch`), every
/// row under its account, so a restart loses nothing a publisher was told is stored.
///
/// What is kept is bounded (docs/SERVER.md, "Live recordings"): a batch holds at most
/// ``maximumPoints`` points, a session at most ``maximumBatches`` batches, an account at most
/// ``maximumOpenSessions`` sessions in progress, and a session is deleted with its batches
/// ``retention`` after it ended — or after its last batch, if it never ends.
struct LiveStore: Sendable {
    /// Points one batch may carry.
    static let maximumPoints = 1000
    /// Batches one session may hold: a day at one a second.
    static let maximumBatches = 86_400
    /// Sessions in progress per account.
    static let maximumOpenSessions = 10
    /// How long an ended or silent session is kept, in seconds: a day.
    static let retention: TimeInterval = 86_400

    let pool: DatabasePool

    /// The `v4-live` migration's tables.
    static let schema = """
        CREATE TABLE liveSession (
            account TEXT NOT NULL REFERENCES account (id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            activityType TEXT,
            startedAt REAL NOT NULL,
            updatedAt REAL NOT NULL,
            lastSequence INTEGER NOT NULL,
            endedAt REAL,
            outcome TEXT,
            workoutID TEXT,
            PRIMARY KEY (account, id)
        ) WITHOUT ROWID;
        CREATE INDEX liveSession_updatedAt ON liveSession (updatedAt);
        CREATE TABLE liveBatch (
            account TEXT NOT NULL,
            session TEXT NOT NULL,
            sequence INTEGER NOT NULL,
            body TEXT NOT NULL,
            PRIMARY KEY (account, session, sequence),
            FOREIGN KEY (account, session) REFERENCES liveSession (account, id) ON DELETE CASCADE
        ) WITHOUT ROWID;
        """

    /// What ``append(_:account:session:)`` did.
    enum Appended: Equatable {
        /// Stored; the session's highest number is now the batch's.
        case stored
        /// Held already: the session's highest number.
        case repeated(lastSequence: Int)
    }

    /// Stores a batch if it is the session's next, in one transaction with the session's record
    /// (created by its first batch).
    /// - Throws: ``ServerError`` `live.gap` (409) when numbers are missing before it, `live.ended`
    ///   (409) after the session's end, `live.full` (409) past ``maximumBatches``, `live.tooMany` (409)
    ///   for a new session past ``maximumOpenSessions``.
    func append(_ batch: LiveBatch, body: String, account: UUID, session: UUID) async throws -> Appended {
        let now = Date().timeIntervalSince1970
        return try await pool.write { db in
            let key: StatementArguments = [account.uuidString, session.uuidString]
            let row = try Row.fetchOne(db, sql: "SELECT lastSequence, endedAt FROM liveSession WHERE account = ? AND id = ?", arguments: key)
            let last = row.map { $0["lastSequence"] as Int } ?? 0
            if batch.sequence <= last { return .repeated(lastSequence: last) }
            guard batch.sequence == last + 1 else {
                throw ServerError(.conflict, code: "live.gap",
                                  message: "Batch \(batch.sequence) does not follow batch \(last); send batch \(last + 1) next.")
            }
            if let row, (row["endedAt"] as Double?) != nil {
                throw ServerError(.conflict, code: "live.ended", message: "This live session has ended; publish a new session.")
            }
            guard batch.sequence <= Self.maximumBatches else {
                throw ServerError(.conflict, code: "live.full",
                                  message: "A live session holds at most \(Self.maximumBatches) batches; publish less often.")
            }
            if row == nil {
                try Self.prune(db, now: now)
                let open = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM liveSession WHERE account = ? AND endedAt IS NULL",
                                            arguments: [account.uuidString]) ?? 0
                guard open < Self.maximumOpenSessions else {
                    throw ServerError(.conflict, code: "live.tooMany",
                                      message: "An account has at most \(Self.maximumOpenSessions) live sessions in progress; end one first.")
                }
                try db.execute(sql: """
                    INSERT INTO liveSession (account, id, activityType, startedAt, updatedAt, lastSequence) VALUES (?, ?, ?, ?, ?, 0)
                    """, arguments: [account.uuidString, session.uuidString, batch.snapshot?.activityType, now, now])
            }
            try db.execute(sql: "INSERT INTO liveBatch (account, session, sequence, body) VALUES (?, ?, ?, ?)",
                           arguments: [account.uuidString, session.uuidString, batch.sequence, body])
            try db.execute(sql: """
                UPDATE liveSession SET lastSequence = ?, updatedAt = ?, activityType = COALESCE(?, activityType),
                    endedAt = ?, outcome = ?, workoutID = ? WHERE account = ? AND id = ?
                """, arguments: [batch.sequence, now, batch.snapshot?.activityType, batch.end == nil ? nil : now, batch.end?.outcome,
                                 batch.end?.workoutID?.uuidString, account.uuidString, session.uuidString])
            return .stored
        }
    }

    /// The account's session, or `nil` (also for another account's).
    func session(_ id: UUID, account: UUID) async throws -> LiveSessionJSON? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM liveSession WHERE account = ? AND id = ?",
                             arguments: [account.uuidString, id.uuidString]).map(Self.session)
        }
    }

    /// The account's sessions in progress, the latest first.
    func sessionsInProgress(account: UUID) async throws -> [LiveSessionJSON] {
        let now = Date().timeIntervalSince1970
        return try await pool.write { db in
            try Self.prune(db, now: now)
            return try Row.fetchAll(db, sql: "SELECT * FROM liveSession WHERE account = ? AND endedAt IS NULL ORDER BY updatedAt DESC, id",
                                    arguments: [account.uuidString]).map(Self.session)
        }
    }

    /// The session's record and up to `limit` of its batches after `sequence`, read together, so a
    /// session that has ended has all its batches in the answer or in later ones.
    func batches(after sequence: Int, limit: Int, account: UUID, session: UUID) async throws
        -> (session: LiveSessionJSON?, batches: [(sequence: Int, body: String)]) {
        try await pool.read { db in
            let key: StatementArguments = [account.uuidString, session.uuidString]
            let record = try Row.fetchOne(db, sql: "SELECT * FROM liveSession WHERE account = ? AND id = ?", arguments: key).map(Self.session)
            let rows = try Row.fetchAll(db, sql: """
                SELECT sequence, body FROM liveBatch WHERE account = ? AND session = ? AND sequence > ? ORDER BY sequence LIMIT ?
                """, arguments: key + [sequence, limit])
            return (record, rows.map { (sequence: $0["sequence"] as Int, body: $0["body"] as String) })
        }
    }

    /// Deletes sessions (with their batches) that ended, or last heard of, more than ``retention`` ago.
    private static func prune(_ db: Database, now: TimeInterval) throws {
        try db.execute(sql: "DELETE FROM liveSession WHERE COALESCE(endedAt, updatedAt) < ?", arguments: [now - retention])
    }

    private static func session(_ row: Row) -> LiveSessionJSON {
        LiveSessionJSON(id: UUID(uuidString: row["id"]) ?? UUID(), activityType: row["activityType"],
                        startedAt: Date(timeIntervalSince1970: row["startedAt"]), updatedAt: Date(timeIntervalSince1970: row["updatedAt"]),
                        lastSequence: row["lastSequence"], endedAt: (row["endedAt"] as Double?).map { Date(timeIntervalSince1970: $0) },
                        outcome: row["outcome"], workoutID: (row["workoutID"] as String?).flatMap(UUID.init(uuidString:)))
    }
}
