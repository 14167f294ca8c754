import Foundation
import PaceTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A tool the D-Bus tests need is missing; the message says what to install.
struct MissingTestTool: Error, CustomStringConvertible {
    var description: String
}

/// A private `dbus-daemon` for one test, started from a config in a temporary directory, and the
/// processes (the fake BlueZ) attached to it. ``stop()`` ends them all.
final class DBusTestBus: @unchecked Sendable {
    let directory: TemporaryDirectory
    /// The address the daemon printed, e.g. `unix:path=/tmp/…/bus,guid=…`.
    let address: String
    private var processes: [Process] = []

    /// The fake BlueZ script.
    static let fakeBlueZ = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ble/fake_bluez.py")

    /// Starts a daemon listening on a socket path, or in the abstract namespace.
    init(abstract: Bool = false) throws {
        let daemonPath = try Self.requireExecutable("dbus-daemon",
            install: "install the Debian package dbus-daemon (apt-get install dbus-daemon)")
        directory = try TemporaryDirectory()
        let listen = abstract ? "unix:abstract=pace-test-\(UUID().uuidString.prefix(8))" : "unix:path=\(directory.path("bus"))"
        let config = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>\(listen)</listen>
              <auth>EXTERNAL</auth>
              <limit name="auth_timeout">\(30_000 * TestTime.scale)</limit>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """
        try config.write(toFile: directory.path("bus.conf"), atomically: true, encoding: .utf8)
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: daemonPath)
        // The private config says <type>session</type>; `--session` would load the system session.conf as well.
        daemon.arguments = ["--print-address", "--nofork", "--config-file=\(directory.path("bus.conf"))"]
        let output = Pipe()
        daemon.standardOutput = output
        daemon.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try daemon.run()
        processes.append(daemon)
        do {
            address = try Self.readLine(output.fileHandleForReading, seconds: 10, what: "dbus-daemon's address")
        } catch {
            kill(daemon.processIdentifier, SIGKILL)
            daemon.waitUntilExit()
            directory.remove()
            throw error
        }
    }

    deinit {
        stop()
    }

    /// Starts the fake BlueZ on this bus and waits until it owns `org.bluez`.
    func startFakeBlueZ() throws {
        let python = try Self.requireExecutable("python3", install: "install python3 (apt-get install python3)")
        // Ask for the real interpreter: a pyenv-style shim would leave it orphaned when killed.
        let check = Process()
        check.executableURL = URL(fileURLWithPath: python)
        check.arguments = ["-c", "import sys, dbus_next; print(sys.executable)"]
        let checkOutput = Pipe()
        check.standardOutput = checkOutput
        check.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try check.run()
        let interpreter = (try? Self.readLine(checkOutput.fileHandleForReading, seconds: 15, what: "python3's sys.executable")) ?? ""
        check.waitUntilExit()
        guard check.terminationStatus == 0, !interpreter.isEmpty else {
            throw MissingTestTool(description: "the Python module dbus-next is missing for \(python); install it with `pip install dbus-next==0.2.3` (or the Debian package python3-dbus-next)")
        }
        let fake = Process()
        fake.executableURL = URL(fileURLWithPath: interpreter)
        fake.arguments = [Self.fakeBlueZ.path]
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        fake.environment = environment
        let output = Pipe()
        fake.standardOutput = output
        let log = directory.path("fake_bluez.log")
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        fake.standardError = FileHandle(forWritingAtPath: log)
        try fake.run()
        processes.append(fake)
        let line = try Self.readLine(output.fileHandleForReading, seconds: 15, what: "READY from fake_bluez.py")
        guard line == "READY" else {
            throw MissingTestTool(description: "fake_bluez.py printed '\(line)' instead of READY; see \(log)")
        }
    }

    /// What the fake BlueZ logged (calls and notifications), for failure messages.
    var fakeBlueZLog: String {
        (try? String(contentsOfFile: directory.path("fake_bluez.log"), encoding: .utf8)) ?? ""
    }

    /// Terminates every process and removes the directory.
    func stop() {
        // SIGKILL: children of the test runner inherit its blocked-signal mask, so SIGTERM may never arrive.
        for process in processes.reversed() where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        processes = []
        directory.remove()
    }

    /// The absolute path of `name` on PATH, or a failure naming what to install.
    static func requireExecutable(_ name: String, install: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw MissingTestTool(description: "\(name) is not on PATH; \(install)")
    }

    /// Reads one line from a pipe, waiting at most `seconds`.
    private static func readLine(_ handle: FileHandle, seconds: Double, what: String) throws -> String {
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(TestTime.seconds(seconds))
        while Date() < deadline {
            var descriptor = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(handle.fileDescriptor, &byte, 1) == 1 else {
                throw MissingTestTool(description: "the process closed its output before printing \(what)")
            }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        throw MissingTestTool(description: "timed out after \(seconds) s waiting for \(what)")
    }
}
