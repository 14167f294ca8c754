import Foundation
import Glibc
import PaceTestSupport

/// A one-connection TCP server on 127.0.0.1 that plays a gpsd script: it sends `greeting`, waits for
/// one request line, sends `reply`, then records whether the client closed its end within `linger`.
/// Used where the exact bytes matter (garbage mixed with fixes, the client hanging up); real gpsd
/// behaviour is covered by ``GPSDLiveTests``.
final class ScriptedGPSDServer: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var request = ""
    private var clientClosed = false
    private let finished = DispatchSemaphore(value: 0)

    init(greeting: String, reply: String, linger: Double) throws {
        (listener, port) = try GPSFakeProcess.loopbackSocket(listening: 1)
        let thread = Thread { [self] in serve(greeting: greeting, reply: reply, linger: linger) }
        thread.start()
    }

    deinit { close(listener) }

    /// The request line the client sent.
    var receivedRequest: String { lock.withLock { request } }

    /// Waits for the script to end; returns whether the client closed the connection.
    func clientHungUp() async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { [self] in
                finished.wait()
                continuation.resume(returning: lock.withLock { clientClosed })
            }
        }
    }

    private func serve(greeting: String, reply: String, linger: Double) {
        defer { finished.signal() }
        var waitAccept = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        // Generous waits for the client (a loaded test runner may take seconds to schedule it);
        // `linger` counts from the reply.
        guard poll(&waitAccept, 1, 60_000) == 1 else { return }
        let client = accept(listener, nil, nil)
        guard client >= 0 else { return }
        defer { close(client) }
        _ = Array(greeting.utf8).withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        var replied = false
        var deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            var readable = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            guard poll(&readable, 1, 20) == 1 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if count <= 0 {
                lock.withLock { clientClosed = true }
                return
            }
            received += buffer[0..<count]
            if !replied, received.contains(UInt8(ascii: "\n")) {
                replied = true
                lock.withLock { request = String(decoding: received, as: UTF8.self) }
                _ = Array(reply.utf8).withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                deadline = Date().addingTimeInterval(linger)
            }
        }
    }
}
