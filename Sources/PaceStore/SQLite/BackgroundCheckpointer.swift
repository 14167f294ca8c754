import Foundation
import GRDB
import GRDBSQLite

/// Moves WAL checkpoints of a long series of batch saves (an import) off the writing thread.
///
/// In WAL mode every committed page is written twice: into the write-ahead log, then copied into
/// the database file by a checkpoint. SQLite runs that copy inside the commit of the writer once the
/// log passes 1 000 pages, which was a sixth of a million-record import's store thread. While a
/// checkpointer runs, the writer connection does not checkpoint; a thread with its own connection
/// copies committed pages with passive checkpoints (which never block the writer or readers), on a
/// core the writer does not use.
///
/// The log stays bounded: ``throttle()``, called before each batch, waits while the log is longer
/// than its limit until the checkpointer has copied all of it; the next write transaction then
/// starts the log from its beginning again.
///
/// ```swift
/// let checkpointer = try BackgroundCheckpointer(store: store)   // nil for in-memory stores
/// for batch in batches {
///     checkpointer?.throttle()
///     try await store.save(batch)
/// }
/// checkpointer?.stop()
/// ```
package final class BackgroundCheckpointer: @unchecked Sendable {
    /// The log length, in bytes, past which ``throttle()`` waits for the checkpointer.
    package let logLimit: Int

    private let writer: any DatabaseWriter
    private let logPath: String
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var stopping = false
    private var finished = false
    /// Checkpoints completed with nothing left to copy, counted so a waiter knows one ran after it asked.
    private var catchUps = 0
    private var requested = 0
    private var thread: Thread?

    /// Starts a checkpointer for the store's file.
    ///
    /// - Parameters:
    ///   - store: The store whose batches are about to be saved.
    ///   - logLimit: The log length, in bytes, past which ``throttle()`` waits (64 MiB by default).
    ///   - maximumWait: The longest ``throttle()`` waits, in seconds (10 by default).
    /// - Returns: `nil` for an in-memory store (it has no log) or another backend than SQLite.
    /// - Throws: ``StoreError`` with code ``StoreError/Code/database`` when the writer's automatic
    ///   checkpoints cannot be turned off or the checkpoint connection cannot open.
    package init?(store: HealthStore, logLimit: Int = 64 << 20, maximumWait: Double = 10) throws(StoreError) {
        guard let backend = store.backend as? SQLiteBackend, let path = backend.location else { return nil }
        self.writer = backend.writer
        self.logLimit = logLimit
        self.maximumWait = maximumWait
        self.logPath = path + "-wal"
        var connection: OpaquePointer?
        let opened = sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
        guard opened == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "code \(opened)"
            sqlite3_close(connection)
            throw StoreError(code: .database, message: "Cannot open a checkpoint connection to '\(path)': \(message).", path: path)
        }
        // A connection learns that the file is in WAL mode (and opens the log) at its first read.
        guard sqlite3_exec(connection, "SELECT count(*) FROM sqlite_master", nil, nil, nil) == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(connection))
            sqlite3_close(connection)
            throw StoreError(code: .database, message: "Cannot read '\(path)' for checkpoints: \(message).", path: path)
        }
        do {
            try writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        } catch {
            sqlite3_close(connection)
            throw StoreError(code: .database, message: "Cannot defer checkpoints of '\(path)': \(error).", path: path, cause: error)
        }
        let handle = ConnectionHandle(pointer: connection)
        let thread = Thread { [self] in run(handle.pointer) }
        thread.name = "org.pace.store.checkpoint"
        self.thread = thread
        thread.start()
    }

    /// The longest ``throttle()`` waits, in seconds.
    package let maximumWait: Double

    /// Waits, when the log is longer than ``logLimit``, until the checkpointer has copied all of it,
    /// or at most ``maximumWait``. Call it between write transactions, never inside one.
    ///
    /// A reader that keeps a transaction open (another process watching the store) stops a
    /// checkpoint from copying the pages written after its snapshot; the writer then goes on after
    /// ``maximumWait`` and the log grows until the reader lets go, as it would with SQLite's own
    /// checkpoints, instead of the import hanging.
    package func throttle() {
        var status = stat()
        guard stat(logPath, &status) == 0, Int(status.st_size) > logLimit else { return }
        condition.lock()
        defer { condition.unlock() }
        requested += 1
        let target = catchUps + 1
        condition.broadcast()
        let deadline = Date().addingTimeInterval(maximumWait)
        while catchUps < target, !finished {
            if !condition.wait(until: deadline) { return }
        }
    }

    /// Stops the thread after a last checkpoint and gives checkpoints back to the writer.
    package func stop() {
        condition.lock()
        let alreadyStopped = stopping
        stopping = true
        condition.broadcast()
        while !finished { condition.wait() }
        condition.unlock()
        if alreadyStopped { return }
        _ = try? writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 1000") }
    }

    deinit {
        stop()
    }

    private func run(_ connection: OpaquePointer) {
        defer {
            sqlite3_close(connection)
            condition.lock()
            finished = true
            condition.broadcast()
            condition.unlock()
        }
        while true {
            var logFrames: Int32 = 0
            var copiedFrames: Int32 = 0
            let code = sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, &logFrames, &copiedFrames)
            condition.lock()
            if code == SQLITE_OK, logFrames >= 0, logFrames == copiedFrames {
                catchUps += 1
                condition.broadcast()
            }
            if stopping {
                condition.unlock()
                return
            }
            // Copy again soon while the writer commits; at once when a waiter asks.
            let asked = requested
            _ = condition.wait(until: Date().addingTimeInterval(0.05))
            let again = requested != asked || stopping
            condition.unlock()
            if !again && code != SQLITE_OK { Thread.sleep(forTimeInterval: 0.05) }
        }
    }
}

/// A connection handed to the checkpoint thread, used by that thread alone.
private struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}
