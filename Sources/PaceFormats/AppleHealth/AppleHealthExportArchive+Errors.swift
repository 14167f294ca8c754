import Foundation

/// The checks on entry names and the ``AppleHealthError``s of ``AppleHealthExportArchive``: each
/// message names the archive, the entry and what to do.
extension AppleHealthExportArchive {
    static func printable(_ name: [UInt8]) -> String { ZipCatalog.printable(name) }

    static func error(_ failure: ZipCatalogFailure, archive: String) -> AppleHealthError {
        switch failure {
        case .directory(let failure): error(failure, archive: archive)
        case .unsafeName(let name, let problem): unsafeEntry(name, problem: problem, archive: archive)
        case .encrypted(let name): encryptedEntry(name, archive: archive)
        case .symbolicLink(let name): symbolicLink(name, archive: archive)
        case .notZip(let reason, let cause): notZip(reason, archive: archive, cause: cause)
        case .declaredTotalTooLarge(let limit): totalDeclaredTooLarge(limit: limit, archive: archive)
        }
    }

    static func unsafeEntry(_ name: [UInt8], problem: String, archive: String) -> AppleHealthError {
        AppleHealthError(code: .unsafeArchiveEntry,
                         message: "entry \(printable(name)) in '\(archive)' \(problem); such names are used by zip-slip attacks to write "
                             + "outside the folder an archive is extracted to. Pace never writes entries to disk, but Apple Health never "
                             + "produces such names either, so the whole archive is refused. Export again from Health › Export All Health "
                             + "Data, or unzip the archive with a tool you trust and import the apple_health_export folder.",
                         file: archive, line: nil, column: nil)
    }

    static func symbolicLink(_ name: [UInt8], archive: String) -> AppleHealthError {
        AppleHealthError(code: .archiveSymbolicLink,
                         message: "entry \(printable(name)) in '\(archive)' is a symbolic link, which Apple Health exports never contain "
                             + "and which could point outside the archive; refusing the archive. Export again from Apple Health, or unzip "
                             + "it yourself, check the link, and import the folder.",
                         file: archive, line: nil, column: nil)
    }

    static func encryptedEntry(_ name: [UInt8], archive: String) -> AppleHealthError {
        AppleHealthError(code: .encryptedArchiveEntry,
                         message: "entry \(printable(name)) in '\(archive)' is encrypted (password-protected), which Pace cannot read; "
                             + "unzip it with its password and import the apple_health_export folder, or zip it again without a password.",
                         file: archive, line: nil, column: nil)
    }

    static func notZip(_ reason: String, archive: String, cause: (any Error)?) -> AppleHealthError {
        AppleHealthError(code: .notZipArchive,
                         message: "'\(archive)' is not a readable zip archive: \(reason). Copy or download export.zip again "
                             + "(it may be truncated), or pass the extracted apple_health_export folder instead.",
                         file: archive, line: nil, column: nil, cause: cause)
    }

    static func totalDeclaredTooLarge(limit: UInt64, archive: String) -> AppleHealthError {
        AppleHealthError(code: .archiveLimitExceeded,
                         message: "the entries of '\(archive)' declare more than \(limit) bytes in total (ZipLimits.maxTotalUncompressedBytes); "
                             + "refusing it as a possible zip bomb. If the export is genuine, raise the limit or unzip it and import the folder.",
                         file: archive, line: nil, column: nil)
    }

    static func missingExportXML(entryCount: Int, archive: String) -> AppleHealthError {
        AppleHealthError(code: .missingExportXML,
                         message: "'\(archive)' contains no export.xml (none among its \(entryCount) entries, ignoring __MACOSX/), "
                             + "so it is not an Apple Health export; choose the export.zip from Health › Export All Health Data.",
                         file: archive, line: nil, column: nil)
    }

    static func ambiguousExportXML(_ paths: [String], archive: String) -> AppleHealthError {
        AppleHealthError(code: .ambiguousExportXML,
                         message: "'\(archive)' contains several export.xml at the same depth (\(paths.prefix(5).map { printable(Array($0.utf8)) }.joined(separator: ", "))); "
                             + "unzip it and import each export folder separately.",
                         file: archive, line: nil, column: nil)
    }

    static func error(_ failure: ZipDirectoryError, archive: String) -> AppleHealthError {
        switch failure {
        case .unreadable(let cause):
            AppleHealthError(code: .unreadableFile,
                             message: "'\(archive)' cannot be read; check that the path names an existing, readable file.",
                             file: archive, line: nil, column: nil, cause: cause)
        case .notAZip(let reason):
            notZip(reason, archive: archive, cause: nil)
        case .tooManyEntries(let count, let limit):
            AppleHealthError(code: .archiveLimitExceeded,
                             message: "'\(archive)' lists \(count) entries, more than ZipLimits.maxEntryCount (\(limit)); refusing it as "
                                 + "damaged or hostile. If it is a genuine export, raise the limit or unzip it and import the folder.",
                             file: archive, line: nil, column: nil)
        }
    }

    static func error(_ failure: ZipReadFailure, entry: String, archive: String) -> AppleHealthError {
        let entry = printable(Array(entry.utf8))
        let (code, message): (AppleHealthError.Code, String)
        var cause: (any Error)?
        switch failure {
        case .exceedsDeclaredSize(let declared):
            (code, message) = (.archiveSizeMismatch, "entry \(entry) in '\(archive)' holds more than the \(declared) bytes its header "
                + "declares; the archive is damaged or a zip bomb, so reading stopped. Export again from Apple Health.")
        case .shorterThanDeclared(let produced, let declared):
            (code, message) = (.archiveSizeMismatch, "entry \(entry) in '\(archive)' ended after \(produced) of the \(declared) bytes its "
                + "header declares; the archive is truncated or damaged. Copy or download it again.")
        case .ratioExceeded(let limit, let produced, let compressed):
            (code, message) = (.archiveLimitExceeded, "entry \(entry) in '\(archive)' expanded to \(produced) bytes from its first \(compressed) "
                + "compressed bytes, more than ZipLimits.maxCompressionRatio (\(limit):1); this looks like a zip bomb, so reading stopped. "
                + "If the archive is genuine, raise the limit or unzip it and import the folder.")
        case .totalExceeded(let limit):
            (code, message) = (.archiveLimitExceeded, "reading entry \(entry) took '\(archive)' past \(limit) decompressed bytes "
                + "(ZipLimits.maxTotalUncompressedBytes); reading stopped as a possible zip bomb. If the export is genuine, raise the limit.")
        case .entryTooLarge(let limit):
            (code, message) = (.archiveLimitExceeded, "entry \(entry) in '\(archive)' is larger than \(limit) bytes "
                + "(ZipLimits.maxRouteBytes); refusing to load it into memory. Raise the limit if the route is genuine.")
        case .checksumMismatch(let expected, let computed):
            (code, message) = (.corruptArchiveEntry, "entry \(entry) in '\(archive)' fails its CRC-32 check (expected "
                + "0x\(String(expected, radix: 16, uppercase: true)), computed 0x\(String(computed, radix: 16, uppercase: true))); "
                + "the archive is damaged. Copy or download it again.")
        case .unsupportedMethod(let method):
            (code, message) = (.corruptArchiveEntry, "entry \(entry) in '\(archive)' uses compression method \(method), which Pace "
                + "cannot read (only stored and deflate); unzip it with another tool and import the folder.")
        case .corrupt(let error):
            cause = error
            (code, message) = (.corruptArchiveEntry, "entry \(entry) in '\(archive)' cannot be decompressed (\(error)); the archive "
                + "is damaged. Copy or download it again.")
        }
        return AppleHealthError(code: code, message: message, file: archive, line: nil, column: nil, cause: cause)
    }
}
