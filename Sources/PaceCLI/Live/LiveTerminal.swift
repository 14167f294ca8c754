import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a live recording writes: the dashboard while a terminal is attached, log lines after it
/// goes away (SIGHUP) or when there never was one.
///
/// Writes go straight to the file descriptor and ignore errors: after the terminal hangs up, writing
/// to it fails with `EIO`, and a recording must not die of that (Foundation's `FileHandle.write`
/// traps on a write error).
final class LiveTerminal: @unchecked Sendable {
    private let lock = NSLock()
    private var dashboard: Bool
    private let quiet: Bool

    /// Creates the output.
    /// - Parameters:
    ///   - interactive: Whether to draw the full-screen dashboard.
    ///   - quiet: Write nothing at all (tests driving a recording in-process).
    init(interactive: Bool, quiet: Bool = false) {
        dashboard = interactive && !quiet
        self.quiet = quiet
    }

    /// Whether the full-screen dashboard is drawn (false once the terminal has hung up).
    var interactive: Bool { lock.withLock { dashboard } }

    /// The terminal went away: from now on, log lines only.
    func hangUp() {
        lock.withLock { dashboard = false }
    }

    /// Writes a line to standard error (the log), ignoring failures.
    func log(_ text: String) {
        if quiet { return }
        Self.write(text.hasSuffix("\n") ? text : text + "\n", to: STDERR_FILENO)
    }

    /// Writes text to standard output, ignoring failures.
    func output(_ text: String) {
        if quiet { return }
        Self.write(text.hasSuffix("\n") ? text : text + "\n", to: STDOUT_FILENO)
    }

    /// Writes all of `text` to `fd`, retrying on interruption and giving up on any error.
    static func write(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
