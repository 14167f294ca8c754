import Glibc

/// Blocking-with-wakeup TCP helpers for the gpsd connection thread: a non-blocking socket driven
/// by `poll`, which also watches a ``GPSDWakeSignal`` so that stopping is immediate.
enum GPSDSocket {
    /// The outcome of waiting on the socket.
    enum Wait { case ready, woken, timedOut }

    /// Connects to `host:port`, trying each address `getaddrinfo` returns.
    /// - Returns: The connected, non-blocking socket, or `nil` when woken before it connected.
    static func connect(host: String, port: UInt16, timeout: Duration,
                        wake: GPSDWakeSignal) throws(GPSDConnectionError) -> Int32? {
        let endpoint = "\(host):\(port)"
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_protocol = Int32(IPPROTO_TCP)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .unresolvable(host: host, message: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(first) }
        var failure = GPSDConnectionError.connectFailed(endpoint: endpoint, message: "no address")
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor?.pointee {
            cursor = info.ai_next
            let fd = socket(info.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
                            | Int32(SOCK_CLOEXEC.rawValue), info.ai_protocol)
            guard fd >= 0 else {
                failure = .connectFailed(endpoint: endpoint, message: systemErrorText(errno))
                continue
            }
            enableKeepalive(fd)
            if Glibc.connect(fd, info.ai_addr, info.ai_addrlen) == 0 { return fd }
            guard errno == EINPROGRESS else {
                failure = .connectFailed(endpoint: endpoint, message: systemErrorText(errno))
                close(fd)
                continue
            }
            switch wait(fd: fd, events: Int16(POLLOUT), wake: wake, timeout: timeout) {
            case .woken:
                close(fd)
                return nil
            case .timedOut:
                failure = .connectTimedOut(endpoint: endpoint, seconds: durationSeconds(timeout))
                close(fd)
            case .ready:
                var code: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
                if code == 0 { return fd }
                failure = .connectFailed(endpoint: endpoint, message: systemErrorText(code))
                close(fd)
            }
        }
        throw failure
    }

    /// TCP keepalive after 10 s of silence, probing every 5 s, giving up after 3 probes: a remote gpsd
    /// whose network vanished (no FIN, no RST) is noticed in about 25 s instead of never.
    private static func enableKeepalive(_ fd: Int32) {
        for (level, option, value) in [(SOL_SOCKET, SO_KEEPALIVE, Int32(1)), (Int32(IPPROTO_TCP), TCP_KEEPIDLE, 10),
                                       (Int32(IPPROTO_TCP), TCP_KEEPINTVL, 5), (Int32(IPPROTO_TCP), TCP_KEEPCNT, 3)] {
            var setting = value
            _ = setsockopt(fd, level, option, &setting, socklen_t(MemoryLayout<Int32>.size))
        }
    }

    /// Sends all of `bytes`, waiting for buffer space as needed.
    /// - Returns: `false` when woken before everything was sent.
    static func send(_ bytes: [UInt8], fd: Int32, endpoint: String,
                     wake: GPSDWakeSignal) throws(GPSDConnectionError) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent >= 0 {
                offset += sent
            } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                if wait(fd: fd, events: Int16(POLLOUT), wake: wake, timeout: nil) == .woken { return false }
            } else {
                throw .ioFailed(endpoint: endpoint, message: systemErrorText(errno))
            }
        }
        return true
    }

    /// Waits until `fd` has one of `events` (or an error/hang-up), the wake signal fires, or the timeout passes.
    static func wait(fd: Int32, events: Int16, wake: GPSDWakeSignal, timeout: Duration?) -> Wait {
        var fds = [pollfd(fd: fd, events: events, revents: 0), pollfd(fd: wake.readFD, events: Int16(POLLIN), revents: 0)]
        let milliseconds = timeout.map { Int32(clamping: Int(durationSeconds($0) * 1000)) } ?? -1
        while true {
            let count = poll(&fds, 2, milliseconds)
            if count < 0 && errno == EINTR { continue }
            if fds[1].revents != 0 { return .woken }
            if count == 0 { return .timedOut }
            return .ready
        }
    }

}
