import Foundation
import PaceFormats

/// What a path given to an import is (each case holds the path as given): the decision every front end (the CLI, the server's
/// uploads) needs before anything is read.
public enum ImportInput: Hashable, Sendable {
    /// Apple Health's `export.zip`, a folder holding `export.xml`, or an `export.xml` (also renamed:
    /// any `.xml` whose document is `HealthData`).
    case appleHealthExport(String)
    /// A `.zip` that is not an Apple Health export: an archive of activity files (Strava's bulk
    /// export, a zipped folder of rides).
    case activityArchive(String)
    /// One GPX, TCX or FIT file, possibly gzip-compressed; or a path that does not exist, which the
    /// import then rejects with the reader's own error.
    case activityFile(String)

    /// The inputs the paths name, in the order the import runs them: Apple Health exports, then
    /// activity files, then archives. A folder that is not an export stands for the supported files
    /// under it (recursively, sorted by path).
    public static func classify(_ paths: [String]) -> [ImportInput] {
        let exports = paths.filter(isAppleHealthExport)
        let archives = paths.filter { !exports.contains($0) && isActivityArchive($0) }
        let files = expand(paths.filter { !exports.contains($0) && !archives.contains($0) })
        return exports.map(ImportInput.appleHealthExport) + files.map { .activityFile($0.path) } + archives.map(ImportInput.activityArchive)
    }

    /// Whether `path` is an archive of activities: a `.zip` file that is not an Apple Health export.
    public static func isActivityArchive(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return ActivityFileReader.isArchive(path) && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            && !isDirectory.boolValue
    }

    /// Whether `path` is an Apple Health export: a `.zip` holding `export.xml`, a folder containing
    /// `export.xml`, a file named `export.xml`, or an `.xml` file whose document is `HealthData`.
    public static func isAppleHealthExport(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return false }
        if !isDirectory.boolValue, ActivityFileReader.isArchive(path) {
            // A zip without export.xml is an archive of activities; one that cannot be opened at all
            // goes the Apple Health way, whose errors say what is wrong with it.
            return (try? AppleHealthExportArchive.holdsExportXML(URL(fileURLWithPath: path))) ?? true
        }
        if isDirectory.boolValue {
            return FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent("export.xml"))
        }
        if (path as NSString).lastPathComponent == "export.xml" { return true }
        return (path as NSString).pathExtension.lowercased() == "xml" && startsAsHealthData(path)
    }

    /// Whether an XML file renamed from `export.xml` is one: its document element (or the DOCTYPE
    /// naming it, which Apple's export puts first, with a DTD of a few kilobytes) is `HealthData`,
    /// within the first 64 KiB.
    static func startsAsHealthData(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 1 << 16) else { return false }
        let text = String(decoding: head, as: UTF8.self)
        return text.contains("<HealthData") || text.contains("<!DOCTYPE HealthData")
    }

    /// Files named, and supported files found (recursively, sorted) in folders named.
    static func expand(_ paths: [String]) -> [URL] {
        var files: [URL] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                files.append(URL(fileURLWithPath: path))
                continue
            }
            let found = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
            files += found.sorted()
                .filter(ActivityFileReader.isSupported)
                .map { URL(fileURLWithPath: path).appendingPathComponent($0) }
        }
        return files
    }
}
