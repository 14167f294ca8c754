public import Foundation

/// A fresh directory under the system's temporary directory, removed by ``remove()``.
///
/// ```swift
/// let directory = try TemporaryDirectory()
/// defer { directory.remove() }
/// let path = directory.path("health.sqlite")
/// ```
public struct TemporaryDirectory: Sendable {
    /// The directory's absolute path.
    public let url: URL

    /// Creates the directory.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("pace-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the directory.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Deletes the directory and everything in it.
    public func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Whether `a` and `b` differ by at most `relative` times the larger magnitude
/// (or by `absolute`, for values near zero).
public func isApproximatelyEqual(_ a: Double, _ b: Double, relative: Double = 1e-12, absolute: Double = 0) -> Bool {
    if a == b { return true }
    let difference = abs(a - b)
    return difference <= absolute || difference <= relative * max(abs(a), abs(b))
}
