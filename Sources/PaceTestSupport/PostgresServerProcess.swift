public import Foundation
import Glibc

/// A real PostgreSQL server for the tests of the PostgreSQL backend, started from Debian's
/// `postgresql` package into a temporary directory and listening on 127.0.0.1 only.
///
/// `initdb` makes a cluster whose superuser is `postgres` with trust authentication (loopback and
/// the socket only, for this test's lifetime); `pg_ctl start -w` starts it on a free port, its
/// Unix socket in the same directory, and waits until it accepts connections; then a role
/// ``role`` (login, no superuser: row-level security holds it) and its database ``database`` are
/// created. As root (CI), the server runs as the `postgres` user through `runuser`, since
/// PostgreSQL refuses to run as root. ``stop()`` stops it (`pg_ctl stop -m immediate`) and removes
/// the directory.
///
/// ```swift
/// let server = try PostgresServerProcess.start()   // blocking: call it from a thread of its own
/// defer { server.stop() }
/// // connect to 127.0.0.1:server.port as server.role, database server.database
/// ```
public final class PostgresServerProcess: Sendable {
    /// PostgreSQL is not installed, or did not start.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong and what to do.
        public let description: String
    }

    /// The TCP port on 127.0.0.1.
    public let port: Int
    /// The role the tests connect as (no password, not a superuser).
    public let role = "pace"
    /// The database the role owns.
    public let database = "pace"
    /// The cluster's temporary directory (data, socket, log).
    public let directory: URL
    private let binaries: URL
    private let asUser: String?

    private init(port: Int, directory: URL, binaries: URL, asUser: String?) {
        self.port = port
        self.directory = directory
        self.binaries = binaries
        self.asUser = asUser
    }

    /// The newest `/usr/lib/postgresql/<version>/bin` that holds `initdb` and `pg_ctl`.
    ///
    /// - Throws: ``Failure`` when PostgreSQL is not installed.
    public static func binaries() throws -> URL {
        let root = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        let found = versions.compactMap { version -> (Int, URL)? in
            let bin = root.appendingPathComponent(version).appendingPathComponent("bin")
            guard let number = Int(version.split(separator: ".").first ?? ""),
                  FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent("initdb").path),
                  FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent("pg_ctl").path) else { return nil }
            return (number, bin)
        }
        guard let newest = found.max(by: { $0.0 < $1.0 }) else {
            throw Failure(description: "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): install Debian's postgresql package (Scripts/setup.sh test) to run the PostgreSQL backend's tests")
        }
        return newest.1
    }

    /// Starts a new cluster and waits until it accepts connections. Blocking: call it from a thread
    /// of its own, never from Swift's cooperative pool.
    ///
    /// The suite's other servers pick free ports too: when the port picked is taken before the
    /// server binds it, the cluster is started again on another, up to three times.
    ///
    /// - Parameter pickPort: Gives the port of each attempt; a free one by default.
    /// - Throws: ``Failure`` when PostgreSQL is missing or does not start.
    public static func start(pickPort: () throws -> UInt16 = GPSFakeProcess.freePort) throws -> PostgresServerProcess {
        let binaries = try binaries()
        var attempt = 1
        while true {
            do {
                return try start(binaries: binaries, port: Int(try pickPort()))
            } catch let failure as PortTaken {
                guard attempt < 3 else { throw Failure(description: failure.description) }
                attempt += 1
            }
        }
    }

    /// The port picked for a cluster was taken before it could bind it.
    private struct PortTaken: Error, CustomStringConvertible {
        let description: String
    }

    private static func start(binaries: URL, port: Int) throws -> PostgresServerProcess {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pace-postgres-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let asUser: String? = getuid() == 0 ? "postgres" : nil
        if let asUser {
            try runTool(URL(fileURLWithPath: "/bin/chown"), ["-R", asUser, directory.path], as: nil, what: "chown")
        }
        let server = PostgresServerProcess(port: port, directory: directory, binaries: binaries,
                                           asUser: asUser)
        do {
            try server.tool("initdb", ["-D", server.data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"])
            let options = "-p \(server.port) -k \(directory.path) -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
            try server.tool("pg_ctl", ["-D", server.data, "-l", directory.appendingPathComponent("server.log").path, "-w", "-t", "60",
                                       "-o", options, "start"])
            let psql = binaries.appendingPathComponent("psql")
            for statement in ["CREATE ROLE \(server.role) LOGIN", "CREATE DATABASE \(server.database) OWNER \(server.role)"] {
                try runTool(psql, ["-h", "127.0.0.1", "-p", String(server.port), "-U", "postgres", "-d", "postgres",
                                   "-v", "ON_ERROR_STOP=1", "-q", "-c", statement], as: nil, what: "psql")
            }
        } catch {
            let log = (try? String(contentsOf: directory.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
            server.stop()
            if log.contains("Address already in use") {
                throw PortTaken(description: "port \(server.port) was taken before PostgreSQL could bind it: \(error)")
            }
            throw error
        }
        return server
    }

    /// Stops the server at once and removes its directory; blocking.
    public func stop() {
        try? tool("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(at: directory)
    }

    private var data: String { directory.appendingPathComponent("data").path }

    /// Runs one of PostgreSQL's programs as the server's user.
    private func tool(_ name: String, _ arguments: [String]) throws {
        try Self.runTool(binaries.appendingPathComponent(name), arguments, as: asUser, what: name)
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc
    /// module does not import: looked up once; `nil` on an older C library.
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// Runs `executable` (as `user` through `runuser` when given), its output to a file, and waits
    /// for it with `waitpid`.
    ///
    /// Not Foundation's `Process`: on Linux it learns of a child's end through a descriptor the child
    /// inherits, which `pg_ctl start`'s server (a grandchild that lives on) would hold open forever.
    /// The child gets standard input, output and error only: every other descriptor is closed in it.
    private static func runTool(_ executable: URL, _ arguments: [String], as user: String?, what: String) throws {
        let command = user.map { ["/usr/sbin/runuser", "-u", $0, "--", executable.path] } ?? [executable.path]
        let argv = command + arguments
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("pace-postgres-\(what)-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else of this process: a listening socket a test's server holds while the cluster
        // starts would stay open in the server (a grandchild that lives on) after the test closed
        // it, its port bound and answering no one (LivePublisherTests hung on one).
        _ = closeFrom?(&actions, 3)
        var pid = pid_t()
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArguments, environ)
        guard spawned == 0 else {
            throw Failure(description: "Cannot run \(what) (\(argv[0])): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        let exited = status & 0x7f == 0, code = (status >> 8) & 0xff
        guard exited && code == 0 else {
            throw Failure(description: "\(what) failed (wait status \(status)): \(text.suffix(2_000))")
        }
    }
}
