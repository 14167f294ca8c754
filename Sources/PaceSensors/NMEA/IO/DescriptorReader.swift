import Dispatch
import Foundation
import Glibc

/// Reads a non-blocking file descriptor on its own thread (never on Swift's cooperative pool) and
/// hands chunks to an `AsyncStream`. Polls with a 100 ms timeout so a stop request is honoured
/// within ~100 ms; closes the descriptor when it ends. At most ``maximumPendingChunks`` chunks of
/// data wait unconsumed (the consumer calls ``consumed()``), so a large file is not read into memory
/// faster than it is decoded.
final class DescriptorReader: @unchecked Sendable {
    /// What the reader delivers.
    enum Chunk: Sendable {
        /// Bytes read.
        case data([UInt8])
        /// No bytes for ``idleInterval`` (reported once per quiet spell).
        case idle
        /// `read` returned 0: end of a regular file, or a tty whose device went away.
        case endOfFile
        /// Reading failed or the device hung up.
        case failed(String)
    }

    /// Data chunks (of up to 4 KiB) read ahead of the consumer.
    static let maximumPendingChunks = 64

    let chunks: AsyncStream<Chunk>
    /// Counted up from zero in `init`: libdispatch traps when a semaphore is freed below its
    /// initial value, which a reader stopped with chunks unconsumed leaves it.
    private let credits = DispatchSemaphore(value: 0)
    private let fd: Int32
    private let idleInterval: Double
    private let continuation: AsyncStream<Chunk>.Continuation
    private let lock = NSLock()
    private var stopRequested = false

    /// Starts reading `fd`; the reader owns and closes it.
    /// - Parameters:
    ///   - fd: A non-blocking descriptor.
    ///   - idleInterval: Quiet time in seconds after which ``Chunk/idle`` is delivered.
    init(fd: Int32, idleInterval: Double) {
        self.fd = fd
        self.idleInterval = idleInterval
        for _ in 0..<Self.maximumPendingChunks { credits.signal() }
        (chunks, continuation) = AsyncStream.makeStream(of: Chunk.self, bufferingPolicy: .unbounded)
        continuation.onTermination = { [weak self] _ in self?.stop() }
        let thread = Thread { [self] in loop() }
        thread.name = "pace.sensors.nmea.reader"
        thread.start()
    }

    /// The consumer has handled one ``Chunk/data(_:)`` chunk.
    func consumed() {
        credits.signal()
    }

    /// Asks the thread to finish; it closes the descriptor within ~100 ms.
    func stop() {
        lock.lock()
        stopRequested = true
        lock.unlock()
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopRequested
    }

    private func loop() {
        defer {
            close(fd)
            continuation.finish()
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var quietSince = Date()
        var reportedIdle = false
        while !isStopped {
            var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, 100)
            if ready < 0 {
                if errno == EINTR { continue }
                continuation.yield(.failed("poll failed: \(systemErrorText(errno))"))
                return
            }
            if ready == 0 {
                if !reportedIdle, Date().timeIntervalSince(quietSince) >= idleInterval {
                    reportedIdle = true
                    continuation.yield(.idle)
                }
                continue
            }
            if request.revents & Int16(POLLNVAL | POLLERR) != 0 && request.revents & Int16(POLLIN) == 0 {
                continuation.yield(.failed("the device reported an error (unplugged?)"))
                return
            }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                quietSince = Date()
                reportedIdle = false
                while credits.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
                    if isStopped { return }
                }
                continuation.yield(.data(Array(buffer[0..<count])))
            } else if count == 0 {
                continuation.yield(.endOfFile)
                return
            } else if errno == EAGAIN || errno == EINTR {
                if request.revents & Int16(POLLHUP) != 0 {
                    continuation.yield(.failed("the device hung up (unplugged?)"))
                    return
                }
            } else {
                continuation.yield(.failed("read failed: \(systemErrorText(errno))"))
                return
            }
        }
    }
}
