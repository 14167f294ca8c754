package import Foundation
import PaceModel
package import PaceStore
import PostgresNIO

extension PostgresBackend {
    package func createSession(_ session: JournalSession) async throws(StoreError) {
        try await transaction(kind: .write) { connection, account in
            if try await !connection.rows("SELECT 1 FROM recordingSession WHERE account = \(account) AND uuid = \(session.id)",
                                          logger: logger).isEmpty {
                throw StoreError(code: .duplicateObject, message: "A recording session \(session.id) already exists; start a new session with a new identifier.")
            }
            try await connection.run("""
                INSERT INTO recordingSession (account, uuid, activityType, createdAt, status, configuration, workoutUUID, endedAt, lastSequence)
                VALUES (\(account), \(session.id), \(Int64(session.activityType.rawValue)), \(session.createdAt.timeIntervalSinceReferenceDate),
                        \(session.status.rawValue), \(session.configuration), \(session.workoutID),
                        \(session.endedAt?.timeIntervalSinceReferenceDate), \(session.lastSequence))
                """, logger: logger)
        }
    }

    package func append(_ batch: JournalBatch, toSession sessionID: UUID) async throws(StoreError) {
        try await transaction(kind: .write) { connection, account in
            try await requireOpen(sessionID, connection, account)
            try await insertJournalRows(batch, sessionID, connection, account)
        }
    }

    package func finishSession(_ sessionID: UUID, finalBatch: JournalBatch, objects: HealthObjectBatch, workoutID: UUID,
                               summary: Data, endedAt: Date) async throws(StoreError) {
        try await transaction(kind: .write) { connection, account in
            try await requireOpen(sessionID, connection, account)
            try await insertJournalRows(finalBatch, sessionID, connection, account)
            let writer = try await writer(connection, account)
            _ = try await writer.insert(objects, skipping: false)
            try await connection.run("""
                INSERT INTO workoutSummary (account, workoutUUID, summary) VALUES (\(account), \(workoutID), \(summary))
                """, logger: logger)
            try await connection.run("""
                UPDATE recordingSession SET status = 'saved', workoutUUID = \(workoutID), endedAt = \(endedAt.timeIntervalSinceReferenceDate)
                WHERE account = \(account) AND uuid = \(sessionID)
                """, logger: logger)
            try await writer.finish()
        }
    }

    package func closeSession(_ sessionID: UUID, status: JournalSession.Status, finalBatch: JournalBatch,
                              endedAt: Date) async throws(StoreError) {
        try await transaction(kind: .write) { connection, account in
            try await requireOpen(sessionID, connection, account)
            try await insertJournalRows(finalBatch, sessionID, connection, account)
            try await connection.run("""
                UPDATE recordingSession SET status = \(status.rawValue), endedAt = \(endedAt.timeIntervalSinceReferenceDate)
                WHERE account = \(account) AND uuid = \(sessionID)
                """, logger: logger)
        }
    }

    package func sessions(openOnly: Bool) async throws(StoreError) -> [JournalSession] {
        try await transaction(kind: .read) { connection, account in
            try await connection.rows("""
                SELECT \(unescaped: Self.sessionColumns) FROM recordingSession
                WHERE account = \(account) AND (NOT \(openOnly) OR status = 'open') ORDER BY createdAt DESC
                """, logger: logger).map(Self.decodeSession)
        }
    }

    package func session(_ id: UUID) async throws(StoreError) -> JournalSession {
        try await transaction(kind: .read) { connection, account in try await sessionRow(id, connection, account) }
    }

    package func contents(ofSession id: UUID) async throws(StoreError) -> JournalContents {
        try await transaction(kind: .read) { connection, account in
            let session = try await sessionRow(id, connection, account)
            var entries: [(sequence: Int64, entry: JournalContents.Entry)] = []
            for try await (first, count, payload) in try await connection.query("""
                SELECT firstSequence, count, payload FROM recordingChunk WHERE account = \(account) AND sessionUUID = \(id)
                ORDER BY firstSequence
                """, logger: logger).decode((Int64, Int64, Data).self) {
                let readings = try ReadingCodec.decode([UInt8](payload), expectedCount: Int(count))
                for (index, reading) in readings.enumerated() { entries.append((first + Int64(index), .reading(reading))) }
            }
            for try await (sequence, time, kind, payload) in try await connection.query("""
                SELECT sequence, eventTime, kind, payload FROM recordingEvent WHERE account = \(account) AND sessionUUID = \(id)
                ORDER BY sequence
                """, logger: logger).decode((Int64, Double, String, Data).self) {
                let event = JournalEvent(sequence: sequence, time: Date(timeIntervalSinceReferenceDate: time), kind: kind, payload: payload)
                entries.append((sequence, .event(event)))
            }
            entries.sort { $0.sequence < $1.sequence }
            return JournalContents(session: session, entries: entries, points: try await pointRows(id, connection, account))
        }
    }

    package func points(ofSession id: UUID) async throws(StoreError) -> [WorkoutPoint] {
        try await transaction(kind: .read) { connection, account in try await pointRows(id, connection, account) }
    }

    package func summary(ofWorkout workoutID: UUID) async throws(StoreError) -> Data? {
        try await transaction(kind: .read) { connection, account in
            try await connection.rows("SELECT summary FROM workoutSummary WHERE account = \(account) AND workoutUUID = \(workoutID)",
                                      logger: logger).first?.decode(Data.self)
        }
    }

    // MARK: Journal rows

    private func insertJournalRows(_ batch: JournalBatch, _ sessionID: UUID, _ connection: PostgresConnection,
                                   _ account: String) async throws {
        if !batch.readings.isEmpty {
            var payload: [UInt8] = []
            payload.reserveCapacity(batch.readings.count * 40)
            for reading in batch.readings { ReadingCodec.encode(reading, into: &payload) }
            try await connection.run("""
                INSERT INTO recordingChunk (account, sessionUUID, firstSequence, count, payload)
                VALUES (\(account), \(sessionID), \(batch.firstReadingSequence), \(Int64(batch.readings.count)), \(Data(payload)))
                """, logger: logger)
        }
        for event in batch.events {
            try await connection.run("""
                INSERT INTO recordingEvent (account, sessionUUID, sequence, eventTime, kind, payload)
                VALUES (\(account), \(sessionID), \(event.sequence), \(event.time.timeIntervalSinceReferenceDate), \(event.kind), \(event.payload))
                """, logger: logger)
        }
        for point in batch.points {
            try await connection.run("""
                INSERT INTO workoutPoint (account, sessionUUID, pointTime, latitude, longitude, altitude, heartRate, speed, distance)
                VALUES (\(account), \(sessionID), \(point.time.timeIntervalSinceReferenceDate), \(point.latitude), \(point.longitude),
                        \(point.altitude), \(point.heartRate), \(point.speed), \(point.distance))
                ON CONFLICT (account, sessionUUID, pointTime) DO UPDATE SET latitude = excluded.latitude,
                    longitude = excluded.longitude, altitude = excluded.altitude, heartRate = excluded.heartRate,
                    speed = excluded.speed, distance = excluded.distance
                """, logger: logger)
        }
        if let last = batch.lastSequence {
            try await connection.run("""
                UPDATE recordingSession SET lastSequence = GREATEST(lastSequence, \(last)) WHERE account = \(account) AND uuid = \(sessionID)
                """, logger: logger)
        }
    }

    private func requireOpen(_ id: UUID, _ connection: PostgresConnection, _ account: String) async throws {
        let status = try await connection.rows("SELECT status FROM recordingSession WHERE account = \(account) AND uuid = \(id)",
                                               logger: logger).first?.decode(String.self)
        guard let status else {
            throw StoreError(code: .sessionNotFound,
                             message: "No recording session \(id) in the journal; list the journal's sessions to see which there are.")
        }
        guard status == JournalSession.Status.open.rawValue else {
            throw StoreError(code: .sessionEnded,
                             message: "The recording session \(id) was already \(status); its journal is closed. Start a new session.")
        }
    }

    private static let sessionColumns = "uuid, activityType, createdAt, status, configuration, workoutUUID, endedAt, lastSequence"

    private func sessionRow(_ id: UUID, _ connection: PostgresConnection, _ account: String) async throws -> JournalSession {
        guard let row = try await connection.rows("""
            SELECT \(unescaped: Self.sessionColumns) FROM recordingSession WHERE account = \(account) AND uuid = \(id)
            """, logger: logger).first else {
            throw StoreError(code: .sessionNotFound,
                             message: "No recording session \(id) in the journal; list the journal's sessions to see which there are.")
        }
        return try Self.decodeSession(row)
    }

    private static func decodeSession(_ row: PostgresRow) throws -> JournalSession {
        let (id, activity, createdAt, status, configuration, workout, endedAt, lastSequence)
            = try row.decode((UUID, Int64, Double, String, Data, UUID?, Double?, Int64).self)
        guard let type = WorkoutActivityType(rawValue: UInt(activity)), let state = JournalSession.Status(rawValue: status) else {
            throw StoreError(code: .corrupt, message: "A recording session row (\(id)) has unreadable columns; the journal is damaged.")
        }
        return JournalSession(id: id, activityType: type, createdAt: Date(timeIntervalSinceReferenceDate: createdAt), status: state,
                              configuration: configuration, workoutID: workout,
                              endedAt: endedAt.map(Date.init(timeIntervalSinceReferenceDate:)), lastSequence: lastSequence)
    }

    private func pointRows(_ id: UUID, _ connection: PostgresConnection, _ account: String) async throws -> [WorkoutPoint] {
        var points: [WorkoutPoint] = []
        for try await (time, latitude, longitude, altitude, heartRate, speed, distance) in try await connection.query("""
            SELECT pointTime, latitude, longitude, altitude, heartRate, speed, distance FROM workoutPoint
            WHERE account = \(account) AND sessionUUID = \(id) ORDER BY pointTime
            """, logger: logger).decode((Double, Double?, Double?, Double?, Double?, Double?, Double).self) {
            points.append(WorkoutPoint(time: Date(timeIntervalSinceReferenceDate: time), latitude: latitude, longitude: longitude,
                                       altitude: altitude, heartRate: heartRate, speed: speed, distance: distance))
        }
        return points
    }
}
