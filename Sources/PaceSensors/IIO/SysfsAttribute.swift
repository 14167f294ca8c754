import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one sysfs attribute file (`/sys/bus/iio/devices/iio:device0/in_pressure_raw`,
/// `/sys/class/power_supply/BAT0/capacity`): opened, read whole and closed each time, because a
/// sysfs attribute is regenerated on every open. Shared by the IIO and power-supply sources.
enum SysfsAttribute {
    /// Why an attribute could not be read.
    enum Failure: Error, Hashable, Sendable {
        /// The file (or its device directory) does not exist: unplugged, driver unloaded, wrong path.
        case missing(path: String)
        /// It exists but reading failed (`EIO`, `EBUSY`, `EACCES`, …): `errno` names the error.
        case unreadable(path: String, errno: Int32)
        /// It was read but does not hold what was expected (`expected`: "a number" unless said).
        case garbage(path: String, text: String, expected: String = "a number")

        /// The counted reason key for a ``SkippedInput``.
        var reason: String {
            switch self {
            case .missing: "sysfs.missing"
            case .unreadable: "sysfs.unreadable"
            case .garbage: "sysfs.garbage"
            }
        }

        /// What went wrong and where, for a log line.
        var detail: String {
            switch self {
            case .missing(let path): "\(path) does not exist (device removed or driver unloaded?)"
            case .unreadable(let path, let code): "\(path) cannot be read: \(systemErrorText(code))"
            case .garbage(let path, let text, let expected): "\(path) holds '\(text.prefix(40))', not \(expected)"
            }
        }

        /// As skipped input.
        var skipped: SkippedInput { SkippedInput(reason: reason, detail: detail) }

        /// As a failure carrying the skipped input.
        var skip: Skip { Skip(skipped) }
    }

    /// Reads the attribute's text, without the trailing newline and surrounding blanks.
    static func text(_ path: String) -> Result<String, Failure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(failure(path, errno)) }
        defer { close(fd) }
        // An attribute is one short line; a stack buffer of a page holds any of them.
        let read: Result<String, Failure> = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { buffer in
            var count = 0
            while count < buffer.count {
                let got = systemRead(fd, buffer.baseAddress! + count, buffer.count - count)
                if got < 0 {
                    if errno == EINTR { continue }
                    return .failure(failure(path, errno))
                }
                if got == 0 { break }
                count += got
            }
            return .success(String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self))
        }
        guard case .success(let text) = read else { return read }
        return .success(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Reads the attribute as a finite decimal number (integer or fixed point, as sysfs prints them).
    static func number(_ path: String) -> Result<Double, Failure> {
        text(path).flatMap { text in
            guard let value = Double(text), value.isFinite else { return .failure(.garbage(path: path, text: text)) }
            return .success(value)
        }
    }

    /// Whether a file or directory exists at `path`.
    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// The names in a directory, or `nil` when it cannot be listed.
    static func entries(_ directory: String) -> [String]? {
        try? FileManager.default.contentsOfDirectory(atPath: directory)
    }

    private static func failure(_ path: String, _ code: Int32) -> Failure {
        switch code {
        case ENOENT, ENODEV, ENXIO, ENOTDIR: .missing(path: path)
        default: .unreadable(path: path, errno: code)
        }
    }
}

/// Skipped input as an `Error`, for `Result`s inside the samplers.
struct Skip: Error, Sendable {
    /// What was skipped and why.
    var input: SkippedInput

    init(_ input: SkippedInput) {
        self.input = input
    }
}

#if canImport(Glibc)
private let systemRead = Glibc.read
#elseif canImport(Darwin)
private let systemRead = Darwin.read
#endif
