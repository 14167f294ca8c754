import Foundation
import GRDB
package import PaceModel

extension SQLiteBackend {
    package func requestAuthorization(client: String, types: [HealthObjectType], share: Set<HealthObjectType>,
                                      read: Set<HealthObjectType>,
                                      decide: @escaping @Sendable (HealthObjectType, AuthorizationAccess) -> Bool) async throws(StoreError) {
        try await write { db in
            let now = Date().timeIntervalSinceReferenceDate
            for type in types {
                let row = try Row.fetchOne(db, sql: """
                    SELECT shareStatus, readStatus FROM authorizationDecision WHERE client = ? AND typeIdentifier = ?
                    """, arguments: [client, type.identifier])
                var shareStatus = (row?["shareStatus"] as String?).flatMap(AuthorizationStatus.init(rawValue:)) ?? .notDetermined
                var readStatus = (row?["readStatus"] as String?).flatMap(ReadAuthorizationStatus.init(rawValue:)) ?? .notDetermined
                var changed = false
                if share.contains(type) && shareStatus == .notDetermined {
                    shareStatus = decide(type, .share) ? .sharingAuthorized : .sharingDenied
                    changed = true
                }
                if read.contains(type) && readStatus == .notDetermined {
                    readStatus = decide(type, .read) ? .authorized : .denied
                    changed = true
                }
                try Self.upsert(client: client, type: type, share: changed ? shareStatus : nil, read: changed ? readStatus : nil,
                                shareRequested: share.contains(type), readRequested: read.contains(type), at: now, db)
            }
        }
    }

    package func shareStatus(client: String, type: HealthObjectType) async throws(StoreError) -> AuthorizationStatus {
        try await read { db in try Self.shareStatus(client: client, type: type, db) }
    }

    package func shareStatusBlocking(client: String, type: HealthObjectType) throws(StoreError) -> AuthorizationStatus {
        try readBlocking { db in try Self.shareStatus(client: client, type: type, db) }
    }

    private static func shareStatus(client: String, type: HealthObjectType, _ db: Database) throws -> AuthorizationStatus {
        try String.fetchOne(db, sql: """
            SELECT shareStatus FROM authorizationDecision WHERE client = ? AND typeIdentifier = ?
            """, arguments: [client, type.identifier]).flatMap(AuthorizationStatus.init(rawValue:)) ?? .notDetermined
    }

    package func canRead(client: String, type: HealthObjectType) async throws(StoreError) -> Bool {
        try await read { db in try Self.canRead(client: client, type: type, db) }
    }

    package func canReadBlocking(client: String, type: HealthObjectType) throws(StoreError) -> Bool {
        try readBlocking { db in try Self.canRead(client: client, type: type, db) }
    }

    private static func canRead(client: String, type: HealthObjectType, _ db: Database) throws -> Bool {
        try String.fetchOne(db, sql: """
            SELECT readStatus FROM authorizationDecision WHERE client = ? AND typeIdentifier = ?
            """, arguments: [client, type.identifier]) == ReadAuthorizationStatus.authorized.rawValue
    }

    package func recordAuthorizationRequest(client: String, share: Set<HealthObjectType>,
                                            read: Set<HealthObjectType>) async throws(StoreError) {
        try await write { db in
            let now = Date().timeIntervalSinceReferenceDate
            for type in share.union(read).sorted(by: { $0.identifier < $1.identifier }) {
                try Self.upsert(client: client, type: type, share: nil, read: nil, shareRequested: share.contains(type),
                                readRequested: read.contains(type), at: now, db)
            }
        }
    }

    package func authorizationRecords(client: String?) async throws(StoreError) -> [AuthorizationRecord] {
        try await read { db in
            try Row.fetchAll(db, sql: """
                SELECT client, typeIdentifier, shareRequested, readRequested, shareStatus, readStatus, requestedAt, decidedAt
                FROM authorizationDecision WHERE ?1 IS NULL OR client = ?1 ORDER BY client, typeIdentifier
                """, arguments: [client]).map { row in
                let requestedAt: Double? = row["requestedAt"]
                return AuthorizationRecord(
                    client: row["client"], type: try StoreCoding.objectType(row["typeIdentifier"]),
                    shareRequested: row["shareRequested"], readRequested: row["readRequested"],
                    shareStatus: AuthorizationStatus(rawValue: row["shareStatus"]) ?? .notDetermined,
                    readStatus: ReadAuthorizationStatus(rawValue: row["readStatus"]) ?? .notDetermined,
                    requestedAt: requestedAt.map(Date.init(timeIntervalSinceReferenceDate:)),
                    changedAt: Date(timeIntervalSinceReferenceDate: row["decidedAt"]))
            }
        }
    }

    package func setAuthorization(client: String, type: HealthObjectType, share: AuthorizationStatus?,
                                  read: ReadAuthorizationStatus?) async throws(StoreError) {
        try await write { db in
            try Self.upsert(client: client, type: type, share: share, read: read, shareRequested: false, readRequested: false,
                            at: Date().timeIntervalSinceReferenceDate, db)
        }
    }

    /// Writes one client's row for `type`: the decisions given (`nil` keeps the stored one), the
    /// requested flags OR-ed into the stored ones (and the request time set when one is true).
    private static func upsert(client: String, type: HealthObjectType, share: AuthorizationStatus?, read: ReadAuthorizationStatus?,
                               shareRequested: Bool, readRequested: Bool, at now: Double, _ db: Database) throws {
        let requested = shareRequested || readRequested
        try db.execute(sql: """
            INSERT INTO authorizationDecision (client, typeIdentifier, shareStatus, readStatus, decidedAt,
                                               shareRequested, readRequested, requestedAt)
            VALUES (?1, ?2, COALESCE(?3, 'notDetermined'), COALESCE(?4, 'notDetermined'), ?5, ?6, ?7, CASE WHEN ?8 THEN ?5 END)
            ON CONFLICT (client, typeIdentifier) DO UPDATE SET
                shareStatus = COALESCE(?3, shareStatus), readStatus = COALESCE(?4, readStatus), decidedAt = ?5,
                shareRequested = shareRequested OR ?6, readRequested = readRequested OR ?7,
                requestedAt = CASE WHEN ?8 THEN ?5 ELSE requestedAt END
            """, arguments: [client, type.identifier, share?.rawValue, read?.rawValue, now, shareRequested, readRequested, requested])
    }
}
