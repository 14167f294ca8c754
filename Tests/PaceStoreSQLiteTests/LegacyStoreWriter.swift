import Foundation
import GRDB
import PaceModel
@testable import PaceStore

/// Writes objects into a store migrated only up to an old schema, with plain SQL in the layout that
/// schema had — so a migration test starts from rows the old release would have written, whatever
/// today's insert path does.
enum LegacyStoreWriter {
    /// The row layouts of the past schemas.
    enum Layout {
        /// v1–v6: the device's JSON and the sync keys in every row's metadata, the UUID the key.
        case v6
        /// v7–v12: devices in their table, the sync identifier and version in columns, the anchor the
        /// row id; a quantity row keyed by its object's UUID text.
        case v7
    }

    /// Writes `objects` in order, anchors 1, 2, …, and sets the store's last anchor.
    static func write(_ objects: [HealthObject], layout: Layout, _ db: Database) throws {
        let coder = StoreCoding.JSONText()
        for (index, object) in objects.enumerated() {
            let anchor = index + 1
            let (kind, start, end, device): (String, Date, Date, Device?) = switch object {
            case .quantitySample(let s): ("quantity", s.startDate, s.endDate, s.device)
            case .categorySample(let s): ("category", s.startDate, s.endDate, s.device)
            case .workout(let w): ("workout", w.startDate, w.endDate, w.device)
            case .workoutRoute(let r): ("route", r.startDate!, r.endDate!, r.device)
            }
            let id = object.id.uuidString
            let source = object.source
            let common: [(any DatabaseValueConvertible)?] = [
                id, kind, object.objectType.identifier, start.timeIntervalSinceReferenceDate,
                end.timeIntervalSinceReferenceDate, anchor, source.name, source.bundleIdentifier,
                source.version, source.productType, source.operatingSystemVersion,
            ]
            switch layout {
            case .v6:
                try db.execute(sql: """
                    INSERT INTO healthObject (uuid, kind, typeIdentifier, startDate, endDate, anchor, sourceName,
                        sourceBundleIdentifier, sourceVersion, sourceProductType, sourceOperatingSystemVersion,
                        device, metadata, syncIdentifier, syncVersion, savedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: StatementArguments(common + [
                        try device.map(coder.device), try coder.metadata(object.metadata),
                        object.metadata.syncIdentifier, object.metadata.syncVersion, 8e8,
                    ]))
            case .v7:
                var deviceID: Int64?
                if let device {
                    let json = try coder.device(device)
                    try db.execute(sql: "INSERT OR IGNORE INTO device (json) VALUES (?)", arguments: [json])
                    deviceID = try Int64.fetchOne(db, sql: "SELECT id FROM device WHERE json = ?", arguments: [json])
                }
                try db.execute(sql: """
                    INSERT INTO healthObject (uuid, kind, typeIdentifier, startDate, endDate, anchor, sourceName,
                        sourceBundleIdentifier, sourceVersion, sourceProductType, sourceOperatingSystemVersion,
                        deviceID, metadata, syncIdentifier, syncVersion, savedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: StatementArguments(common + [
                        deviceID, try coder.metadata(StoreCoding.storedMetadata(object.metadata)),
                        object.metadata.syncIdentifier, object.metadata.syncVersion, 8e8,
                    ]))
            }
            try writeRows(of: object, id: id, coder: coder, db)
        }
        try db.execute(sql: "UPDATE storeState SET lastAnchor = ?", arguments: [objects.count])
    }

    /// The kind's own rows, whose layout did not change from v1 to v12.
    private static func writeRows(of object: HealthObject, id: String, coder: StoreCoding.JSONText, _ db: Database) throws {
        switch object {
        case .quantitySample(let s):
            try db.execute(sql: "INSERT INTO quantitySample (uuid, value, unit, canonicalValue) VALUES (?, ?, ?, ?)",
                           arguments: [id, s.quantity.value, s.quantity.unit.unitString,
                                       try s.quantity.doubleValue(for: s.type.canonicalUnit)])
        case .categorySample(let s):
            try db.execute(sql: "INSERT INTO categorySample (uuid, value) VALUES (?, ?)", arguments: [id, s.value])
        case .workout(let w):
            let statistics = w.statistics.values.sorted { $0.type.rawValue < $1.type.rawValue }
            try db.execute(sql: """
                INSERT INTO workout (uuid, activityType, duration, totalDistance, totalDistanceUnit, totalDistanceMeters,
                    totalEnergyBurned, totalEnergyBurnedUnit, totalEnergyBurnedKilocalories, statistics)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [id, Int64(w.activityType.rawValue), w.duration,
                                 w.totalDistance?.value, w.totalDistance?.unit.unitString,
                                 try w.totalDistance?.doubleValue(for: .meter),
                                 w.totalEnergyBurned?.value, w.totalEnergyBurned?.unit.unitString,
                                 try w.totalEnergyBurned?.doubleValue(for: .kilocalorie),
                                 try coder.text(statistics)])
            for (position, event) in w.events.enumerated() {
                try db.execute(sql: """
                    INSERT INTO workoutEvent (workoutUUID, position, type, startDate, duration, metadata) VALUES (?, ?, ?, ?, ?, ?)
                    """, arguments: [id, position, event.type.rawValue, event.startDate.timeIntervalSinceReferenceDate,
                                     event.duration, try coder.metadata(event.metadata)])
            }
        case .workoutRoute(let r):
            try db.execute(sql: "INSERT INTO workoutRoute (uuid, workoutUUID, locationCount) VALUES (?, ?, ?)",
                           arguments: [id, r.workoutID.uuidString, r.locations.count])
            for (position, l) in r.locations.enumerated() {
                try db.execute(sql: """
                    INSERT INTO routeLocation (routeUUID, position, timestamp, latitude, longitude, altitude, speed, course,
                        horizontalAccuracy, verticalAccuracy, speedAccuracy, courseAccuracy)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [id, position, l.timestamp.timeIntervalSinceReferenceDate, l.latitude, l.longitude,
                                     l.altitude, l.speed, l.course, l.horizontalAccuracy, l.verticalAccuracy,
                                     l.speedAccuracy, l.courseAccuracy])
            }
        }
    }
}
