import Foundation
import PaceTestSupport

/// A fake sysfs tree in a temporary directory: attribute files written as the kernel prints them
/// (text and a newline), removed and rewritten to simulate unplugging and garbage.
struct FakeSysfsTree {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// The tree's root.
    var root: String { directory.url.path }

    /// Writes `value` and a newline to `relative` (creating directories).
    func write(_ relative: String, _ value: String) throws {
        let url = directory.url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((value + "\n").utf8).write(to: url)
    }

    /// Writes several attributes of one directory.
    func write(in folder: String, _ attributes: [String: String]) throws {
        for (name, value) in attributes { try write("\(folder)/\(name)", value) }
    }

    /// Removes a file or directory.
    func remove(_ relative: String) throws {
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent(relative))
    }

    /// Renames a file or directory (unplug without losing its contents).
    func move(_ from: String, to: String) throws {
        try FileManager.default.moveItem(at: directory.url.appendingPathComponent(from), to: directory.url.appendingPathComponent(to))
    }
}
