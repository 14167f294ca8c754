import Foundation
import PaceModel
#if canImport(Glibc)
import Glibc
#endif

/// Progress on standard error: on a terminal, one line redrawn in place (with a bar when the total
/// is known); anywhere else (a log file, a pipe, systemd's journal) one plain line per step, so the
/// record stays readable.
///
/// Shared with the import's reading thread, so the one field that changes is under a lock.
final class ProgressLine: Sendable {
    /// Whether the line is redrawn in place.
    let isTerminal: Bool
    private let write: @Sendable (String) -> Void
    private let drawn = Locked(false)

    /// - Parameters:
    ///   - isTerminal: Redraw in place (default: standard error is a terminal).
    ///   - write: Where the text goes (default: standard error).
    init(isTerminal: Bool = isatty(STDERR_FILENO) == 1,
         write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }) {
        self.isTerminal = isTerminal
        self.write = write
    }

    /// Shows the progress: `terminal` redrawn in place on a terminal, else `plain` as a line of its own.
    func update(terminal: @autoclosure () -> String, plain: @autoclosure () -> String) {
        if isTerminal {
            // Carriage return, then erase the line: the new text replaces the old one.
            write("\r\u{1B}[2K" + terminal())
            drawn.withLock { $0 = true }
        } else {
            write(plain() + "\n")
        }
    }

    /// Ends the line drawn in place, so what follows starts on a line of its own.
    func finish() {
        if drawn.withLock({ was in defer { was = false }; return was }) { write("\n") }
    }

    /// `[#########---------------]`: `done` of `total` as a bar of `width` cells.
    static func bar(done: Int, total: Int, width: Int = 24) -> String {
        let filled = total <= 0 ? width : min(width, max(0, done * width / total))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
    }
}
