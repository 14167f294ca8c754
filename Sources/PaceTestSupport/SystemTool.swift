import Foundation
import PaceModel

/// Runs a program of the system (`mount`, `umount`, `chattr`) for a test that changes the machine
/// around a store: a tmpfs to fill, a disk remounted read-only, an immutable file.
///
/// ```swift
/// let mounted = try await SystemTool.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=3m", "tmpfs", disk])
/// defer { _ = try? SystemTool.runBlocking("/usr/bin/umount", [disk]) }
/// ```
public enum SystemTool {
    /// What a finished program returned.
    public struct Result: Sendable {
        /// The exit status.
        public var status: Int32
        /// Everything it wrote to standard error.
        public var standardError: String
    }

    /// Runs `path` with `arguments` and waits for it on a thread of its own, so that the test's
    /// task is suspended and the cooperative pool stays free.
    public static func run(_ path: String, _ arguments: [String]) async throws -> Result {
        try await ThreadBridge.run(label: "org.pace.test.system-tool") { () throws(any Error) in
            try runBlocking(path, arguments)
        }
    }

    /// Runs `path` with `arguments` and waits for it, blocking the calling thread (for a `defer`,
    /// which cannot wait for a task).
    public static func runBlocking(_ path: String, _ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let error = Pipe()
        process.standardError = error
        try process.run()
        // Read to the end first: a program that fills the pipe would otherwise never exit.
        let written = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, standardError: String(decoding: written, as: UTF8.self))
    }
}
