import Foundation
import GRDB
import PaceModel

/// Reads whole objects from their rows inside a read transaction.
struct ObjectReader {
    let db: Database

    func object(id: String) throws -> HealthObject? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: ObjectHeader.selection + " WHERE o.uuid = ?"), arguments: [id]) else {
            return nil
        }
        let header = try ObjectHeader(row: row)
        let type = try StoreCoding.objectType(header.typeIdentifier)
        switch type {
        case .quantity(let identifier):
            guard let detail = try Row.fetchOne(db.cachedStatement(sql: "SELECT value, unit, count FROM quantitySample WHERE anchor = ?"), arguments: [header.anchor]) else {
                throw missingDetail(id, table: "quantitySample")
            }
            let unit = try StoreCoding.unit(detail["unit"], objectID: id)
            var sample = QuantitySample(
                id: header.id, type: identifier, quantity: Quantity(value: detail["value"], unit: unit),
                start: header.startDate, end: header.endDate, source: header.source, device: header.device,
                metadata: header.metadata)
            sample.count = detail["count"]
            return .quantitySample(sample)
        case .category(let identifier):
            guard let value = try Int.fetchOne(db.cachedStatement(sql: "SELECT value FROM categorySample WHERE uuid = ?"), arguments: [id]) else {
                throw missingDetail(id, table: "categorySample")
            }
            return .categorySample(CategorySample(
                id: header.id, type: identifier, value: value, start: header.startDate, end: header.endDate,
                source: header.source, device: header.device, metadata: header.metadata))
        case .workout:
            return .workout(try workout(header: header))
        case .workoutRoute:
            return .workoutRoute(try route(header: header))
        case .characteristic, .activitySummary:
            throw StoreError(code: .corrupt, message: "Object \(id) has the type \(type.identifier), which is not a sample. The store was changed outside Pace.")
        }
    }

    private func workout(header: ObjectHeader) throws -> Workout {
        let id = StoreCoding.text(header.id)
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM workout WHERE uuid = ?"), arguments: [id]) else {
            throw missingDetail(id, table: "workout")
        }
        let rawActivity: Int64 = row["activityType"]
        guard let activity = UInt(exactly: rawActivity).flatMap(WorkoutActivityType.init(rawValue:)) else {
            throw StoreError(code: .corrupt, message: "Workout \(id) has an unknown activity type \(rawActivity).")
        }
        let events = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT type, startDate, duration, metadata FROM workoutEvent WHERE workoutUUID = ? ORDER BY position
            """), arguments: [id]).map { event -> WorkoutEvent in
            let rawType: Int = event["type"]
            guard let type = WorkoutEventType(rawValue: rawType) else {
                throw StoreError(code: .corrupt, message: "Workout \(id) has an event of unknown type \(rawType).")
            }
            return WorkoutEvent(type: type, start: StoreCoding.date(event["startDate"]), duration: event["duration"],
                                metadata: try StoreCoding.metadata(json: event["metadata"], column: "event metadata", objectID: id))
        }
        let statistics = try StoreCoding.statistics(json: row["statistics"], objectID: id)
        return Workout(
            id: header.id, activityType: activity, start: header.startDate, end: header.endDate,
            duration: row["duration"], events: events,
            statistics: Dictionary(statistics.map { ($0.type, $0) }, uniquingKeysWith: { first, _ in first }),
            totalDistance: try quantity(row, value: "totalDistance", unit: "totalDistanceUnit", id: id),
            totalEnergyBurned: try quantity(row, value: "totalEnergyBurned", unit: "totalEnergyBurnedUnit", id: id),
            source: header.source, device: header.device, metadata: header.metadata)
    }

    /// Reads a total as it was saved: value and unit.
    private func quantity(_ row: Row, value column: String, unit unitColumn: String, id: String) throws -> Quantity? {
        guard let value: Double = row[column], let unitText: String = row[unitColumn] else { return nil }
        return Quantity(value: value, unit: try StoreCoding.unit(unitText, objectID: id))
    }

    private func route(header: ObjectHeader) throws -> WorkoutRoute {
        let id = StoreCoding.text(header.id)
        guard let workoutText = try String.fetchOne(db.cachedStatement(sql: "SELECT workoutUUID FROM workoutRoute WHERE uuid = ?"), arguments: [id]) else {
            throw missingDetail(id, table: "workoutRoute")
        }
        // Columns by position from a cursor, as `RouteLocationCursor` reads them: by name, GRDB
        // lowercases each column name for every row, a quarter of reading a 100 000-point route.
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT timestamp, latitude, longitude, altitude, speed, course, horizontalAccuracy, verticalAccuracy,
                   speedAccuracy, courseAccuracy
            FROM routeLocation WHERE routeUUID = ? ORDER BY position
            """), arguments: [id])
        var locations: [RouteLocation] = []
        while let row = try rows.next() {
            locations.append(RouteLocation(timestamp: StoreCoding.date(row[0]), latitude: row[1], longitude: row[2], altitude: row[3],
                                           speed: row[4], course: row[5], horizontalAccuracy: row[6], verticalAccuracy: row[7],
                                           speedAccuracy: row[8], courseAccuracy: row[9]))
        }
        return WorkoutRoute(id: header.id, workoutID: try StoreCoding.uuid(workoutText), locations: locations,
                            source: header.source, device: header.device, metadata: header.metadata)
    }

    private func missingDetail(_ id: String, table: String) -> StoreError {
        StoreError(code: .corrupt, message: "Object \(id) has no row in \(table). The store was changed outside Pace; restore it from a backup.")
    }
}
