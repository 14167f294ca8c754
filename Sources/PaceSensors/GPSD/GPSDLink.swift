import Foundation
import Glibc
import Logging

/// What the connection thread reports.
enum GPSDLinkEvent: Sendable, Equatable {
    /// The TCP connection is up and the initial commands were sent.
    case connected
    /// One line from gpsd, without its terminator.
    case line([UInt8])
    /// A line longer than the splitter's limit was discarded (its length in bytes).
    case lineTooLong(Int)
    /// This many lines were dropped because the consumer fell behind.
    case dropped(Int)
    /// The connection ended; `nil` when it was stopped from this side.
    case closed(GPSDConnectionError?)
}

/// A TCP connection to gpsd run on its own `Thread`, so blocking `poll`/`read` never occupies
/// Swift's cooperative thread pool. Lines arrive on an `AsyncStream`; ending the iteration (or
/// cancelling the task iterating it) wakes the thread through a self-pipe and closes the socket at once.
enum GPSDLink {
    private static let logger = Logger(label: "pace.sensors.gpsd")

    /// Connects to gpsd and sends `commands`, then streams its lines.
    /// - Parameters:
    ///   - host: Host name or address.
    ///   - port: TCP port.
    ///   - commands: Sent in order after connecting, e.g. `?WATCH={"enable":true,"json":true};`.
    ///   - connectTimeout: How long one connection attempt may take.
    ///   - bufferLimit: Lines held for a slow consumer before dropping (counted) ones.
    static func open(host: String, port: UInt16, commands: [String], connectTimeout: Duration,
                     bufferLimit: Int = 4_096) -> AsyncStream<GPSDLinkEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: GPSDLinkEvent.self,
                                                            bufferingPolicy: .bufferingOldest(bufferLimit))
        let endpoint = "\(host):\(port)"
        guard let wake = GPSDWakeSignal() else {
            continuation.yield(.closed(.ioFailed(endpoint: endpoint, message: systemErrorText(errno))))
            continuation.finish()
            return stream
        }
        continuation.onTermination = { _ in wake.signal() }
        let thread = Thread {
            let outcome = serve(host: host, port: port, commands: commands, connectTimeout: connectTimeout,
                                wake: wake, continuation: continuation)
            continuation.yield(.closed(outcome))
            continuation.finish()
        }
        thread.name = "pace.gpsd \(endpoint)"
        thread.start()
        return stream
    }

    /// The thread body: connect, send, read until closed or woken. Returns why it ended (`nil`: woken).
    private static func serve(host: String, port: UInt16, commands: [String], connectTimeout: Duration,
                              wake: GPSDWakeSignal,
                              continuation: AsyncStream<GPSDLinkEvent>.Continuation) -> GPSDConnectionError? {
        let endpoint = "\(host):\(port)"
        let fd: Int32
        do {
            guard let connected = try GPSDSocket.connect(host: host, port: port, timeout: connectTimeout, wake: wake) else {
                return nil
            }
            fd = connected
        } catch {
            return error
        }
        defer { close(fd) }
        do {
            for command in commands {
                guard try GPSDSocket.send(Array(command.utf8), fd: fd, endpoint: endpoint, wake: wake) else { return nil }
            }
        } catch {
            return error
        }
        logger.debug("connected to gpsd", metadata: ["endpoint": "\(endpoint)"])
        var delivery = Delivery(continuation: continuation)
        guard delivery.send(.connected) else { return nil }
        var splitter = GPSDLineSplitter()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            switch GPSDSocket.wait(fd: fd, events: Int16(POLLIN), wake: wake, timeout: nil) {
            case .woken: return nil
            case .timedOut: continue
            case .ready: break
            }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return .closedByServer(endpoint: endpoint) }
            if count < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
                return .ioFailed(endpoint: endpoint, message: systemErrorText(errno))
            }
            for piece in splitter.append(buffer[0..<count]) {
                let event: GPSDLinkEvent = switch piece {
                case .line(let bytes): .line(bytes)
                case .tooLong(let length): .lineTooLong(length)
                }
                guard delivery.send(event) else { return nil }
            }
        }
    }

    /// Yields to the stream, counting lines dropped while the consumer is behind and reporting them
    /// before the next line that fits.
    private struct Delivery {
        let continuation: AsyncStream<GPSDLinkEvent>.Continuation
        var dropped = 0

        /// - Returns: `false` when the stream has ended (the consumer went away).
        mutating func send(_ event: GPSDLinkEvent) -> Bool {
            if dropped > 0 {
                switch continuation.yield(.dropped(dropped)) {
                case .terminated: return false
                case .dropped: dropped += 1; return true
                case .enqueued: dropped = 0
                @unknown default: break
                }
            }
            switch continuation.yield(event) {
            case .terminated: return false
            case .dropped: dropped += 1
            case .enqueued: break
            @unknown default: break
            }
            return true
        }
    }
}
