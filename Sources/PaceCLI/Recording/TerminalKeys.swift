import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Single key presses from a terminal, without waiting for Return: puts standard input in
/// non-canonical, no-echo mode and restores it when stopped.
final class TerminalKeys: @unchecked Sendable {
    private var saved = termios()
    private var active = false

    /// Whether standard input and output are both terminals (a dashboard makes sense).
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// Starts delivering keys to `handler` on a background thread.
    func start(_ handler: @escaping @Sendable (Character) -> Void) {
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 else { return }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return }
        active = true
        let thread = Thread {
            var byte: UInt8 = 0
            while read(STDIN_FILENO, &byte, 1) == 1 {
                handler(Character(Unicode.Scalar(byte)))
            }
        }
        thread.start()
    }

    /// Restores the terminal's mode.
    func stop() {
        guard active else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
        active = false
    }
}
