import Foundation
import Glibc
import PaceModel
import PaceTestSupport
import Testing

/// The test harness's PostgreSQL: the suite's other servers pick free ports too, so a port taken
/// between the pick and the server's bind must not fail the tests that need the server.
@Suite(.timeLimit(.minutes(3 * TestTime.scale))) struct PostgresServerProcessTests {
    @Test func aClusterWhosePortIsTakenStartsOnAnother() async throws {
        let (held, heldPort) = try GPSFakeProcess.loopbackSocket(listening: 4)
        defer { close(held) }
        let picks = Locked<[UInt16]>([])
        let server = try await ThreadBridge.run { () throws -> PostgresServerProcess in
            try PostgresServerProcess.start(pickPort: {
                let port = try picks.withLock { $0.isEmpty ? heldPort : try GPSFakeProcess.freePort() }
                picks.withLock { $0.append(port) }
                return port
            })
        }
        defer { server.stop() }
        let tried = picks.withLock { $0 }
        #expect(tried.count == 2 && tried.first == heldPort, "the held port first, then another: \(tried)")
        #expect(server.port == Int(tried.last ?? 0) && server.port != Int(heldPort))
        #expect(GPSFakeProcess.accepts(port: UInt16(server.port)), "the cluster listens on its second port")
    }
}
