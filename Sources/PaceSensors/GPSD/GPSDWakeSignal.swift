import Glibc

/// A self-pipe that wakes a thread blocked in `poll`: once ``signal()`` is called its read end
/// stays readable, so it doubles as a "stop" flag. The descriptors close when the last owner lets go.
final class GPSDWakeSignal: Sendable {
    /// The end to include in `poll` sets (readable once signalled).
    let readFD: Int32
    private let writeFD: Int32

    /// Creates the pipe, or returns `nil` when the process is out of file descriptors.
    init?() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        readFD = fds[0]
        writeFD = fds[1]
    }

    /// Wakes the thread; safe to call any number of times from any thread.
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    deinit {
        close(readFD)
        close(writeFD)
    }
}
