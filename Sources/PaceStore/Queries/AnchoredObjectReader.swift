import Foundation
import GRDB
import PaceModel

/// Runs anchored object queries inside a read transaction.
struct AnchoredObjectReader {
    let db: Database
    let store: HealthStore

    func run(_ query: AnchoredObjectQuery, scope: ReadScope) throws -> AnchoredObjectResult {
        let storeID = try HealthStore.storeIdentifier(db)
        if let anchor = query.anchor, anchor.storeID != storeID {
            throw StoreError(code: .foreignAnchor,
                message: "The anchor \(anchor) was made by another store (this one is \(storeID.uuidString)). Start again without an anchor to read this store from the beginning.",
                path: store.path)
        }
        precondition((query.limit ?? 1) >= 1, "An anchored query's limit must be at least 1; pass nil for no limit.")
        let after = query.anchor?.anchor.rawValue ?? 0
        let fetchCount = query.limit.map { $0 + 1 }
        let limitSQL = fetchCount.map { " LIMIT \($0)" } ?? ""

        var sql = "SELECT uuid, anchor FROM healthObject WHERE typeIdentifier = ? AND anchor > ?"
        var arguments: StatementArguments = [query.type.identifier, after]
        if let interval = query.interval {
            sql += " AND endDate >= ? AND startDate <= ?"
            arguments += [StoreCoding.value(interval.start), StoreCoding.value(interval.end)]
        }
        for source in [query.sourceBundleIdentifier, scope.requiredSource].compactMap({ $0 }) {
            sql += " AND sourceBundleIdentifier = ?"
            arguments += [source]
        }
        let additions = try Row.fetchAll(db, sql: sql + " ORDER BY anchor" + limitSQL, arguments: arguments)
            .map { (id: $0["uuid"] as String, anchor: $0["anchor"] as Int64) }

        var deletions: [Tombstone] = []
        if scope == .everything {
            deletions = try Row.fetchAll(db, sql: """
                SELECT uuid, typeIdentifier, deletedAt, anchor FROM tombstone
                WHERE typeIdentifier = ? AND anchor > ? ORDER BY anchor
                """ + limitSQL, arguments: [query.type.identifier, after]).map { row in
                Tombstone(id: try StoreCoding.uuid(row["uuid"]), objectType: try StoreCoding.objectType(row["typeIdentifier"]),
                          deletedAt: StoreCoding.date(row["deletedAt"]), anchor: Anchor(rawValue: row["anchor"]))
            }
        }

        // Merge by anchor and cut at the limit; the anchor then is the last change returned.
        var added: [(id: String, anchor: Int64)] = []
        var deleted: [Tombstone] = []
        var a = additions[...], d = deletions[...]
        let limit = query.limit ?? Int.max
        while added.count + deleted.count < limit, !a.isEmpty || !d.isEmpty {
            if let next = a.first, d.first.map({ next.anchor < $0.anchor.rawValue }) ?? true {
                added.append(a.removeFirst())
            } else {
                deleted.append(d.removeFirst())
            }
        }
        let hasMore = !a.isEmpty || !d.isEmpty
        let resume: Int64
        if hasMore {
            resume = max(added.last?.anchor ?? 0, deleted.last?.anchor.rawValue ?? 0)
        } else {
            resume = try Int64.fetchOne(db, sql: "SELECT lastAnchor FROM storeState") ?? 0
        }
        let reader = ObjectReader(db: db)
        return AnchoredObjectResult(
            added: try added.compactMap { try reader.object(id: $0.id) }, deleted: deleted,
            anchor: QueryAnchor(storeID: storeID, anchor: Anchor(rawValue: max(resume, after))), hasMore: hasMore)
    }
}
