public import Foundation
import Glibc

/// A real gpsd fed by `gpsfake` (Debian package gpsd-clients; gpsd itself from package gpsd), run as
/// a child process for the live tests (PaceSensors', CoreLocation's), and stopped — with its gpsd — by process id.
///
/// gpsfake starts gpsd (`gpsd -b -N -S <port> -F <socket>`) with a pseudo-terminal as its device and
/// writes the log to it. Without `-n` gpsd opens that device only when a client sends WATCH, so
/// sentences written before are lost: tests compare against a contiguous run of the oracle.
public final class GPSFakeProcess: @unchecked Sendable {
    /// A tool the live tests need is not installed.
    public struct MissingTool: Error, CustomStringConvertible {
        /// The executable, e.g. `gpsfake`.
        public let tool: String
        /// The Debian package that installs it.
        public let package: String
        /// What is missing and how to install it.
        public var description: String {
            "\(tool) is not installed (searched PATH, /usr/sbin, /usr/bin): install the Debian package \(package) (apt-get install gpsd gpsd-clients) to run the gpsd live tests"
        }
    }

    /// gpsfake did not come up.
    public struct StartFailure: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// gpsd's TCP port.
    public let port: UInt16
    private let process: Process
    private let workDirectory: URL
    private let stderrURL: URL

    /// Finds an executable on PATH or in /usr/sbin, /usr/bin.
    public static func locate(_ tool: String, package: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin"] {
            let candidate = URL(fileURLWithPath: directory).appendingPathComponent(tool)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw MissingTool(tool: tool, package: package)
    }

    /// Fails (throws ``MissingTool``) unless both gpsd and gpsfake are installed.
    public static func requireTools() throws -> URL {
        _ = try locate("gpsd", package: "gpsd")
        return try locate("gpsfake", package: "gpsd-clients")
    }

    /// A TCP port nothing listens on right now (bound to 0, read back, released).
    public static func freePort() throws -> UInt16 {
        let (fd, port) = try loopbackSocket(listening: nil)
        close(fd)
        return port
    }

    /// A TCP socket bound to a free port on 127.0.0.1, listening when `backlog` is given.
    /// - Returns: The descriptor (the caller closes it) and the port.
    public static func loopbackSocket(listening backlog: Int32?) throws -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw StartFailure(description: "socket(): \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(fd, socketAddress, length) == 0 && (backlog.map { listen(fd, $0) == 0 } ?? true)
                    && getsockname(fd, socketAddress, &length) == 0
            }
        }
        guard ready else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw StartFailure(description: "cannot bind\(backlog == nil ? "" : " and listen") on 127.0.0.1: \(reason)")
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    /// Starts `gpsfake` on `port` with `log`.
    /// - Parameters:
    ///   - log: The NMEA log.
    ///   - port: gpsd's TCP port.
    ///   - singleShot: Play the log once (`-1`) instead of cycling it.
    ///   - sentenceDelay: Seconds between sentences (`-c`).
    public init(log: URL, port: UInt16, singleShot: Bool, sentenceDelay: Double) throws {
        let gpsfake = try Self.requireTools()
        self.port = port
        workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("pace-gpsfake-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        stderrURL = workDirectory.appendingPathComponent("gpsfake.stderr")
        guard FileManager.default.createFile(atPath: stderrURL.path, contents: nil) else {
            throw StartFailure(description: "cannot create \(stderrURL.path)")
        }
        process = Process()
        process.executableURL = gpsfake
        process.arguments = (singleShot ? ["-1"] : []) + ["-q", "-c", String(sentenceDelay), "-P", String(port), log.path]
        var environment = ProcessInfo.processInfo.environment
        // gpsfake starts "gpsd" from PATH; Debian installs it in /usr/sbin, which user PATHs often lack.
        environment["PATH"] = (environment["PATH"].map { $0 + ":" } ?? "") + "/usr/sbin:/usr/bin"
        environment["TMPDIR"] = workDirectory.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        try process.run()
    }

    /// What gpsfake and gpsd wrote to stderr (gpsd always complains about D-Bus in containers).
    public var stderr: String {
        (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
    }

    /// Starts gpsfake on a free port and waits until its gpsd greets, trying another free port when
    /// the first is taken meanwhile (the suite's PostgreSQL and HTTP servers pick free ports too).
    /// - Parameters:
    ///   - log: The NMEA log.
    ///   - singleShot: Play the log once (`-1`) instead of cycling it.
    ///   - sentenceDelay: Seconds between sentences (`-c`).
    ///   - attempts: How many ports to try.
    /// - Returns: A running gpsfake whose gpsd answers on ``port``.
    public static func start(log: URL, singleShot: Bool, sentenceDelay: Double, attempts: Int = 3) async throws -> GPSFakeProcess {
        var failures: [String] = []
        for _ in 0..<max(1, attempts) {
            let fake = try GPSFakeProcess(log: log, port: try freePort(), singleShot: singleShot, sentenceDelay: sentenceDelay)
            do {
                try await fake.waitUntilListening()
                return fake
            } catch let failure as StartFailure {
                fake.stop()
                failures.append(failure.description)
            }
        }
        throw StartFailure(description: "gpsd did not start on any of \(failures.count) ports: \(failures.joined(separator: "; "))")
    }

    /// Waits until gpsd itself answers on ``port``: a connection that gets gpsd's greeting (its
    /// `VERSION` object), not merely one that is accepted — another process may hold the port on
    /// 127.0.0.1 (gpsd then binds only IPv6 and carries on).
    public func waitUntilListening(timeout: Duration = .seconds(15)) async throws {
        let deadline = ContinuousClock.now + TestTime.duration(timeout)
        var silentAccepts = 0
        while ContinuousClock.now < deadline {
            guard process.isRunning else {
                throw StartFailure(description: "gpsfake exited (status \(process.terminationStatus)) before gpsd listened on port \(port): \(stderr)")
            }
            switch Self.greeting(port: port) {
            case .refused:
                break
            case .greeted(let text) where text.contains("\"class\":\"VERSION\""):
                return
            case .greeted(let text):
                throw StartFailure(description: "port \(port) is held by another server (it greeted \(text.prefix(80).debugDescription)), not gpsd: \(stderr)")
            case .silent:
                // gpsd greets at once; a listener that stays silent three times over is another server.
                silentAccepts += 1
                if silentAccepts >= 3 {
                    throw StartFailure(description: "port \(port) is held by another server (it accepts but never greets as gpsd): \(stderr)")
                }
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw StartFailure(description: "gpsd did not listen on port \(port) within \(timeout): \(stderr)")
    }

    /// What a connection to a TCP server found.
    public enum Greeting: Equatable, Sendable {
        /// Nothing accepted the connection in time.
        case refused
        /// The connection was accepted but nothing arrived in time.
        case silent
        /// The server's first bytes, as UTF-8.
        case greeted(String)
    }

    /// What a server on 127.0.0.1:`port` sends first; each step (connecting, the first bytes) waits at
    /// most `seconds`, so a listener that never accepts cannot hang the caller.
    public static func greeting(port: UInt16, seconds: Int = 2) -> Greeting {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return .refused }
        defer { close(fd) }
        guard connect(fd, port: port, seconds: seconds) else { return .refused }
        var pending = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&pending, 1, Int32(seconds * 1000)) == 1 else { return .silent }
        var bytes = [UInt8](repeating: 0, count: 512)
        let count = bytes.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        return count > 0 ? .greeted(String(decoding: bytes[..<count], as: UTF8.self)) : .silent
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port` within two seconds.
    public static func accepts(port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return connect(fd, port: port, seconds: 2)
    }

    /// Connects `fd` to 127.0.0.1:`port` without blocking longer than `seconds` (a full accept queue
    /// would otherwise hold `connect` for minutes of SYN retries); leaves `fd` non-blocking.
    private static func connect(_ fd: Int32, port: UInt16, seconds: Int) -> Bool {
        guard fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) == 0 else { return false }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        let started = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 || errno == EINPROGRESS
            }
        }
        guard started else { return false }
        var pending = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        guard poll(&pending, 1, Int32(seconds * 1000)) == 1 else { return false }
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length) == 0 && failure == 0
    }

    /// Stops gpsfake and the gpsd it started, by process id; safe to call more than once.
    ///
    /// gpsfake's SIGTERM handler kills and reaps its gpsd but gpsfake itself may then block forever
    /// writing to the pseudo-terminal nobody reads, so it is killed once its gpsd is gone.
    public func stop() {
        defer { try? FileManager.default.removeItem(at: workDirectory) }
        guard process.isRunning else { return }
        let root = process.processIdentifier
        let children = Self.descendants(of: root)
        kill(root, SIGTERM)
        Self.wait(seconds: 3) { !children.contains(where: Self.isAlive) }
        for pid in children where Self.isAlive(pid) { kill(pid, SIGKILL) }
        Self.wait(seconds: 0.5) { !self.process.isRunning }
        if process.isRunning { kill(root, SIGKILL) }
        process.waitUntilExit()
    }

    private static func wait(seconds: Double, until done: () -> Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, !done() { usleep(20_000) }
    }

    deinit {
        stop()
    }

    /// Whether `pid` exists and is not a zombie.
    private static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(close, offsetBy: 2)...].prefix(1)
        return state != "Z" && state != "X"
    }

    /// Every process below `root`, from /proc.
    private static func descendants(of root: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        var parents: [pid_t: pid_t] = [:]
        for entry in entries {
            guard let pid = pid_t(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 2, let parent = pid_t(fields[1]) { parents[pid] = parent }
        }
        var result: [pid_t] = []
        var frontier = [root]
        while let parent = frontier.popLast() {
            let children = parents.filter { $0.value == parent }.map(\.key)
            result += children
            frontier += children
        }
        return result
    }
}
