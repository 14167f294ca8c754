import Foundation
import HTTPTypes
import Hummingbird
import PaceAPI
import ServiceLifecycle

/// One watcher's Server-Sent Events stream of a live session: each stored batch after the
/// watcher's `Last-Event-ID` as an event `batch` whose `id` is the batch's number, then each new one
/// as it is stored, then an event `end` when the session has ended — and a comment line whenever
/// the stream has been quiet for the keep-alive interval, which also notices a watcher gone.
///
/// It reads the server database, so it survives a restart of the server (the watcher reconnects
/// with its `Last-Event-ID`), and it ends when the server shuts down gracefully.
struct LiveEventStream: Sendable {
    /// Batches read from the database at a time.
    static let pageSize = 200

    let store: LiveStore
    let bell: LiveBell
    let key: LiveBell.Key
    let keepAlive: Duration
    let showsPoints: Bool
    let showsHeartRate: Bool

    /// Writes the stream to `writer` until the session ends, it is deleted, or the server shuts down.
    func write(after first: Int, to writer: inout any ResponseBodyWriter) async throws {
        // A reconnecting EventSource waits this long (milliseconds) before trying again.
        try await writer.write(ByteBuffer(string: "retry: 2000\n\n"))
        var last = first
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            let generation = await bell.generation(key)
            let (session, batches) = try await store.batches(after: last, limit: Self.pageSize, account: key.account, session: key.session)
            guard let session else { break }
            var text = ""
            for batch in batches {
                text += try event(batch.body, sequence: batch.sequence)
                last = batch.sequence
            }
            if !text.isEmpty { try await writer.write(ByteBuffer(string: text)) }
            if batches.count == Self.pageSize { continue }
            if session.endedAt != nil, last >= session.lastSequence {
                let end = LiveEnd(outcome: session.outcome ?? "saved", workoutID: session.workoutID)
                let data = String(decoding: try Self.encoder.encode(end), as: UTF8.self)
                try await writer.write(ByteBuffer(string: "event: end\ndata: \(data)\n\n"))
                break
            }
            let advanced = await withGracefulShutdownHandler {
                await bell.wait(key, after: generation, timeout: keepAlive)
            } onGracefulShutdown: { [bell] in
                Task { await bell.ringAll() }
            }
            if !advanced { try await writer.write(ByteBuffer(string: ": keep-alive\n\n")) }
        }
        try await writer.finish(nil)
    }

    /// One batch as an SSE event, showing what the watcher may see.
    private func event(_ body: String, sequence: Int) throws -> String {
        let batch = try Self.decoder.decode(LiveBatch.self, from: Data(body.utf8))
        let data = String(decoding: try Self.encoder.encode(batch.visible(points: showsPoints, heartRate: showsHeartRate)), as: UTF8.self)
        return "id: \(sequence)\nevent: batch\ndata: \(data)\n\n"
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .rfc3339
        return decoder
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .rfc3339
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
