import Foundation
import GRDB
import Logging
import PaceStore
import PaceTransfer

/// Imports uploaded files one at a time, in the order they arrived, off the request path: an
/// upload is answered as soon as it is on disk, and a client polls its job. Jobs live in the
/// server database; ``resume()`` at start puts back the ones a killed server left running.
actor UploadQueue {
    private let directory: AccountDirectory
    private let stores: AccountStores
    private let folder: URL
    private let logger = Logger(label: "org.pace.server.uploads")
    private var working = false
    /// Called with a finished job's account and imported workouts, after the job is marked done
    /// and before the next job starts (the pages' answers are made ahead there).
    private let imported: @Sendable (_ account: UUID, _ workouts: [UUID]) async -> Void

    init(directory: AccountDirectory, stores: AccountStores, folder: URL,
         imported: @escaping @Sendable (_ account: UUID, _ workouts: [UUID]) async -> Void = { _, _ in }) {
        self.directory = directory
        self.stores = stores
        self.folder = folder
        self.imported = imported
    }

    /// The file of job `id` with `format`.
    nonisolated func file(of id: UUID, format: String) -> URL {
        folder.appendingPathComponent(id.uuidString.lowercased() + "." + format)
    }

    /// Makes the uploads folder, puts jobs a killed server left running back in the queue, removes
    /// what a killed server left half-done — bodies still arriving (`.part`) and files whose job was
    /// never recorded — and starts working.
    func resume() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let jobs: Set<String> = try await directory.pool.write { db in
            try db.execute(sql: "UPDATE uploadJob SET status = 'queued' WHERE status = 'running'")
            return Set(try String.fetchAll(db, sql: "SELECT lower(id) FROM uploadJob"))
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names {
            let id = String(name.prefix { $0 != "." })
            if name.hasSuffix(".part") || !jobs.contains(id) {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
                logger.notice("Removed an upload a stopped server left unfinished", metadata: ["file": "\(name)"])
            }
        }
        kick()
    }

    /// Starts working through the queue unless already working.
    func kick() {
        guard !working else { return }
        working = true
        Task { await self.work() }
    }

    private func work() async {
        defer { working = false }
        while let job = try? await next() {
            await run(job)
        }
    }

    /// The oldest queued job, marked running.
    private func next() async throws -> (id: UUID, account: UUID, format: String)? {
        try await directory.pool.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT id, account, format FROM uploadJob WHERE status = 'queued' ORDER BY createdAt, id LIMIT 1"),
                  let id = UUID(uuidString: row["id"]), let account = UUID(uuidString: row["account"]) else { return nil }
            try db.execute(sql: "UPDATE uploadJob SET status = 'running' WHERE id = ?", arguments: [row["id"] as String])
            return (id, account, row["format"])
        }
    }

    private func run(_ job: (id: UUID, account: UUID, format: String)) async {
        let path = file(of: job.id, format: job.format).path
        var status = "done"
        var imported = 0, duplicates = 0
        var workouts: [UUID] = []
        var problems: [String] = []
        do {
            let store = try await stores.store(for: job.account)
            let outcome = await ImportRunner(store: store).run(ImportInput.classify([path]))
            imported = outcome.imported.count + (outcome.appleHealth ?? []).reduce(0) { $0 + $1.report.workoutsImported }
            duplicates = outcome.skippedAsDuplicate
            workouts = outcome.imported
            problems = outcome.rejected.map { $0.message } + (outcome.appleHealth ?? []).compactMap(\.error) + outcome.warnings
            let appleHealthRead = (outcome.appleHealth ?? []).contains { $0.error == nil && $0.report.itemsRead > 0 }
            if imported == 0 && duplicates == 0 && !appleHealthRead {
                status = "failed"
                if problems.isEmpty { problems = ["The file holds no activity to import."] }
            }
        } catch {
            status = "failed"
            problems = ["The account's store cannot be opened."]
            logger.error("Upload import failed", metadata: ["job": "\(job.id)", "error": "\(error)"])
        }
        // The importer names files by their path; a client is told of its upload, never of the server's folders.
        let folder = folder.path
        problems = problems.map {
            $0.replacingOccurrences(of: path, with: "upload." + job.format).replacingOccurrences(of: folder, with: "uploads")
        }
        let encoded = String(decoding: (try? JSONEncoder().encode(problems)) ?? Data("[]".utf8), as: UTF8.self)
        let identifiers = String(decoding: (try? JSONEncoder().encode(workouts)) ?? Data("[]".utf8), as: UTF8.self)
        _ = try? await directory.pool.write { [status, imported, duplicates] db in
            try db.execute(sql: """
                UPDATE uploadJob SET status = ?, imported = ?, duplicates = ?, problems = ?, workouts = ?, finishedAt = ? WHERE id = ?
                """, arguments: [status, imported, duplicates, encoded, identifiers, Date().timeIntervalSince1970, job.id.uuidString])
        }
        logger.info("Upload imported", metadata: ["job": "\(job.id)", "status": "\(status)", "imported": "\(imported)"])
        if !workouts.isEmpty { await self.imported(job.account, workouts) }
    }
}
