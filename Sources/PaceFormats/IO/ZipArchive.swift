public import Foundation

/// A zip archive of any kind read in place (Strava's bulk export, a folder of rides zipped to send
/// by mail): its regular files listed, each streamed out on demand in constant memory, never
/// extracted to disk.
///
/// Opening validates every entry before any is read, as ``AppleHealthExportArchive`` does: names
/// with `..` components, absolute or drive-letter paths, backslashes or NUL characters, symbolic
/// links and encrypted entries refuse the whole archive, and so do declared sizes above
/// ``ZipLimits/maxTotalUncompressedBytes``. Reading enforces the ``ZipLimits`` while bytes are
/// produced and checks each entry's length and CRC-32 at its end.
///
/// ```swift
/// let archive = try ZipArchive(url: URL(fileURLWithPath: "export_12345.zip"))
/// for path in archive.filePaths where path.hasSuffix(".fit.gz") {
///     let source = try archive.source(ofEntry: path)   // a ByteSource
/// }
/// ```
public final class ZipArchive {
    /// The archive file.
    public let url: URL
    /// The limits enforced while reading.
    public var limits: ZipLimits { catalog.limits }
    /// The paths of the archive's regular files, as stored, in directory order (directories left out).
    public let filePaths: [String]

    private let catalog: ZipCatalog
    private var archiveName: String { url.lastPathComponent }

    /// Opens an archive and validates all its entries.
    /// - Parameters:
    ///   - url: A `file:` URL of the `.zip`.
    ///   - limits: The limits to enforce (default ``ZipLimits/init(maxTotalUncompressedBytes:maxCompressionRatio:ratioCheckThresholdBytes:maxRouteBytes:maxEntryCount:)``'s).
    /// - Throws: ``ZipArchiveError`` when the file cannot be read, is not a zip archive, or has an entry
    ///   Pace refuses (see the type's discussion).
    public init(url: URL, limits: ZipLimits = ZipLimits()) throws(ZipArchiveError) {
        self.url = url
        let name = url.lastPathComponent
        do {
            catalog = try ZipCatalog(url: url, limits: limits)
        } catch {
            throw Self.error(error, archive: name)
        }
        filePaths = catalog.files.map(\.path)
    }

    /// The size an entry declares once decompressed, in bytes; `nil` when the archive has no such file.
    /// - Parameter path: A path from ``filePaths``.
    public func declaredSize(ofEntry path: String) -> UInt64? {
        catalog.byPath[path]?.uncompressedSize
    }

    /// A new source of an entry's bytes, decompressed on demand.
    ///
    /// - Parameters:
    ///   - path: A path from ``filePaths``.
    ///   - maximumBytes: The most bytes the entry may hold, in bytes (`nil`: only the archive's limits).
    /// - Returns: The source; its `read(into:)` throws ``ZipArchiveError`` for the checks made while reading.
    /// - Throws: ``ZipArchiveError`` when the archive has no such file or the entry cannot be opened.
    public func source(ofEntry path: String, maximumBytes: UInt64? = nil) throws(ZipArchiveError) -> ZipEntryByteSource {
        let name = archiveName
        guard let record = catalog.byPath[path] else {
            throw ZipArchiveError(code: .missingEntry, message: "'\(name)' has no file \(ZipCatalog.printable(Array(path.utf8))).",
                                  archive: name, entry: path)
        }
        do {
            return try catalog.source(of: record, path: path, entryLimit: maximumBytes) { Self.error($0, entry: path, archive: name) }
        } catch {
            switch error {
            case .directory(let failure): throw Self.error(.directory(failure), archive: name)
            case .read(let failure): throw Self.error(failure, entry: path, archive: name)
            }
        }
    }

    private static func error(_ failure: ZipCatalogFailure, archive: String) -> ZipArchiveError {
        let retry = "Copy or download the archive again, or unzip it with a tool you trust and import the folder."
        switch failure {
        case .directory(.unreadable(let cause)):
            return ZipArchiveError(code: .unreadable, message: "'\(archive)' cannot be read (\(cause)); check the path and its permissions.",
                                   archive: archive, entry: nil)
        case .directory(.notAZip(let reason)):
            return ZipArchiveError(code: .notZip, message: "'\(archive)' is not a readable zip archive: \(reason). \(retry)",
                                   archive: archive, entry: nil)
        case .directory(.tooManyEntries(let count, let limit)):
            return ZipArchiveError(code: .limitExceeded, message: "'\(archive)' lists \(count) entries, more than ZipLimits.maxEntryCount "
                                       + "(\(limit)); refusing it as damaged or hostile. Unzip it and import the folder.",
                                   archive: archive, entry: nil)
        case .unsafeName(let name, let problem):
            return ZipArchiveError(code: .unsafeEntry, message: "entry \(ZipCatalog.printable(name)) in '\(archive)' \(problem); such names "
                                       + "are used by zip-slip attacks, so the whole archive is refused. \(retry)",
                                   archive: archive, entry: String(decoding: name, as: UTF8.self))
        case .encrypted(let name):
            return ZipArchiveError(code: .encryptedEntry, message: "entry \(ZipCatalog.printable(name)) in '\(archive)' is encrypted "
                                       + "(password-protected), which Pace cannot read; unzip it with its password and import the folder.",
                                   archive: archive, entry: String(decoding: name, as: UTF8.self))
        case .symbolicLink(let name):
            return ZipArchiveError(code: .symbolicLink, message: "entry \(ZipCatalog.printable(name)) in '\(archive)' is a symbolic link, "
                                       + "which could point outside the archive; refusing the archive. \(retry)",
                                   archive: archive, entry: String(decoding: name, as: UTF8.self))
        case .notZip(let reason, _):
            return ZipArchiveError(code: .notZip, message: "'\(archive)' is not a readable zip archive: \(reason). \(retry)",
                                   archive: archive, entry: nil)
        case .declaredTotalTooLarge(let limit):
            return ZipArchiveError(code: .limitExceeded, message: "the entries of '\(archive)' declare more than \(limit) bytes in total "
                                       + "(ZipLimits.maxTotalUncompressedBytes); refusing it as a possible zip bomb.",
                                   archive: archive, entry: nil)
        }
    }

    private static func error(_ failure: ZipReadFailure, entry: String, archive: String) -> ZipArchiveError {
        let quoted = ZipCatalog.printable(Array(entry.utf8))
        let (code, reason): (ZipArchiveError.Code, String) = switch failure {
        case .exceedsDeclaredSize(let declared):
            (.corruptEntry, "holds more than the \(declared) bytes its header declares (damaged, or a zip bomb)")
        case .shorterThanDeclared(let produced, let declared):
            (.corruptEntry, "ended after \(produced) of the \(declared) bytes its header declares (truncated or damaged)")
        case .ratioExceeded(let limit, let produced, let compressed):
            (.limitExceeded, "expanded to \(produced) bytes from its first \(compressed) compressed bytes, more than \(limit):1, as only a zip bomb does")
        case .totalExceeded(let limit):
            (.limitExceeded, "took the archive past \(limit) decompressed bytes (ZipLimits.maxTotalUncompressedBytes)")
        case .entryTooLarge(let limit):
            (.limitExceeded, "is larger than the \(limit) bytes accepted for it")
        case .checksumMismatch(let expected, let computed):
            (.corruptEntry, "fails its CRC-32 check (expected 0x\(String(expected, radix: 16, uppercase: true)), "
                + "computed 0x\(String(computed, radix: 16, uppercase: true)))")
        case .unsupportedMethod(let method):
            (.corruptEntry, "uses compression method \(method); Pace reads stored and deflate entries only — unzip it with another tool")
        case .corrupt(let error):
            (.corruptEntry, "cannot be decompressed (\(error))")
        }
        return ZipArchiveError(code: code, message: "entry \(quoted) in '\(archive)' \(reason); reading it stopped.",
                               archive: archive, entry: entry)
    }
}

/// Why a zip archive, or one of its entries, could not be read.
public struct ZipArchiveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of problem.
    public enum Code: String, Hashable, Sendable {
        /// The file cannot be opened or read.
        case unreadable
        /// The file is not a zip archive, or its directory is damaged.
        case notZip
        /// An entry name could write outside a folder (zip slip).
        case unsafeEntry
        /// An entry is a symbolic link.
        case symbolicLink
        /// An entry is encrypted.
        case encryptedEntry
        /// An entry does not decompress to its declared size and CRC-32, or uses an unknown method.
        case corruptEntry
        /// A limit of ``ZipLimits`` (or the caller's) was reached.
        case limitExceeded
        /// No file has the path asked for.
        case missingEntry
    }

    /// The kind of problem.
    public var code: Code
    /// What is wrong, where, and what to do.
    public var message: String
    /// The archive's file name.
    public var archive: String
    /// The entry concerned, if one is.
    public var entry: String?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - message: What is wrong, where, and what to do.
    ///   - archive: The archive's file name.
    ///   - entry: The entry concerned, if any.
    public init(code: Code, message: String, archive: String, entry: String?) {
        self.code = code
        self.message = message
        self.archive = archive
        self.entry = entry
    }

    /// The message.
    public var description: String { message }
}
