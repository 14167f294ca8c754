import Crypto
import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import PaceModel

/// `POST /api/v1/uploads?format=…` streams a file to disk under a name the server chooses (never
/// the client's), hashing it as it arrives, refuses it past the size cap, deduplicates it by content
/// per account, and queues its import; `GET /api/v1/uploads/{id}` is the job's status.
struct UploadRoutes: Sendable {
    let gate: Gate
    let queue: UploadQueue
    /// Uploads larger than this many bytes are refused (`413`).
    let maximumBytes: Int

    @Sendable func upload(_ request: Request, context: ServerRequestContext) async throws -> EditedResponse<UploadJob> {
        let caller = try await gate.caller(request, context)
        try caller.requireShare(.workout)
        guard let format = request.uri.queryParameters.get("format")?.lowercased(), UploadJob.formats.contains(format) else {
            throw ServerError.badParameter("format", "must say what the file is: one of \(UploadJob.formats.sorted().joined(separator: ", "))")
        }
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > maximumBytes {
            throw Self.tooLarge(maximumBytes)
        }
        let id = UUID()
        let final = queue.file(of: id, format: format)
        let partial = final.appendingPathExtension("part")
        let digest = UploadDigest(limit: maximumBytes)
        do {
            try await FileIO().writeFile(contents: request.body.map { buffer in try digest.add(buffer) }, path: partial.path, context: context)
        } catch {
            try? FileManager.default.removeItem(at: partial)
            if error is UploadDigest.TooLarge { throw Self.tooLarge(maximumBytes) }
            throw ServerError(.badRequest, code: "upload.incomplete", message: "The upload did not arrive whole; send it again.")
        }
        let (hash, size) = digest.finish()
        guard size > 0 else {
            try? FileManager.default.removeItem(at: partial)
            throw ServerError(.badRequest, code: "upload.empty", message: "The upload is empty; send the file's bytes as the body.")
        }
        let account = caller.token.account.uuidString
        let existing: UploadJob? = try await gate.directory.pool.write { db in
            if let row = try Row.fetchOne(db, sql: "SELECT * FROM uploadJob WHERE account = ? AND contentHash = ?", arguments: [account, hash]) {
                return UploadJob(row: row)
            }
            try FileManager.default.moveItem(at: partial, to: final)
            try db.execute(sql: """
                INSERT INTO uploadJob (id, account, contentHash, format, size, status, createdAt) VALUES (?, ?, ?, ?, ?, 'queued', ?)
                """, arguments: [id.uuidString, account, hash, format, size, Date().timeIntervalSince1970])
            return nil
        }
        if let existing {
            try? FileManager.default.removeItem(at: partial)
            return EditedResponse(status: .ok, headers: [.location: "/api/v1/uploads/\(existing.id.uuidString)"], response: existing)
        }
        await queue.kick()
        let job = try await Self.job(id, account: caller.token.account, gate.directory)
        return EditedResponse(status: .accepted, headers: [.location: "/api/v1/uploads/\(id.uuidString)"], response: job)
    }

    @Sendable func status(_ request: Request, context: ServerRequestContext) async throws -> UploadJob {
        let caller = try await gate.caller(request, context)
        try caller.requireShare(.workout)
        guard let id = UUID(uuidString: try context.parameters.require("id")) else { throw ServerError.notFound("upload") }
        return try await Self.job(id, account: caller.token.account, gate.directory)
    }

    static func job(_ id: UUID, account: UUID, _ directory: AccountDirectory) async throws -> UploadJob {
        let found = try await directory.pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM uploadJob WHERE id = ? AND account = ?", arguments: [id.uuidString, account.uuidString])
                .map(UploadJob.init(row:))
        }
        guard let found else { throw ServerError.notFound("upload") }
        return found
    }

    static func tooLarge(_ limit: Int) -> ServerError {
        ServerError(.contentTooLarge, code: "upload.tooLarge", message: "An upload holds at most \(limit >> 20) MiB.")
    }
}

/// Hashes and counts an upload's bytes as they stream to disk, refusing them past a limit.
final class UploadDigest: @unchecked Sendable {
    struct TooLarge: Error {}
    private let lock = NSLock()
    private var hasher = SHA256()
    private var count = 0
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    func add(_ buffer: ByteBuffer) throws -> ByteBuffer {
        try lock.withLock {
            count += buffer.readableBytes
            guard count <= limit else { throw TooLarge() }
            buffer.withUnsafeReadableBytes { hasher.update(bufferPointer: $0) }
        }
        return buffer
    }

    /// The SHA-256 in hex and the byte count.
    func finish() -> (hash: String, size: Int) {
        lock.withLock { (hasher.finalize().lowercaseHex, count) }
    }
}
