public import Foundation
import GRDB
import PaceModel

/// The crash-safe journal of recording sessions, in the health store's SQLite file.
///
/// A session appends ``JournalBatch``es; each is one transaction, so a batch is either wholly
/// there or not at all. The store runs SQLite in WAL mode with `synchronous = FULL`: a batch whose
/// ``append(_:to:)`` returned is in the WAL file and fsynced, so neither a killed process nor a
/// power cut loses it. How often to append — and so how much unacknowledged data a power cut can
/// take — is the recorder's policy.
///
/// ```swift
/// let journal = RecordingJournal(store: store)
/// for session in try await journal.sessions(openOnly: true) { print(session.id) }
/// ```
///
/// Every call is `async`: the commit runs on the store's writer, never on a cooperative thread.
/// Writing (``create(_:)``, ``append(_:to:)``, ``close(_:status:finalBatch:endedAt:)`` and the
/// finish) is the recorder's business and `package` (docs/DECISIONS.md, 116).
public struct RecordingJournal: Sendable {
    /// The store whose file holds the journal.
    public let store: HealthStore

    /// Creates a journal over a store.
    public init(store: HealthStore) {
        self.store = store
    }

    /// Records a new, open session.
    /// - Throws: ``StoreError`` with ``StoreError/Code/duplicateObject`` when the identifier is taken.
    package func create(_ session: JournalSession) async throws(StoreError) {
        try await store.write { db in
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

    /// Appends a batch to an open session in one durable transaction.
    /// - Throws: ``StoreError`` with ``StoreError/Code/sessionNotFound`` or
    ///   ``StoreError/Code/sessionEnded``, or a database error; nothing is written then.
    package func append(_ batch: JournalBatch, to sessionID: UUID) async throws(StoreError) {
        guard !batch.isEmpty else { return }
        try await store.write { db in
            try Self.requireOpen(sessionID, db)
            try Self.insert(batch, sessionID, db)
        }
    }

    /// Ends a session: writes its final batch, saves the workout objects and the summary, and marks
    /// the session saved — all in one transaction, so a crash leaves either an open session that
    /// recovery can finish, or a saved workout, never half of one.
    /// - Parameters:
    ///   - sessionID: The session.
    ///   - finalBatch: The last readings and events (e.g. the `finish` event).
    ///   - objects: The workout, its route and its samples, with the samples associated with the
    ///     workout; written by the store's one insert path.
    ///   - workoutID: The saved workout's identifier.
    ///   - summary: The workout summary, encoded by the recorder, stored beside the workout.
    ///   - endedAt: When the session ended.
    /// - Throws: ``StoreError``; nothing is written then.
    package func finish(_ sessionID: UUID, finalBatch: JournalBatch, objects: HealthObjectBatch, workoutID: UUID,
                       summary: Data, endedAt: Date) async throws(StoreError) {
        try await store.write { db in
            try Self.requireOpen(sessionID, db)
            try Self.insert(finalBatch, sessionID, db)
            _ = try HealthStore.insert(objects, skippingStoredSyncIdentifiers: false, db)
            try db.execute(sql: "INSERT INTO workoutSummary (workoutUUID, summary) VALUES (?, ?)",
                           arguments: [workoutID.uuidString, summary])
            try db.execute(sql: "UPDATE recordingSession SET status = 'saved', workoutUUID = ?, endedAt = ? WHERE uuid = ?",
                           arguments: [workoutID.uuidString, endedAt.timeIntervalSinceReferenceDate, sessionID.uuidString])
        }
    }

    /// Ends a session without a workout (discarded by the user, or failed).
    /// - Parameters:
    ///   - sessionID: The session.
    ///   - status: ``JournalSession/Status/discarded`` or ``JournalSession/Status/failed``.
    ///   - finalBatch: The last readings and events.
    ///   - endedAt: When it ended.
    package func close(_ sessionID: UUID, status: JournalSession.Status, finalBatch: JournalBatch, endedAt: Date) async throws(StoreError) {
        precondition(status == .discarded || status == .failed, "close(_:status:) ends a session without a workout")
        try await store.write { db in
            try Self.requireOpen(sessionID, db)
            try Self.insert(finalBatch, sessionID, db)
            try db.execute(sql: "UPDATE recordingSession SET status = ?, endedAt = ? WHERE uuid = ?",
                           arguments: [status.rawValue, endedAt.timeIntervalSinceReferenceDate, sessionID.uuidString])
        }
    }

    /// The sessions, newest first; only open ones when `openOnly`.
    public func sessions(openOnly: Bool = false) async throws(StoreError) -> [JournalSession] {
        try await store.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT * FROM recordingSession \(openOnly ? "WHERE status = 'open'" : "") ORDER BY createdAt DESC
                """)
            return try rows.map(Self.session)
        }
    }

    /// One session's record.
    /// - Throws: ``StoreError`` with ``StoreError/Code/sessionNotFound``.
    public func session(_ id: UUID) async throws(StoreError) -> JournalSession {
        try await store.read { db in try Self.session(id, db) }
    }

    /// Everything journaled for a session, merged in sequence order.
    /// - Throws: ``StoreError`` with ``StoreError/Code/sessionNotFound``, or
    ///   ``StoreError/Code/corrupt`` when a chunk cannot be decoded.
    public func contents(of id: UUID) async throws(StoreError) -> JournalContents {
        try await store.read { db in
            let session = try Self.session(id, db)
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
            return JournalContents(session: session, entries: entries, points: try Self.points(id, db))
        }
    }

    /// The workout points of a session, by time.
    public func points(of id: UUID) async throws(StoreError) -> [WorkoutPoint] {
        try await store.read { db in try Self.points(id, db) }
    }

    /// The stored summary of a workout recorded by Pace, as the recorder encoded it, or `nil`.
    public func summary(ofWorkout workoutID: UUID) async throws(StoreError) -> Data? {
        try await store.read { db in
            try Data.fetchOne(db, sql: "SELECT summary FROM workoutSummary WHERE workoutUUID = ?", arguments: [workoutID.uuidString])
        }
    }

    // MARK: Rows

    private static func insert(_ batch: JournalBatch, _ sessionID: UUID, _ db: Database) throws {
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
                             message: "No recording session \(id) in the journal; `pace recover` lists the sessions there are.")
        }
        guard status == JournalSession.Status.open.rawValue else {
            throw StoreError(code: .sessionEnded,
                             message: "The recording session \(id) was already \(status); its journal is closed. Start a new session.")
        }
    }

    private static func session(_ id: UUID, _ db: Database) throws -> JournalSession {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM recordingSession WHERE uuid = ?", arguments: [id.uuidString]) else {
            throw StoreError(code: .sessionNotFound,
                             message: "No recording session \(id) in the journal; `pace recover` lists the sessions there are.")
        }
        return try session(row)
    }

    private static func session(_ row: Row) throws -> JournalSession {
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

    private static func points(_ id: UUID, _ db: Database) throws -> [WorkoutPoint] {
        try Row.fetchAll(db, sql: "SELECT * FROM workoutPoint WHERE sessionUUID = ? ORDER BY time", arguments: [id.uuidString]).map { row in
            WorkoutPoint(time: Date(timeIntervalSinceReferenceDate: row["time"]), latitude: row["latitude"], longitude: row["longitude"],
                         altitude: row["altitude"], heartRate: row["heartRate"], speed: row["speed"], distance: row["distance"])
        }
    }

    // MARK: Access




}
