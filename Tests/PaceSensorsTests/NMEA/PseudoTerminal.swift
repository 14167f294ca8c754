import Foundation
import Glibc
import PaceSensors

/// A pseudo-terminal pair standing in for a USB GPS: the test writes on the master, the source
/// reads the slave.
final class PseudoTerminal: Sendable {
    let master: Int32
    let slavePath: String

    // Glibc's Swift module does not export the XSI pty functions; look them up in libc.
    private typealias FDFunction = @convention(c) (Int32) -> Int32
    private typealias NameFunction = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32
    private static func libc<T>(_ name: String, as type: T.Type) -> T {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else { fatalError("libc has no \(name)") }
        return unsafeBitCast(symbol, to: type)
    }

    init() throws {
        // Close-on-exec: a process another test spawns meanwhile (a `pace serve`, say) must not
        // inherit the master and keep the line up after `close()` — the unplug would never show.
        master = Self.libc("posix_openpt", as: FDFunction.self)(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0, Self.libc("grantpt", as: FDFunction.self)(master) == 0,
              Self.libc("unlockpt", as: FDFunction.self)(master) == 0 else {
            throw NMEASourceError(code: .openFailed, message: "posix_openpt failed: errno \(errno)")
        }
        var name = [CChar](repeating: 0, count: 128)
        guard Self.libc("ptsname_r", as: NameFunction.self)(master, &name, name.count) == 0 else {
            throw NMEASourceError(code: .openFailed, message: "ptsname_r failed")
        }
        slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    /// Whether the other end has put the line in raw (non-canonical) mode, i.e. the source opened it.
    var isRaw: Bool {
        var settings = termios()
        return tcgetattr(master, &settings) == 0 && settings.c_lflag & tcflag_t(ICANON) == 0
    }

    func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
    }

    /// "Unplugs" the receiver.
    func close() { _ = Glibc.close(master) }
}
