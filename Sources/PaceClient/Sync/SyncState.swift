public import Foundation
public import PaceStore

/// What a device remembers about syncing with one server as one token: where its last pull ended
/// (the server's opaque anchor) and where its last push ended (an anchor of the local store).
///
/// Both advance only after the work before them is durable: the pull anchor after the page is
/// saved in the local store, the push anchor after the server answered the batch.
public struct SyncState: Codable, Sendable, Equatable {
    /// The server's base address, e.g. `http://127.0.0.1:8080`.
    public var server: String
    /// The token's identifier (`GET /api/v1/sync/scope`), never its secret.
    public var token: UUID
    /// The anchor the last saved page ended at; `nil` pulls from the start.
    public var pullAnchor: String?
    /// The local store's anchor the last pushed batch ended at; `nil` pushes from the start.
    public var pushAnchor: QueryAnchor?

    /// A state that has neither pulled nor pushed.
    public init(server: String, token: UUID, pullAnchor: String? = nil, pushAnchor: QueryAnchor? = nil) {
        self.server = server
        self.token = token
        self.pullAnchor = pullAnchor
        self.pushAnchor = pushAnchor
    }
}

/// The file holding a store's ``SyncState``s, one per server and token, next to the store
/// (`health.sqlite` → `health.sqlite.sync.json`).
///
/// Every write replaces the file atomically — written to a temporary file in the same folder,
/// flushed to disk (`fsync`), renamed over the old one, and the folder flushed — so a kill leaves
/// either the old states or the new ones, never a torn file.
public struct SyncStateFile: Sendable {
    /// The file's path.
    public let path: String

    /// The state file of the store at `storePath`.
    public init(storePath: String) {
        path = storePath + ".sync.json"
    }

    /// The file at `path`.
    public init(path: String) {
        self.path = path
    }

    private struct Contents: Codable {
        var version = 1
        var states: [SyncState] = []
    }

    /// The state for `server` and `token`, or a fresh one if the file has none (or does not exist).
    ///
    /// - Throws: ``SyncError/Kind/state`` if the file cannot be read or is not a state file.
    public func state(server: String, token: UUID) async throws(SyncError) -> SyncState {
        let contents = try await read()
        return contents.states.first { $0.server == server && $0.token == token } ?? SyncState(server: server, token: token)
    }

    /// Replaces the state for its server and token, keeping the others, atomically.
    ///
    /// - Throws: ``SyncError/Kind/state`` if the file cannot be written.
    public func save(_ state: SyncState) async throws(SyncError) {
        var contents = try await read()
        contents.states.removeAll { $0.server == state.server && $0.token == state.token }
        contents.states.append(state)
        contents.states.sort { ($0.server, $0.token.uuidString) < ($1.server, $1.token.uuidString) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let data: Data
        do { data = try encoder.encode(contents) } catch {
            throw SyncError(.state, "The sync state for \(path) could not be encoded: \(error)")
        }
        let path = path
        try await ThreadBridgeIO.run { () throws(SyncError) in try AtomicFile.write(data, to: path) }
    }

    private func read() async throws(SyncError) -> Contents {
        let path = path
        let data = try await ThreadBridgeIO.run { () throws(SyncError) -> Data? in
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
                throw SyncError(.state, "The sync state \(path) cannot be read (\(error)); check its permissions.")
            }
        }
        guard let data else { return Contents() }
        do { return try JSONDecoder().decode(Contents.self, from: data) } catch {
            throw SyncError(.state, "\(path) is not a Pace sync state file (\(error)); move it away to sync from the start (already stored objects are skipped).")
        }
    }
}
