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
                var readStatus = (row?["readStatus"] as String?).flatMap(ReadDecision.init(rawValue:)) ?? .notDetermined
                var changed = false
                if share.contains(type) && shareStatus == .notDetermined {
                    shareStatus = decide(type, .share) ? .sharingAuthorized : .sharingDenied
                    changed = true
                }
                if read.contains(type) && readStatus == .notDetermined {
                    readStatus = decide(type, .read) ? .authorized : .denied
                    changed = true
                }
                guard changed else { continue }
                try db.execute(sql: """
                    INSERT INTO authorizationDecision (client, typeIdentifier, shareStatus, readStatus, decidedAt)
                    VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (client, typeIdentifier) DO UPDATE SET
                        shareStatus = excluded.shareStatus, readStatus = excluded.readStatus, decidedAt = excluded.decidedAt
                    """, arguments: [client, type.identifier, shareStatus.rawValue, readStatus.rawValue, now])
            }
        }
    }

    package func shareStatus(client: String, type: HealthObjectType) async throws(StoreError) -> AuthorizationStatus {
        try await read { db in
            try String.fetchOne(db, sql: """
                SELECT shareStatus FROM authorizationDecision WHERE client = ? AND typeIdentifier = ?
                """, arguments: [client, type.identifier]).flatMap(AuthorizationStatus.init(rawValue:)) ?? .notDetermined
        }
    }

    package func canRead(client: String, type: HealthObjectType) async throws(StoreError) -> Bool {
        try await read { db in
            try String.fetchOne(db, sql: """
                SELECT readStatus FROM authorizationDecision WHERE client = ? AND typeIdentifier = ?
                """, arguments: [client, type.identifier]) == ReadDecision.authorized.rawValue
        }
    }
}
