package import Foundation
import PaceModel
package import PaceStore
import PostgresNIO

extension PostgresBackend {
    package func routeOwner(_ routeID: UUID) async throws(StoreError) -> RouteOwner? {
        try await transaction(kind: .read) { connection, account in
            try await connection.rows("""
                SELECT sourceBundleIdentifier, routeWorkout FROM healthObject WHERE account = \(account) AND uuid = \(routeID) AND kind = 'route'
                """, logger: logger).first.map { row in
                let (source, workout) = try row.decode((String, UUID).self)
                return RouteOwner(source: source, workoutID: workout)
            }
        }
    }

    package func routeLocations(_ routeID: UUID, after position: Int64, interval: DateInterval?,
                                limit: Int) async throws(StoreError) -> RouteLocationPage {
        try await transaction(kind: .read) { connection, account in
            try await routeLocations(routeID, after: position, interval: interval, limit: limit, connection, account)
        }
    }

    /// Up to `limit` locations (all when `nil`) of a route after `position`, within `interval`
    /// (inclusive), read in the caller's transaction; one more row than the page tells whether it is the last.
    func routeLocations(_ routeID: UUID, after position: Int64, interval: DateInterval?, limit: Int?,
                        _ connection: PostgresConnection, _ account: String) async throws -> RouteLocationPage {
        var statement = PostgresStatement("""
            SELECT locationIndex, locationTime, latitude, longitude, altitude, speed, course,
                horizontalAccuracy, verticalAccuracy, speedAccuracy, courseAccuracy
            FROM routeLocation WHERE account =
            """)
        statement.append(" \(statement.bind(account)) AND routeUUID = \(statement.bind(routeID)) AND locationIndex > \(statement.bind(position))")
        if let interval {
            statement.append(" AND locationTime >= \(statement.bind(interval.start.timeIntervalSinceReferenceDate))")
            statement.append(" AND locationTime <= \(statement.bind(interval.end.timeIntervalSinceReferenceDate))")
        }
        statement.append(" ORDER BY locationIndex")
        if let limit { statement.append(" LIMIT \(limit + 1)") }
        var locations: [RouteLocation] = []
        var reached: Int64?
        var fetched = 0
        let rows = try await connection.query(statement.query, logger: logger)
        for try await row in rows {
            fetched += 1
            if let limit, fetched > limit { continue }
            let v = try row.decode((Int64, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double).self)
            reached = v.0
            locations.append(RouteLocation(
                timestamp: Date(timeIntervalSinceReferenceDate: v.1), latitude: v.2, longitude: v.3, altitude: v.4,
                speed: v.5, course: v.6, horizontalAccuracy: v.7, verticalAccuracy: v.8, speedAccuracy: v.9, courseAccuracy: v.10))
        }
        return RouteLocationPage(locations: locations, lastPosition: reached, hasMore: limit.map { fetched > $0 } ?? false)
    }
}
