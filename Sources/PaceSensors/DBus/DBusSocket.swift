import PaceModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A connected, non-blocking Unix stream socket. Reads and writes wait with `poll` in short slices
/// so the caller can give up promptly; nothing here blocks indefinitely.
final class DBusSocket: @unchecked Sendable {
    /// The file descriptor; -1 once closed.
    private let descriptor: Locked<Int32>
    let target: String

    private init(descriptor: Int32, target: String) {
        self.descriptor = Locked(descriptor)
        self.target = target
    }

    deinit {
        close()
    }

    /// Connects to the address's socket and switches it to non-blocking mode.
    static func connect(to address: DBusAddress) throws(DBusError) -> DBusSocket {
        let target = address.description
        #if canImport(Glibc)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let fd = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw .socket(operation: "socket", target: target, errno: errno) }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        var pathBytes: [UInt8]
        switch address.socket {
        case .path(let path): pathBytes = Array(path.utf8)
        case .abstract(let name): pathBytes = [0] + Array(name.utf8)
        }
        let capacity = MemoryLayout.size(ofValue: addr.sun_path)
        guard pathBytes.count < capacity else {
            _ = systemClose(fd)
            throw .invalidAddress(target, reason: "socket path longer than \(capacity - 1) bytes")
        }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in pathBytes.enumerated() { raw[i] = b }
        }
        // Abstract names are not NUL-terminated: the length says where they end.
        let pathLength: Int
        if case .abstract = address.socket { pathLength = pathBytes.count } else { pathLength = pathBytes.count + 1 }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \sockaddr_un.sun_path)! + pathLength)
        let result = withUnsafePointer(to: &addr) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemConnect(fd, $0, length) }
        }
        guard result == 0 else {
            let code = errno
            _ = systemClose(fd)
            throw .socket(operation: "connect", target: target, errno: code)
        }
        let flags = fcntl(fd, F_GETFL, 0)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else {
            let code = errno
            _ = systemClose(fd)
            throw .socket(operation: "fcntl(O_NONBLOCK)", target: target, errno: code)
        }
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return DBusSocket(descriptor: fd, target: target)
    }

    /// Waits up to `milliseconds` for the socket to become readable (or to hang up).
    /// - Returns: `true` when a read will not block.
    func waitReadable(milliseconds: Int32) throws(DBusError) -> Bool {
        try wait(events: Int16(POLLIN), milliseconds: milliseconds)
    }

    private func wait(events: Int16, milliseconds: Int32) throws(DBusError) -> Bool {
        let fd = descriptor.withLock { $0 }
        guard fd >= 0 else { throw .connectionClosed(reason: "socket closed") }
        var pollfd = pollfd(fd: fd, events: events, revents: 0)
        let result = poll(&pollfd, 1, milliseconds)
        if result < 0 {
            if errno == EINTR { return false }
            throw .socket(operation: "poll", target: target, errno: errno)
        }
        return result > 0
    }

    /// Reads what is available, up to `maximum` bytes.
    /// - Returns: The bytes read; empty when nothing is available yet.
    /// - Throws: ``DBusError/connectionClosed(reason:)`` at end of stream.
    func readAvailable(maximum: Int = 65_536) throws(DBusError) -> [UInt8] {
        let fd = descriptor.withLock { $0 }
        guard fd >= 0 else { throw .connectionClosed(reason: "socket closed") }
        var count = 0
        var code: Int32 = 0
        // Not zero-filled: recv writes the bytes it returns, and only those are kept.
        let buffer = [UInt8](unsafeUninitializedCapacity: maximum) { bytes, initialized in
            count = recv(fd, bytes.baseAddress, maximum, 0)
            code = errno
            initialized = max(count, 0)
        }
        // A copy of just the bytes read, so the 64 KiB storage is not kept per message.
        if count > 0 { return count == maximum ? buffer : Array(buffer[..<count]) }
        if count == 0 { throw .connectionClosed(reason: "the bus closed the connection") }
        if code == EAGAIN || code == EWOULDBLOCK || code == EINTR { return [] }
        throw .socket(operation: "recv", target: target, errno: code)
    }

    /// Writes all of `bytes`, waiting for buffer space in 100 ms slices until `deadline`.
    func writeAll(_ bytes: [UInt8], deadline: ContinuousClock.Instant) throws(DBusError) {
        var offset = 0
        while offset < bytes.count {
            let fd = descriptor.withLock { $0 }
            guard fd >= 0 else { throw .connectionClosed(reason: "socket closed") }
            let written = bytes.withUnsafeBytes { raw in
                send(fd, raw.baseAddress! + offset, bytes.count - offset, Int32(sendFlags))
            }
            if written > 0 {
                offset += written
                continue
            }
            let code = errno
            guard written < 0, code == EAGAIN || code == EWOULDBLOCK || code == EINTR else {
                throw .socket(operation: "send", target: target, errno: code)
            }
            guard ContinuousClock.now < deadline else {
                throw .connectionClosed(reason: "the bus did not accept data for too long")
            }
            _ = try wait(events: Int16(POLLOUT), milliseconds: 100)
        }
    }

    /// Shuts the socket down without closing the descriptor, so a thread polling it wakes up
    /// (with end of stream) and the descriptor number cannot be reused under it.
    func hangUp() {
        let fd = descriptor.withLock { $0 }
        if fd >= 0 { _ = shutdown(fd, Int32(SHUT_RDWR)) }
    }

    /// Shuts the socket down and closes it; safe to call more than once. Call it from the thread
    /// that reads, once it is done.
    func close() {
        let fd = descriptor.withLock { fd in
            defer { fd = -1 }
            return fd
        }
        if fd >= 0 {
            _ = shutdown(fd, Int32(SHUT_RDWR))
            _ = systemClose(fd)
        }
    }

    private var sendFlags: Int {
        #if canImport(Glibc)
        Int(MSG_NOSIGNAL)
        #else
        0
        #endif
    }
}

// The C functions, which the class's own `close` and the static `connect` would otherwise shadow.
private func systemClose(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.close(fd)
    #else
    Darwin.close(fd)
    #endif
}

private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    #if canImport(Glibc)
    Glibc.connect(fd, address, length)
    #else
    Darwin.connect(fd, address, length)
    #endif
}
