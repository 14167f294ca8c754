import Foundation
import GRDB
import GRDBSQLite
import PaceModel

/// Runs anchored object queries inside a read transaction.
struct AnchoredObjectReader {
    let db: Database
    let location: String?

    func run(_ query: AnchoredObjectQuery, scope: ReadScope) throws -> AnchoredObjectResult {
        let storeID = try SQLiteBackend.storeIdentifier(db)
        if let anchor = query.anchor, anchor.storeID != storeID {
            throw StoreError(code: .foreignAnchor,
                message: "The anchor \(anchor) was made by another store (this one is \(storeID.uuidString)). Start again without an anchor to read this store from the beginning.",
                path: location)
        }
        precondition((query.limit ?? 1) >= 1, "An anchored query's limit must be at least 1; pass nil for no limit.")
        let after = query.anchor?.anchor.rawValue ?? 0
        let fetchCount = query.limit.map { $0 + 1 }
        let limitSQL = fetchCount.map { " LIMIT \($0)" } ?? ""

        // Samples are read whole in the page's one statement; workouts and routes (few, with
        // events and locations) by identifier afterwards.
        let decoder: SampleRowDecoder? = switch query.type {
        case .quantity: SampleRowDecoder(kind: .quantity)
        case .category: SampleRowDecoder(kind: .category)
        default: nil
        }
        var sql = if let decoder {
            "SELECT \(SampleRowDecoder.columns(for: decoder.kind)) FROM healthObject o \(SampleRowDecoder.join(for: decoder.kind))"
        } else {
            "SELECT o.uuid, o.anchor FROM healthObject o"
        }
        sql += " WHERE o.typeIdentifier = ? AND o.anchor > ?"
        var arguments: StatementArguments = [query.type.identifier, after]
        if let interval = query.interval {
            sql += " AND o.endDate >= ? AND o.startDate <= ?"
            arguments += [StoreCoding.value(interval.start), StoreCoding.value(interval.end)]
        }
        let condition: SQLCondition
        do { condition = try query.predicate.sqlCondition(for: query.type) } catch {
            throw StoreError(code: .invalidQuery, message: "The anchored query's predicate cannot be used: \(error.message)", cause: error)
        }
        sql += " AND \(condition.sql)"
        arguments += condition.arguments
        for source in [query.sourceBundleIdentifier, scope.requiredSource].compactMap({ $0 }) {
            sql += " AND o.sourceBundleIdentifier = ?"
            arguments += [source]
        }
        // Additions in anchor order: decoded samples, or identifiers of workouts and routes.
        var anchors: [Int64] = []
        var objects: [HealthObject] = []
        var ids: [String] = []
        if let decoder {
            // A page's objects are large values: one allocation, no regrowth copies.
            objects.reserveCapacity(fetchCount ?? 256)
            anchors.reserveCapacity(fetchCount ?? 256)
            try db.forEachRawRow(sql + " ORDER BY o.anchor" + limitSQL, arguments: arguments) { handle in
                let (object, anchor) = try decoder.sample(handle)
                objects.append(object)
                anchors.append(anchor)
            }
        } else {
            for row in try Row.fetchAll(db, sql: sql + " ORDER BY o.anchor" + limitSQL, arguments: arguments) {
                ids.append(row[0])
                anchors.append(row[1])
            }
        }

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
        var takenAdditions = 0
        var takenDeletions = 0
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
        let resume: Int64
        if hasMore {
            resume = max(takenAdditions > 0 ? anchors[takenAdditions - 1] : 0,
                         takenDeletions > 0 ? deletions[takenDeletions - 1].anchor.rawValue : 0)
        } else {
            resume = try Int64.fetchOne(db, sql: "SELECT lastAnchor FROM storeState") ?? 0
        }
        let added: [HealthObject]
        if decoder != nil {
            objects.removeLast(objects.count - takenAdditions)
            added = objects
        } else {
            let reader = ObjectReader(db: db)
            added = try ids.prefix(takenAdditions).compactMap { try reader.object(id: $0) }
        }
        return AnchoredObjectResult(
            added: added, deleted: Array(deletions.prefix(takenDeletions)),
            anchor: QueryAnchor(storeID: storeID, anchor: Anchor(rawValue: max(resume, after))), hasMore: hasMore,
            addedAnchors: Array(anchors.prefix(takenAdditions)))
    }
}
