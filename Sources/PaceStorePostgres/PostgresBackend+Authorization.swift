import Foundation
package import PaceModel
package import PaceStore
import PostgresNIO

extension PostgresBackend {
    package func requestAuthorization(client: String, types: [HealthObjectType], share: Set<HealthObjectType>,
                                      read: Set<HealthObjectType>,
                                      decide: @escaping @Sendable (HealthObjectType, AuthorizationAccess) -> Bool) async throws(StoreError) {
        try await transaction(kind: .write) { connection, account in
            let now = Date().timeIntervalSinceReferenceDate
            for type in types {
                var shareStatus = AuthorizationStatus.notDetermined, readStatus = ReadAuthorizationStatus.notDetermined
                if let row = try await connection.rows("""
                    SELECT shareStatus, readStatus FROM authorizationDecision
                    WHERE account = \(account) AND client = \(client) AND typeIdentifier = \(type.identifier)
                    """, logger: logger).first {
                    let (storedShare, storedRead) = try row.decode((String, String).self)
                    shareStatus = AuthorizationStatus(rawValue: storedShare) ?? .notDetermined
                    readStatus = ReadAuthorizationStatus(rawValue: storedRead) ?? .notDetermined
                }
                var changed = false
                if share.contains(type) && shareStatus == .notDetermined {
                    shareStatus = decide(type, .share) ? .sharingAuthorized : .sharingDenied
                    changed = true
                }
                if read.contains(type) && readStatus == .notDetermined {
                    readStatus = decide(type, .read) ? .authorized : .denied
                    changed = true
                }
                try await upsertAuthorization(client: client, type: type, share: changed ? shareStatus : nil,
                                              read: changed ? readStatus : nil, shareRequested: share.contains(type),
                                              readRequested: read.contains(type), at: now, connection, account)
            }
        }
    }

    package func shareStatus(client: String, type: HealthObjectType) async throws(StoreError) -> AuthorizationStatus {
        try await transaction(kind: .read) { connection, account in
            let text = try await connection.rows("""
                SELECT shareStatus FROM authorizationDecision
                WHERE account = \(account) AND client = \(client) AND typeIdentifier = \(type.identifier)
                """, logger: logger).first?.decode(String.self)
            return text.flatMap(AuthorizationStatus.init(rawValue:)) ?? .notDetermined
        }
    }

    package func canRead(client: String, type: HealthObjectType) async throws(StoreError) -> Bool {
        try await transaction(kind: .read) { connection, account in
            try await connection.rows("""
                SELECT readStatus FROM authorizationDecision
                WHERE account = \(account) AND client = \(client) AND typeIdentifier = \(type.identifier)
                """, logger: logger).first?.decode(String.self) == ReadAuthorizationStatus.authorized.rawValue
        }
    }

    package func recordAuthorizationRequest(client: String, share: Set<HealthObjectType>,
                                            read: Set<HealthObjectType>) async throws(StoreError) {
        try await transaction(kind: .write) { connection, account in
            let now = Date().timeIntervalSinceReferenceDate
            for type in share.union(read).sorted(by: { $0.identifier < $1.identifier }) {
                try await upsertAuthorization(client: client, type: type, share: nil, read: nil, shareRequested: share.contains(type),
                                              readRequested: read.contains(type), at: now, connection, account)
            }
        }
    }

    package func authorizationRecords(client: String?) async throws(StoreError) -> [AuthorizationRecord] {
        try await transaction(kind: .read) { connection, account in
            var records: [AuthorizationRecord] = []
            for try await row in try await connection.query("""
                SELECT client, typeIdentifier, shareRequested, readRequested, shareStatus, readStatus, requestedAt, decidedAt
                FROM authorizationDecision WHERE account = \(account) AND (\(client)::text IS NULL OR client = \(client))
                ORDER BY client, typeIdentifier
                """, logger: logger) {
                let (name, type, shareRequested, readRequested, share, read, requestedAt, decidedAt)
                    = try row.decode((String, String, Bool, Bool, String, String, Double?, Double).self)
                records.append(AuthorizationRecord(
                    client: name, type: try PostgresObjectCoding.objectType(type), shareRequested: shareRequested,
                    readRequested: readRequested, shareStatus: AuthorizationStatus(rawValue: share) ?? .notDetermined,
                    readStatus: ReadAuthorizationStatus(rawValue: read) ?? .notDetermined,
                    requestedAt: requestedAt.map(Date.init(timeIntervalSinceReferenceDate:)),
                    changedAt: Date(timeIntervalSinceReferenceDate: decidedAt)))
            }
            // SQLite's order (by code point), whatever the database's collation.
            return records.sorted { $0.client != $1.client ? $0.client < $1.client : $0.type.identifier < $1.type.identifier }
        }
    }

    package func setAuthorization(client: String, type: HealthObjectType, share: AuthorizationStatus?,
                                  read: ReadAuthorizationStatus?) async throws(StoreError) {
        try await transaction(kind: .write) { connection, account in
            try await upsertAuthorization(client: client, type: type, share: share, read: read, shareRequested: false,
                                          readRequested: false, at: Date().timeIntervalSinceReferenceDate, connection, account)
        }
    }

    /// Inserts or updates one decision: statuses only where given, requests added (never removed).
    private func upsertAuthorization(client: String, type: HealthObjectType, share: AuthorizationStatus?,
                                     read: ReadAuthorizationStatus?, shareRequested: Bool, readRequested: Bool, at now: Double,
                                     _ connection: PostgresConnection, _ account: String) async throws {
        let requested = shareRequested || readRequested
        var statement = PostgresStatement()
        let (a, c, t) = (statement.bind(account), statement.bind(client), statement.bind(type.identifier))
        let (s, r, n) = (statement.bind(share?.rawValue), statement.bind(read?.rawValue), statement.bind(now))
        let (sr, rr, q) = (statement.bind(shareRequested), statement.bind(readRequested), statement.bind(requested))
        statement.append("""
            INSERT INTO authorizationDecision AS d (account, client, typeIdentifier, shareStatus, readStatus, decidedAt,
                shareRequested, readRequested, requestedAt)
            VALUES (\(a), \(c), \(t), COALESCE(\(s)::text, 'notDetermined'), COALESCE(\(r)::text, 'notDetermined'), \(n),
                \(sr), \(rr), CASE WHEN \(q) THEN \(n)::double precision END)
            ON CONFLICT (account, client, typeIdentifier) DO UPDATE SET
                shareStatus = COALESCE(\(s)::text, d.shareStatus), readStatus = COALESCE(\(r)::text, d.readStatus), decidedAt = \(n),
                shareRequested = d.shareRequested OR \(sr), readRequested = d.readRequested OR \(rr),
                requestedAt = CASE WHEN \(q) THEN \(n)::double precision ELSE d.requestedAt END
            """)
        try await connection.run(statement.query, logger: logger)
    }
}
