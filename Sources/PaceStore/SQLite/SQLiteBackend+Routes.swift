package import Foundation
import GRDB
import PaceModel

extension SQLiteBackend {
    package func routeOwner(_ routeID: UUID) async throws(StoreError) -> RouteOwner? {
        try await read { db in
            try Row.fetchOne(db, sql: """
                SELECT o.sourceBundleIdentifier, r.workoutUUID FROM workoutRoute r JOIN healthObject o ON o.uuid = r.uuid WHERE r.uuid = ?
                """, arguments: [StoreCoding.text(routeID)]).flatMap { row -> RouteOwner? in
                guard let workout = UUID(uuidString: row[1]) else { return nil }
                return RouteOwner(source: row[0], workoutID: workout)
            }
        }
    }

    package func routeLocations(_ routeID: UUID, after position: Int64, interval: DateInterval?,
                                limit: Int) async throws(StoreError) -> RouteLocationPage {
        var sql = """
            SELECT position, timestamp, latitude, longitude, altitude, speed, course,
                   horizontalAccuracy, verticalAccuracy, speedAccuracy, courseAccuracy
            FROM routeLocation WHERE routeUUID = ? AND position > ?
            """
        var arguments: StatementArguments = [StoreCoding.text(routeID), position]
        if let interval {
            sql += " AND timestamp >= ? AND timestamp <= ?"
            arguments += [StoreCoding.value(interval.start), StoreCoding.value(interval.end)]
        }
        sql += " ORDER BY position LIMIT \(limit + 1)"
        let statement = sql, values = arguments
        // One more row than the page tells whether it is the last; columns by index (a hot loop).
        return try await read { db in
            var locations: [RouteLocation] = []
            locations.reserveCapacity(limit)
            var reached: Int64?
            var fetched = 0
            let rows = try Row.fetchCursor(db, sql: statement, arguments: values)
            while let row = try rows.next() {
                fetched += 1
                guard fetched <= limit else { break }
                reached = row[0]
                locations.append(RouteLocation(
                    timestamp: StoreCoding.date(row[1]), latitude: row[2], longitude: row[3], altitude: row[4],
                    speed: row[5], course: row[6], horizontalAccuracy: row[7], verticalAccuracy: row[8],
                    speedAccuracy: row[9], courseAccuracy: row[10]))
            }
            return RouteLocationPage(locations: locations, lastPosition: reached, hasMore: fetched > limit)
        }
    }
}
