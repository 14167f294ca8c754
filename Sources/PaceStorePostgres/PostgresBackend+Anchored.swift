import Foundation
import PaceModel
package import PaceStore
import PostgresNIO

extension PostgresBackend {
    package func anchoredObjects(_ query: AnchoredObjectQuery, scope: ReadScope) async throws(StoreError) -> AnchoredObjectResult {
        precondition((query.limit ?? 1) >= 1, "An anchored query's limit must be at least 1; pass nil for no limit.")
        let after = query.anchor?.anchor.rawValue ?? 0
        let fetchCount = query.limit.map { $0 + 1 }
        var statement = PostgresStatement("SELECT o.uuid, o.anchor FROM healthObject o WHERE o.account = ")
        statement.append(statement.bind(account) + " AND o.typeIdentifier = " + statement.bind(query.type.identifier))
        statement.append(" AND o.anchor > " + statement.bind(after))
        if let interval = query.interval {
            statement.append(" AND o.endDate >= \(statement.bind(interval.start.timeIntervalSinceReferenceDate))")
            statement.append(" AND o.startDate <= \(statement.bind(interval.end.timeIntervalSinceReferenceDate))")
        }
        let condition: String
        do { condition = try query.predicate.postgresCondition(for: query.type, into: &statement) } catch {
            throw StoreError(code: .invalidQuery, message: "The anchored query's predicate cannot be used: \(error.message)", cause: error)
        }
        statement.append(" AND " + condition)
        for source in [query.sourceBundleIdentifier, scope.requiredSource].compactMap({ $0 }) {
            statement.append(" AND o.sourceBundleIdentifier = " + statement.bind(source))
        }
        statement.append(" ORDER BY o.anchor" + (fetchCount.map { " LIMIT \($0)" } ?? ""))
        let additionsQuery = statement.query
        return try await transaction(kind: .read) { connection, account in
            let storeID = try await storeIdentifier(connection, account)
            if let anchor = query.anchor, anchor.storeID != storeID {
                throw StoreError(code: .foreignAnchor,
                    message: "The anchor \(anchor) was made by another store (this one is \(storeID.uuidString)). Start again without an anchor to read this store from the beginning.")
            }
            var ids: [UUID] = []
            var anchors: [Int64] = []
            for try await (id, anchor) in try await connection.query(additionsQuery, logger: logger).decode((UUID, Int64).self) {
                ids.append(id)
                anchors.append(anchor)
            }
            // A client without read permission learns of no deletion (HealthKit's secrecy).
            let deletions = scope == .everything
                ? try await tombstones(after: after, type: query.type, limit: fetchCount, connection, account) : []

            // Merge by anchor and cut at the limit; the anchor then is the last change returned.
            var takenAdditions = 0, takenDeletions = 0
            let limit = query.limit ?? Int.max
            while takenAdditions + takenDeletions < limit, takenAdditions < anchors.count || takenDeletions < deletions.count {
                if takenAdditions < anchors.count,
                   takenDeletions == deletions.count || anchors[takenAdditions] < deletions[takenDeletions].anchor.rawValue {
                    takenAdditions += 1
                } else {
                    takenDeletions += 1
                }
            }
            let hasMore = takenAdditions < anchors.count || takenDeletions < deletions.count
            let resume: Int64 = if hasMore {
                max(takenAdditions > 0 ? anchors[takenAdditions - 1] : 0,
                    takenDeletions > 0 ? deletions[takenDeletions - 1].anchor.rawValue : 0)
            } else {
                try await lastAnchor(connection, account)
            }
            let added = try await objects(ids: Array(ids.prefix(takenAdditions)), connection, account)
            return AnchoredObjectResult(
                added: added, deleted: Array(deletions.prefix(takenDeletions)),
                anchor: QueryAnchor(storeID: storeID, anchor: Anchor(rawValue: max(resume, after))), hasMore: hasMore,
                addedAnchors: Array(anchors.prefix(takenAdditions)))
        }
    }
}
