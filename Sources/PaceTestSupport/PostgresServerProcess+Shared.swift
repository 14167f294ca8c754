import Foundation
import Glibc
import PaceModel

extension PostgresServerProcess {
    /// The test process's one PostgreSQL server: started (on a thread of its own) by the first
    /// test that asks, shared by every later one, and stopped when the process exits. A failure
    /// to start fails every test that asks, with the same reason.
    public static func shared() async throws -> PostgresServerProcess {
        try await sharedStart.value
    }

    private static let sharedStart = Task<PostgresServerProcess, any Error> {
        let server = try await ThreadBridge.run { () throws(any Error) -> PostgresServerProcess in try PostgresServerProcess.start() }
        sharedServer.withLock { $0 = server }
        atexit { sharedServer.withLock { $0 }?.stop() }
        return server
    }
}

/// The shared server, to stop at exit.
private let sharedServer = Locked<PostgresServerProcess?>(nil)
