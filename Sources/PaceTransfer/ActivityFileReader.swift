public import Foundation
public import PaceFormats

/// A file the import flow could not read: which file and why, in the reader's own words.
public struct FileImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// What was wrong, with position, and what to do.
    public var message: String
    /// `path: message`.
    public var description: String { message.hasPrefix(path) ? message : "\(path): \(message)" }
}

/// The activities read from one file, with the file's content identifier.
public struct ActivityFile: Sendable {
    /// The file.
    public var path: String
    /// The activities it holds (a GPX may hold several tracks, a TCX several activities).
    public var activities: [RecordedActivity]
    /// Warnings the reader raised (values skipped on purpose), one line each.
    public var warnings: [String]
    /// A stable identifier of the file's bytes (64-bit FNV-1a and length, hex), used to
    /// recognise a re-import of a file whose activities carry no identifier of their own.
    public var contentIdentifier: String
}

/// Reads any supported activity file by its extension: `.gpx`, `.tcx`, `.fit`.
public enum ActivityFileReader {
    /// The largest activity file imported, in bytes (1 GiB): a file becomes one workout held in
    /// memory while it is converted. The readers themselves stream any size (docs/BENCHMARKS.md).
    public static let maximumFileSize: UInt64 = 1 << 30

    /// The file extensions the import flow reads (lower case).
    public static let supportedExtensions: Set<String> = ["gpx", "tcx", "fit"]

    /// Reads one file.
    ///
    /// - Parameter url: The file.
    /// - Throws: ``FileImportError`` naming the file and the reader's reason.
    public static func read(_ url: URL) throws(FileImportError) -> ActivityFile {
        let path = url.path
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.uint64Value ?? 0
        guard size <= maximumFileSize else {
            throw FileImportError(path: path, message: String(format: "is %.1f GiB; an activity file is imported as one workout held in memory, "
                + "and Pace accepts up to %.0f GiB (a day at 1 Hz is about 30 MB). Split it into one file per activity "
                + "(e.g. `gpsbabel -i gpx -f big.gpx -x track,pack,split=1h -o gpx -F part.gpx`).",
                Double(size) / 1_073_741_824, Double(maximumFileSize) / 1_073_741_824))
        }
        let identifier: String
        do { identifier = try contentIdentifier(ofFileAt: url) } catch {
            throw FileImportError(path: path, message: "cannot be read (\(error.localizedDescription)); check the path and its permissions")
        }
        // Each reader streams the file from disk: a file is never held whole in memory.
        switch url.pathExtension.lowercased() {
        case "gpx":
            let input = try source(url, path)
            do {
                let document = try GPXReader().read(source: input, file: path)
                let warnings = document.warnings.map { "\(path):\($0.line): \($0.message)" }
                return ActivityFile(path: path, activities: document.tracks, warnings: warnings, contentIdentifier: identifier)
            } catch { throw FileImportError(path: path, message: error.description) }
        case "tcx":
            let input = try source(url, path)
            do {
                let document = try TCXReader().read(source: input, fileName: path)
                let warnings = document.warnings.map { "\(path):\($0.line): \($0.reason)" }
                return ActivityFile(path: path, activities: document.activities.map(\.recorded), warnings: warnings,
                                    contentIdentifier: identifier)
            } catch { throw FileImportError(path: path, message: error.description) }
        case "fit":
            do {
                let activity = try FITActivityReader().read(contentsOf: url)
                return ActivityFile(path: path, activities: [activity], warnings: [], contentIdentifier: identifier)
            } catch { throw FileImportError(path: path, message: error.description) }
        default:
            throw FileImportError(path: path, message: "is not a GPX, TCX or FIT file (by its extension); convert it or rename it")
        }
    }

    private static func source(_ url: URL, _ path: String) throws(FileImportError) -> FileByteSource {
        do { return try FileByteSource(url: url) } catch {
            throw FileImportError(path: path, message: "cannot be read (\(error.localizedDescription)); check the path and its permissions")
        }
    }

    /// ``contentIdentifier(of:)`` of a file, read in 1 MiB chunks.
    public static func contentIdentifier(ofFileAt url: URL) throws -> String {
        let source = try FileByteSource(url: url)
        var hash = fnvOffset
        var count = 0
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let read = try source.read(into: buffer)
            if read == 0 { break }
            for byte in buffer[..<read] {
                hash ^= UInt64(byte)
                hash &*= fnvPrime
            }
            count += read
        }
        return String(hash, radix: 16) + "-" + String(count)
    }

    private static let fnvOffset: UInt64 = 0xCBF2_9CE4_8422_2325
    private static let fnvPrime: UInt64 = 0x0000_0100_0000_01B3

    /// 64-bit FNV-1a of the bytes and their count, in hex: not a security hash, a de-duplication key.
    public static func contentIdentifier(of data: Data) -> String {
        var hash = fnvOffset
        data.withUnsafeBytes { bytes in
            for byte in bytes {
                hash ^= UInt64(byte)
                hash &*= fnvPrime
            }
        }
        return String(hash, radix: 16) + "-" + String(data.count)
    }
}
