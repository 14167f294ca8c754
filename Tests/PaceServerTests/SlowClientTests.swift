import Foundation
import Glibc
import Hummingbird
import PaceModel
@testable import PaceServer
import PaceTestSupport
import Testing

/// Slow clients (slowloris): connections that send a request's head a few bytes at a time and never
/// finish it hold nothing another client needs, and the server closes them after its idle timeout.
@Suite(.timeLimit(.minutes(3 * TestTime.scale))) struct SlowClientTests {
    /// A blocking TCP connection to 127.0.0.1:`port`, or `nil` when nothing listens there.
    static func connect(_ port: UInt16) -> Int32? {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            return nil
        }
        return socket
    }

    static func send(_ text: String, to socket: Int32) {
        _ = text.withCString { Glibc.send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }

    /// What `socket` receives until the server closes it or `seconds` pass: the bytes, and whether
    /// the server closed the connection.
    static func receive(_ socket: Int32, seconds: Int) -> (text: String, closed: Bool) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count == 0 { return (String(decoding: received, as: UTF8.self), true) }
            if count < 0 { return (String(decoding: received, as: UTF8.self), errno == ECONNRESET) }
            received += buffer[0..<count]
        }
    }

    @Test func slowClientsNeitherStarveOthersNorStayConnected() async throws {
        let fixture = try await ServerFixture()
        defer { fixture.directory.remove() }
        var configuration = fixture.configuration
        configuration.idleTimeout = .seconds(2)
        let port = try GPSFakeProcess.freePort()
        configuration.port = Int(port)
        let app = try await PaceServer.application(configuration)
        let running = Task { try await app.runService(gracefulShutdownSignals: []) }
        defer { running.cancel() }

        let (answer, slowClosed) = try await ThreadBridge.run { () throws(any Error) -> (String, [Bool]) in
            var listening: Int32?
            for _ in 0..<300 * TestTime.scale where listening == nil {
                listening = Self.connect(port)
                if listening == nil { usleep(100_000) }
            }
            guard let probe = listening else { throw POSIXError(.ECONNREFUSED) }
            close(probe)
            // Given 200 connections that each sent the start of a request head, then nothing more
            let slow = (0..<200).compactMap { _ in Self.connect(port) }
            defer { slow.forEach { close($0) } }
            for socket in slow { Self.send("GET /api/v1/workouts HTTP/1.1\r\nHo", to: socket) }
            // When another client asks meanwhile, it is answered
            guard let client = Self.connect(port) else { throw POSIXError(.ECONNREFUSED) }
            defer { close(client) }
            Self.send("GET /api/v1/workouts HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", to: client)
            let answer = Self.receive(client, seconds: 60 * TestTime.scale).text
            // and the slow ones are closed by the server once they have sent nothing for its idle timeout
            return (answer, slow.map { Self.receive($0, seconds: 30 * TestTime.scale).closed })
        }

        #expect(answer.hasPrefix("HTTP/1.1 401"), "the other client got its answer (no token: 401): \(String(answer.prefix(200)))")
        #expect(slowClosed.count == 200)
        #expect(slowClosed.allSatisfy { $0 }, "\(slowClosed.filter { !$0 }.count) slow connections were left open")
    }
}
