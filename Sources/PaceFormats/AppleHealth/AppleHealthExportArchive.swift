public import Foundation

/// An Apple Health `export.zip`, read in place: its `export.xml` streamed out of the archive and
/// its route files looked up by the paths `export.xml` references, without unzipping to disk.
///
/// Health › Export All Health Data writes `apple_health_export/export.xml` (often several GB once
/// inflated), `export_cda.xml` and `workout-routes/route_….gpx`; tools that re-zip an export may
/// use another top folder. The archive finds `export.xml` by its last path component, preferring
/// the shallowest and ignoring `__MACOSX/` and `export_cda.xml`; route references resolve against
/// the folder that holds it.
///
/// Opening validates every entry before any is read and refuses the whole archive for names with
/// `..` components, absolute or drive-letter paths, backslashes or NUL characters, for symbolic
/// links and for encrypted entries — Apple Health never writes them, and they are the tools of
/// zip-slip attacks. Reading enforces ``ZipLimits`` while bytes are produced: no entry may exceed
/// its declared size or expand beyond the ratio limit, the archive beyond its total, a route file
/// beyond its cap; lengths and CRC-32s are checked at the end of each entry.
///
/// Use an archive from one thread at a time; the export.xml source it returns may be read on any
/// one thread, independently of the archive.
///
/// ```swift
/// let archive = try AppleHealthExportArchive(url: URL(fileURLWithPath: "export.zip"))
/// let xml = try archive.exportXML()                 // a ByteSource, decompressed on demand
/// let gpx = try archive.routeData(forReference: "/workout-routes/route_2019-06-11_3.00pm.gpx")
/// ```
public final class AppleHealthExportArchive {
    /// The archive file.
    public let url: URL
    /// The limits enforced while reading.
    public let limits: ZipLimits
    /// The path of `export.xml` inside the archive, as stored (for example `apple_health_export/export.xml`).
    public let exportXMLPath: String
    /// The folder inside the archive that holds `export.xml`, without a trailing slash (`""` at the top).
    public let exportFolderPath: String

    private let exportXMLRecord: ZipDirectoryRecord
    /// The validated regular files of the archive.
    private let catalog: ZipCatalog

    /// The archive's file name, used in messages.
    var archiveName: String { url.lastPathComponent }

    /// Opens an archive and validates all its entries.
    /// - Parameters:
    ///   - url: A `file:` URL of the `.zip`.
    ///   - limits: The limits to enforce; defaults to ``ZipLimits/init(maxTotalUncompressedBytes:maxCompressionRatio:ratioCheckThresholdBytes:maxRouteBytes:maxEntryCount:)``'s defaults.
    /// - Throws: ``AppleHealthError`` with code ``AppleHealthError/Code/unreadableFile`` (cannot be
    ///   opened), ``AppleHealthError/Code/notZipArchive`` (garbage, truncated or damaged),
    ///   ``AppleHealthError/Code/unsafeArchiveEntry``, ``AppleHealthError/Code/archiveSymbolicLink``,
    ///   ``AppleHealthError/Code/encryptedArchiveEntry``, ``AppleHealthError/Code/archiveLimitExceeded``
    ///   (too many entries, or declared sizes above the total), ``AppleHealthError/Code/missingExportXML``
    ///   or ``AppleHealthError/Code/ambiguousExportXML``.
    public init(url: URL, limits: ZipLimits = ZipLimits()) throws(AppleHealthError) {
        self.url = url
        self.limits = limits
        let name = url.lastPathComponent
        let catalog: ZipCatalog
        do {
            catalog = try ZipCatalog(url: url, limits: limits)
        } catch {
            throw Self.error(error, archive: name)
        }
        guard let chosen = try Self.exportXML(in: catalog, archive: name) else {
            throw Self.missingExportXML(entryCount: catalog.entryCount, archive: name)
        }
        self.catalog = catalog
        self.exportXMLPath = chosen.path
        self.exportXMLRecord = chosen.record
        self.exportFolderPath = chosen.path.split(separator: "/", omittingEmptySubsequences: true).dropLast().joined(separator: "/")
    }

    /// Whether the archive at `url` holds an `export.xml` (outside `__MACOSX/`): an Apple Health
    /// export rather than, say, a zip of activity files. Reads only the central directory.
    /// - Throws: ``AppleHealthError`` as ``init(url:limits:)`` does for an archive it refuses.
    public static func holdsExportXML(_ url: URL, limits: ZipLimits = ZipLimits()) throws(AppleHealthError) -> Bool {
        let catalog: ZipCatalog
        do {
            catalog = try ZipCatalog(url: url, limits: limits)
        } catch {
            throw Self.error(error, archive: url.lastPathComponent)
        }
        return try exportXML(in: catalog, archive: url.lastPathComponent) != nil
    }

    /// The shallowest `export.xml` of the catalog, ignoring `__MACOSX/`; `nil` when there is none.
    private static func exportXML(in catalog: ZipCatalog, archive: String) throws(AppleHealthError) -> (path: String, record: ZipDirectoryRecord)? {
        var candidates: [(path: String, depth: Int, record: ZipDirectoryRecord)] = []
        for (path, record) in catalog.files {
            let components = path.split(separator: "/", omittingEmptySubsequences: true)
            if components.last == "export.xml", components.first != "__MACOSX" {
                candidates.append((path, components.count, record))
            }
        }
        guard let depth = candidates.map(\.depth).min() else { return nil }
        let shallowest = candidates.filter { $0.depth == depth }
        guard shallowest.count == 1, let chosen = shallowest.first else {
            throw Self.ambiguousExportXML(shallowest.map(\.path), archive: archive)
        }
        return (chosen.path, chosen.record)
    }

    /// A new source of `export.xml`'s bytes, decompressed on demand in constant memory.
    ///
    /// Each call starts from the first byte; every byte produced counts towards
    /// ``ZipLimits/maxTotalUncompressedBytes`` of this archive.
    /// - Returns: The source; release it to stop decompressing early.
    /// - Throws: ``AppleHealthError/Code/corruptArchiveEntry`` when the entry uses a compression
    ///   method other than stored or deflate, ``AppleHealthError/Code/archiveSizeMismatch`` when a
    ///   stored entry's sizes disagree. The source's `read(into:)` throws ``AppleHealthError`` for
    ///   the checks made while reading.
    public func exportXML() throws(AppleHealthError) -> ZipEntryByteSource {
        try source(of: exportXMLRecord, path: exportXMLPath, entryLimit: nil)
    }

    /// The bytes of a route file that `export.xml` references, read from the archive.
    ///
    /// `path` is resolved against ``exportFolderPath``: `/workout-routes/route_1.gpx` in an archive
    /// whose `export.xml` is `apple_health_export/export.xml` names `apple_health_export/workout-routes/route_1.gpx`.
    /// - Parameter path: The `path` attribute of a `<FileReference>`, for example `/workout-routes/route_2019-06-11_3.00pm.gpx`.
    /// - Returns: The file's bytes, or `nil` when the archive has no such file.
    /// - Throws: ``AppleHealthError/Code/unsafeRoutePath`` for a reference with `..`, a backslash,
    ///   a NUL or no file name; ``AppleHealthError/Code/archiveLimitExceeded`` when the file is larger
    ///   than ``ZipLimits/maxRouteBytes`` or the archive's total is reached;
    ///   ``AppleHealthError/Code/archiveSizeMismatch`` or ``AppleHealthError/Code/corruptArchiveEntry``
    ///   when it does not decompress to its declared size and CRC-32.
    public func routeData(forReference path: String) throws(AppleHealthError) -> Data? {
        let components = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !components.isEmpty, !components.contains(".."), !path.contains("\\"), !path.contains("\0") else {
            throw AppleHealthError(code: .unsafeRoutePath,
                                   message: "a <FileReference> path (\(Self.printable(Array(path.utf8)))) points outside the export folder "
                                       + "of '\(archiveName)' (it uses '..', a backslash or a NUL, or names no file); refusing to read it. "
                                       + "Re-export from Apple Health, or remove that WorkoutRoute.",
                                   file: archiveName, line: nil, column: nil)
        }
        let entryPath = (exportFolderPath.isEmpty ? [] : [exportFolderPath]) + components.map(String.init)
        let resolved = entryPath.joined(separator: "/")
        guard let record = catalog.byPath[resolved] else { return nil }
        let source = try source(of: record, path: resolved, entryLimit: limits.maxRouteBytes)
        var data = Data()
        data.reserveCapacity(Int(record.uncompressedSize))
        var buffer = [UInt8](repeating: 0, count: ZipEntryByteSource.inputSize)
        do {
            while case let count = try buffer.withUnsafeMutableBytes({ try source.read(into: $0) }), count > 0 {
                data.append(contentsOf: buffer[0..<count])
            }
        } catch let error as AppleHealthError {
            throw error
        } catch {
            throw Self.error(.corrupt(error), entry: resolved, archive: archiveName)
        }
        return data
    }

    /// A source over the entry `record`, found at `path`, whose size may not pass `entryLimit` bytes.
    private func source(of record: ZipDirectoryRecord, path: String, entryLimit: UInt64?) throws(AppleHealthError) -> ZipEntryByteSource {
        let name = archiveName
        do {
            return try catalog.source(of: record, path: path, entryLimit: entryLimit) { Self.error($0, entry: path, archive: name) }
        } catch {
            switch error {
            case .directory(let failure): throw Self.error(failure, archive: name)
            case .read(let failure): throw Self.error(failure, entry: path, archive: name)
            }
        }
    }
}
