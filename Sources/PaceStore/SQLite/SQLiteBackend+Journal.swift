package import Foundation
import GRDB
import PaceModel

extension SQLiteBackend {
    package func createSession(_ session: JournalSession) async throws(StoreError) {
        try await write { db in
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM recordingSession WHERE uuid = ?", arguments: [session.id.uuidString]) == true {
                throw StoreError(code: .duplicateObject, message: "A recording session \(session.id) already exists; start a new session with a new identifier.")
            }
            try db.execute(sql: """
                INSERT INTO recordingSession (uuid, activityType, createdAt, status, configuration, workoutUUID, endedAt, lastSequence)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [session.id.uuidString, session.activityType.rawValue, session.createdAt.timeIntervalSinceReferenceDate,
                                 session.status.rawValue, session.configuration, session.workoutID?.uuidString,
                                 session.endedAt?.timeIntervalSinceReferenceDate, session.lastSequence])
        }
    }

    package func append(_ batch: JournalBatch, toSession sessionID: UUID) async throws(StoreError) {
        try await write { db in
            try Self.requireOpen(sessionID, db)
            try Self.insertRows(batch, sessionID, db)
        }
    }

    package func finishSession(_ sessionID: UUID, finalBatch: JournalBatch, objects: HealthObjectBatch, workoutID: UUID,
                              summary: Data, endedAt: Date) async throws(StoreError) {
        try await write { db in
            try Self.requireOpen(sessionID, db)
            try Self.insertRows(finalBatch, sessionID, db)
            _ = try SQLiteBackend.insert(objects, skippingStoredSyncIdentifiers: false, db)
            try db.execute(sql: "INSERT INTO workoutSummary (workoutUUID, summary) VALUES (?, ?)",
                           arguments: [workoutID.uuidString, summary])
            try db.execute(sql: "UPDATE recordingSession SET status = 'saved', workoutUUID = ?, endedAt = ? WHERE uuid = ?",
                           arguments: [workoutID.uuidString, endedAt.timeIntervalSinceReferenceDate, sessionID.uuidString])
        }
    }

    package func closeSession(_ sessionID: UUID, status: JournalSession.Status, finalBatch: JournalBatch,
                             endedAt: Date) async throws(StoreError) {
        try await write { db in
            try Self.requireOpen(sessionID, db)
            try Self.insertRows(finalBatch, sessionID, db)
            try db.execute(sql: "UPDATE recordingSession SET status = ?, endedAt = ? WHERE uuid = ?",
                           arguments: [status.rawValue, endedAt.timeIntervalSinceReferenceDate, sessionID.uuidString])
        }
    }

    package func sessions(openOnly: Bool) async throws(StoreError) -> [JournalSession] {
        try await read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT * FROM recordingSession \(openOnly ? "WHERE status = 'open'" : "") ORDER BY createdAt DESC
                """)
            return try rows.map(Self.decodeSession)
        }
    }

    package func session(_ id: UUID) async throws(StoreError) -> JournalSession {
        try await read { db in try Self.sessionRow(id, db) }
    }

    package func contents(ofSession id: UUID) async throws(StoreError) -> JournalContents {
        try await read { db in
            let session = try Self.sessionRow(id, db)
            var entries: [(sequence: Int64, entry: JournalContents.Entry)] = []
            let chunks = try Row.fetchCursor(db, sql: "SELECT firstSequence, count, payload FROM recordingChunk WHERE sessionUUID = ? ORDER BY firstSequence",
                                             arguments: [id.uuidString])
            while let row = try chunks.next() {
                let first: Int64 = row["firstSequence"]
                let count: Int = row["count"]
                let payload: Data = row["payload"]
                let readings = try ReadingCodec.decode([UInt8](payload), expectedCount: count)
                for (index, reading) in readings.enumerated() {
                    entries.append((first + Int64(index), .reading(reading)))
                }
            }
            let events = try Row.fetchAll(db, sql: "SELECT * FROM recordingEvent WHERE sessionUUID = ? ORDER BY sequence", arguments: [id.uuidString])
            for row in events {
                let event = JournalEvent(sequence: row["sequence"], time: Date(timeIntervalSinceReferenceDate: row["time"]),
                                         kind: row["kind"], payload: row["payload"])
                entries.append((event.sequence, .event(event)))
            }
            entries.sort { $0.sequence < $1.sequence }
            return JournalContents(session: session, entries: entries, points: try Self.pointRows(id, db))
        }
    }

    package func points(ofSession id: UUID) async throws(StoreError) -> [WorkoutPoint] {
        try await read { db in try Self.pointRows(id, db) }
    }

    package func summary(ofWorkout workoutID: UUID) async throws(StoreError) -> Data? {
        try await read { db in
            try Data.fetchOne(db, sql: "SELECT summary FROM workoutSummary WHERE workoutUUID = ?", arguments: [workoutID.uuidString])
        }
    }

    // MARK: Journal rows

    private static func insertRows(_ batch: JournalBatch, _ sessionID: UUID, _ db: Database) throws {
        let id = sessionID.uuidString
        if !batch.readings.isEmpty {
            var payload: [UInt8] = []
            payload.reserveCapacity(batch.readings.count * 40)
            for reading in batch.readings { ReadingCodec.encode(reading, into: &payload) }
            try db.cachedStatement(sql: "INSERT INTO recordingChunk (sessionUUID, firstSequence, count, payload) VALUES (?, ?, ?, ?)")
                .execute(arguments: [id, batch.firstReadingSequence, batch.readings.count, Data(payload)])
        }
        for event in batch.events {
            try db.cachedStatement(sql: "INSERT INTO recordingEvent (sessionUUID, sequence, time, kind, payload) VALUES (?, ?, ?, ?, ?)")
                .execute(arguments: [id, event.sequence, event.time.timeIntervalSinceReferenceDate, event.kind, event.payload])
        }
        for point in batch.points {
            try db.cachedStatement(sql: """
                INSERT OR REPLACE INTO workoutPoint (sessionUUID, time, latitude, longitude, altitude, heartRate, speed, distance)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """).execute(arguments: [id, point.time.timeIntervalSinceReferenceDate, point.latitude, point.longitude, point.altitude,
                                 point.heartRate, point.speed, point.distance])
        }
        if let last = batch.lastSequence {
            try db.cachedStatement(sql: "UPDATE recordingSession SET lastSequence = MAX(lastSequence, ?) WHERE uuid = ?")
                .execute(arguments: [last, id])
        }
    }

    private static func requireOpen(_ id: UUID, _ db: Database) throws {
        let status = try String.fetchOne(db.cachedStatement(sql: "SELECT status FROM recordingSession WHERE uuid = ?"), arguments: [id.uuidString])
        guard let status else {
            throw StoreError(code: .sessionNotFound,
                             message: "No recording session \(id) in the journal; list the journal's sessions to see which there are.")
        }
        guard status == JournalSession.Status.open.rawValue else {
            throw StoreError(code: .sessionEnded,
                             message: "The recording session \(id) was already \(status); its journal is closed. Start a new session.")
        }
    }

    private static func sessionRow(_ id: UUID, _ db: Database) throws -> JournalSession {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM recordingSession WHERE uuid = ?", arguments: [id.uuidString]) else {
            throw StoreError(code: .sessionNotFound,
                             message: "No recording session \(id) in the journal; list the journal's sessions to see which there are.")
        }
        return try decodeSession(row)
    }

    private static func decodeSession(_ row: Row) throws -> JournalSession {
        let uuid: String = row["uuid"]
        let activity: Int = row["activityType"]
        let status: String = row["status"]
        guard let id = UUID(uuidString: uuid), let type = WorkoutActivityType(rawValue: UInt(activity)),
              let state = JournalSession.Status(rawValue: status) else {
            throw StoreError(code: .corrupt, message: "A recording session row (\(uuid)) has unreadable columns; the journal is damaged.")
        }
        let workout: String? = row["workoutUUID"]
        let ended: Double? = row["endedAt"]
        return JournalSession(id: id, activityType: type, createdAt: Date(timeIntervalSinceReferenceDate: row["createdAt"]),
                              status: state, configuration: row["configuration"], workoutID: workout.flatMap(UUID.init(uuidString:)),
                              endedAt: ended.map(Date.init(timeIntervalSinceReferenceDate:)), lastSequence: row["lastSequence"])
    }

    private static func pointRows(_ id: UUID, _ db: Database) throws -> [WorkoutPoint] {
        try Row.fetchAll(db, sql: "SELECT * FROM workoutPoint WHERE sessionUUID = ? ORDER BY time", arguments: [id.uuidString]).map { row in
            WorkoutPoint(time: Date(timeIntervalSinceReferenceDate: row["time"]), latitude: row["latitude"], longitude: row["longitude"],
                         altitude: row["altitude"], heartRate: row["heartRate"], speed: row["speed"], distance: row["distance"])
        }
    }
}
