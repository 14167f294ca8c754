public import Foundation
public import PaceFormats

/// A file the import flow could not read: an ``ImportProblem`` naming the file, with its code and,
/// when the reader knows it, the position.
public typealias FileImportError = ImportProblem

/// The activities read from one file, with the file's content identifier.
public struct ActivityFile: Sendable {
    /// The file.
    public var path: String
    /// The activities it holds (a TCX may hold several activities; a GPX's tracks of one outing are
    /// joined into one by ``TrackJoinRule``, and its empty tracks are left out).
    public var activities: [RecordedActivity]
    /// Warnings the reader raised (values skipped on purpose), one line each.
    public var warnings: [String]
    /// A stable identifier of the file's bytes (64-bit FNV-1a and length, hex), used to
    /// recognise a re-import of a file whose activities carry no identifier of their own.
    public var contentIdentifier: String
    /// What the file holds besides its activities, one sentence each: tracks joined into one
    /// workout, empty tracks left out, or — for a file with no recorded track — what it holds
    /// instead (a route without times, waypoints) and that there is nothing to import.
    public var notes: [String] = []
    /// The file's one activity read in passes instead of held (``ActivityFileReader/outline(_:)``);
    /// ``activities`` is empty then.
    public var stream: ActivityStream?
}

/// Reads any supported activity file by its extension: `.gpx`, `.tcx`, `.fit`, each also gzip-compressed
/// (`.gpx.gz`, `.tcx.gz`, `.fit.gz`, as Strava's bulk export and many tools write them).
public enum ActivityFileReader {
    /// The largest activity file imported, in bytes (1 GiB; for a compressed file, what it expands
    /// to). A file of one time-ordered activity is imported in passes in bounded memory
    /// (``outline(_:)``), but any other (several GPX tracks, TCX, records out of order) is held
    /// whole while it is converted, and no real recording comes near this size (a day at 1 Hz is
    /// about 30 MB of GPX).
    public static let maximumFileSize: UInt64 = 1 << 30

    /// The file extensions the import flow reads (lower case), each also with `.gz` after it.
    public static let supportedExtensions: Set<String> = ["gpx", "tcx", "fit"]

    /// How FIT files are read: a recording cut short (the battery died, the device crashed) keeps
    /// what it recorded, with a warning saying where it ends; corruption anywhere else is refused.
    static let fitReader = FITActivityReader(decoder: FITDecoder(options: .init(validateCRC: true, allowTruncation: true,
                                                                                 keepMessagesBeforeDamage: true)))

    /// Which tracks of a GPX file are one workout (DECISIONS 91).
    public static let trackJoin = TrackJoinRule()

    /// The format a path names by its extension, looking through a `.gz` suffix.
    ///
    /// `ride.GPX` → `("gpx", false)`, `ride.fit.gz` → `("fit", true)`; `nil` for anything else.
    /// - Parameter path: A file name or path.
    public static func format(ofPath path: String) -> (fileExtension: String, compressed: Bool)? {
        let name = path as NSString
        let outer = name.pathExtension.lowercased()
        if supportedExtensions.contains(outer) { return (outer, false) }
        guard outer == "gz" else { return nil }
        let inner = (name.deletingPathExtension as NSString).pathExtension.lowercased()
        return supportedExtensions.contains(inner) ? (inner, true) : nil
    }

    /// Whether ``read(_:)`` reads the file at `path`, judged by its name.
    /// - Parameter path: A file name or path.
    public static func isSupported(_ path: String) -> Bool { format(ofPath: path) != nil }

    /// Reads one file.
    ///
    /// A FIT file cut short (a recording that stopped when the battery died) is read up to the cut,
    /// with a warning naming the byte where it ends. A compressed file is decompressed while it is
    /// read (never to disk), limited to ``maximumFileSize`` and to a 1000:1 expansion. Its content
    /// identifier is that of the decompressed bytes, so `ride.gpx` and `ride.gpx.gz` are recognised
    /// as the same file.
    ///
    /// - Parameter url: The file.
    /// - Throws: ``FileImportError`` naming the file and the reader's reason.
    public static func read(_ url: URL) throws(FileImportError) -> ActivityFile {
        let (format, open) = try opener(for: url)
        return try read(path: url.path, format: format, open: open)
    }

    /// Checks a plain file (it exists, its extension, its size) and returns its format and how to
    /// open its bytes (decompressing a `.gz`).
    static func opener(for url: URL) throws(FileImportError)
        -> (format: (fileExtension: String, compressed: Bool), open: @Sendable () throws(FileImportError) -> any ByteSource) {
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else {
            throw FileImportError(code: .missingFile, file: path, message: "does not exist; check the path")
        }
        guard let format = format(ofPath: path) else {
            throw FileImportError(code: .unsupportedFile, file: path, message: "is not a GPX, TCX or FIT file (by its extension, optionally .gz), nor an "
                + "Apple Health export or a zip of activities; convert it or rename it")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.uint64Value ?? 0
        try checkSize(size, path: path)
        return (format, { @Sendable () throws(FileImportError) -> any ByteSource in
            let file: FileByteSource
            do { file = try FileByteSource(url: url) } catch {
                throw FileImportError(code: .unreadableFile, file: path, message: "cannot be read (\(error.localizedDescription)); check the path and its permissions")
            }
            return format.compressed ? GzipByteSource(file, maximumOutputBytes: maximumFileSize) : file
        })
    }

    /// Whether `path` names a zip archive (by its extension).
    /// - Parameter path: A file name or path.
    public static func isArchive(_ path: String) -> Bool {
        (path as NSString).pathExtension.lowercased() == "zip"
    }

    /// Reads the activity files inside a zip archive — Strava's bulk export (`activities/*.fit.gz`,
    /// `*.gpx`, `*.tcx.gz`), a folder of rides zipped — one at a time, in archive order, each
    /// streamed out of the archive (never extracted) and read as ``read(_:)`` reads a file.
    ///
    /// Entries that are not activity files (`activities.csv`, photos, `__MACOSX/`) are passed over.
    /// Each activity file is reported to `handler` as read or refused, labelled
    /// `ARCHIVE/ENTRY` (for example `export_12345.zip/activities/123.fit.gz`); one bad entry does not
    /// stop the others.
    ///
    /// - Parameters:
    ///   - url: The `.zip`.
    ///   - limits: The archive limits (zip-bomb and size defences).
    ///   - handler: Called once per activity file in the archive, with its label, how many activity
    ///     files the archive holds, and what reading it gave.
    /// - Returns: How many activity files the archive holds.
    /// - Throws: ``FileImportError`` when the archive itself cannot be opened or is refused (a zip-slip
    ///   name, an encrypted entry, a damaged directory) — then no entry was read.
    @discardableResult
    public static func readArchive(_ url: URL, limits: ZipLimits = ZipLimits(),
                                   handler: (_ label: String, _ total: Int, _ result: Result<ActivityFile, FileImportError>) -> Void) throws(FileImportError) -> Int {
        let archive: ZipArchive
        do {
            archive = try ZipArchive(url: url, limits: limits)
        } catch {
            throw FileImportError(code: .invalidArchive, file: url.path, message: error.message)
        }
        let entries = archive.filePaths.filter { !$0.hasPrefix("__MACOSX/") && isSupported($0) }
        for entry in entries {
            let label = url.path + "/" + entry
            let format = format(ofPath: entry)!
            handler(label, entries.count, Result { () throws(FileImportError) -> ActivityFile in
                try checkSize(archive.declaredSize(ofEntry: entry) ?? 0, path: label)
                return try read(path: label, format: format) { () throws(FileImportError) -> any ByteSource in
                    let source: ZipEntryByteSource
                    do throws(ZipArchiveError) { source = try archive.source(ofEntry: entry, maximumBytes: maximumFileSize) } catch {
                        throw FileImportError(code: .invalidArchive, file: label, message: error.message)
                    }
                    return format.compressed ? GzipByteSource(source, maximumOutputBytes: maximumFileSize) : source
                }
            })
        }
        return entries.count
    }

    private static func checkSize(_ size: UInt64, path: String) throws(FileImportError) {
        guard size > maximumFileSize else { return }
        throw FileImportError(code: .fileTooLarge, file: path, message: String(format: "is %.1f GiB; Pace accepts activity files of up to %.0f GiB "
            + "(a day recorded at 1 Hz is about 30 MB), so this is several activities or not a recording. Split it into one file per activity "
            + "(e.g. `gpsbabel -i gpx -f big.gpx -x track,pack,split=1h -o gpx -F part.gpx`).",
            Double(size) / 1_073_741_824, Double(maximumFileSize) / 1_073_741_824))
    }

    /// Reads the bytes `open` gives (twice: once for the content identifier, which also checks a
    /// compressed stream to its end before anything is parsed, once to parse).
    private static func read(path: String, format: (fileExtension: String, compressed: Bool),
                             open: () throws(FileImportError) -> any ByteSource) throws(FileImportError) -> ActivityFile {
        let identifier = try identify(path: path, open: open)
        // Each reader streams its source: a file is never held whole in memory.
        let input = try open()
        switch format.fileExtension {
        case "gpx":
            do {
                let document = try GPXReader().read(source: input, file: path)
                let warnings = warnings(of: document, path: path)
                var (activities, notes) = trackJoin.join(document.tracks)
                if let contents = GPXContentNote.note(for: document) { notes.append(contents) }
                return ActivityFile(path: path, activities: activities, warnings: warnings, contentIdentifier: identifier, notes: notes)
            } catch { throw .invalidFile(error, file: path) }
        case "tcx":
            do {
                let document = try TCXReader().read(source: input, fileName: path)
                return ActivityFile(path: path, activities: document.activities.map(\.recorded), warnings: warnings(of: document, path: path),
                                    contentIdentifier: identifier, notes: TCXContentNote.note(for: document).map { [$0] } ?? [])
            } catch { throw .invalidFile(error, file: path) }
        default:
            // A recording cut short (the battery died, the device crashed) keeps what it recorded,
            // with a warning saying where it ends; corruption anywhere else is still refused.
            do {
                let (activity, warnings) = try fitReader.read(source: input, file: path)
                return ActivityFile(path: path, activities: [activity], warnings: Self.warnings(warnings, path: path),
                                    contentIdentifier: identifier)
            } catch { throw .invalidFile(error, file: path) }
        }
    }

    /// The content identifier of what `open` gives, read to its end (which also checks a compressed
    /// stream before anything is parsed).
    static func identify(path: String, open: () throws(FileImportError) -> any ByteSource) throws(FileImportError) -> String {
        do {
            return try contentIdentifier(of: open())
        } catch let error as FileImportError {
            throw error
        } catch let error as GzipError {
            let advice = error.code == .notGzip
                ? "the name ends in .gz but the file is not compressed: remove the .gz from its name"
                : "the file is not a readable gzip file: check that it downloaded completely, or decompress it with `gzip -dk` to see what it holds"
            throw FileImportError(code: .unreadableFile, file: path, message: "\(error.description); \(advice)")
        } catch let error as ZipArchiveError {
            throw FileImportError(code: .invalidArchive, file: path, message: error.message)
        } catch {
            throw FileImportError(code: .unreadableFile, file: path, message: "cannot be read (\(error.localizedDescription)); check the path and its permissions")
        }
    }

    /// ``contentIdentifier(of:)`` of a file, read in 1 MiB chunks.
    public static func contentIdentifier(ofFileAt url: URL) throws -> String {
        try contentIdentifier(of: FileByteSource(url: url))
    }

    /// ``contentIdentifier(of:)`` of the bytes a source delivers, read in 1 MiB chunks.
    /// - Throws: What the source throws.
    public static func contentIdentifier(of source: any ByteSource) throws -> String {
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
