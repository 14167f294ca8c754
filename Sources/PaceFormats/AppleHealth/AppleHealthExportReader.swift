public import Foundation

/// Reads an Apple Health export (the `apple_health_export` folder from Health › Export All Health
/// Data, or a bare `export.xml`) by streaming it through Pace's own XML scanner, never holding the
/// whole file in memory, and hands every object to a handler as soon as it is complete so the caller
/// can batch it into a store.
///
/// - `<Record>` → ``AppleHealthExportItem/quantitySample(_:)`` (value + `unit` as a ``Quantity``) or
///   ``AppleHealthExportItem/categorySample(_:)`` (numbers, or names such as
///   `HKCategoryValueSleepAnalysisAsleepCore` resolved through the type's value set), with source name
///   and version, the parsed `device` string and `MetadataEntry` children (integers, numbers,
///   dates, quantities such as `54 degF`, else strings).
/// - `<Workout>` → ``AppleHealthExportItem/workout(_:)`` with events, statistics, totals and
///   metadata, then one ``AppleHealthExportItem/workoutRoute(_:)`` per `<WorkoutRoute>`, read from
///   its `<FileReference path="/workout-routes/….gpx">` with ``GPXReader`` (relative to the export
///   folder; paths that leave it are refused) or from inline `<Location>` elements.
/// - `<Me>`, `<Correlation>` and `<ActivitySummary>` become their own items; `<ExportDate>` goes
///   into the returned ``AppleHealthExportSummary``.
/// - Unknown types, unreadable numbers, units or dates, and objects ending before they start are
///   skipped with an ``AppleHealthWarning`` carrying the line; every delivered object passed its
///   `validate()`.
/// - Security: any `<!ENTITY` declaration is refused with ``AppleHealthError/Code/entityDeclaration``
///   before an object is delivered (declarations can only precede the root); Apple's own internal
///   DTD (elements and attribute lists only) is skipped, and external entities and DTDs are never
///   fetched.
/// - The parsing core, ``read(source:file:routeFile:handler:)``, takes `export.xml` as any
///   ``ByteSource`` and the route files through a closure, so an export can be read from a folder
///   or, later, straight out of `export.zip`.
/// - Sources: the export names apps but not their bundle identifiers, so a ``Source``'s
///   `bundleIdentifier` is set to its `sourceName`.
///
/// ```swift
/// var batch: [QuantitySample] = []
/// let summary = try AppleHealthExportReader().read(at: folder) { item in
///     if case .quantitySample(let sample) = item { batch.append(sample) }
///     if batch.count == 1000 { try store.save(batch); batch.removeAll() }
/// }
/// ```
public struct AppleHealthExportReader: Sendable {
    /// Creates a reader.
    public init() {}

    static let entityMessage = "the document declares XML entities (<!ENTITY …>), which Apple Health exports never contain "
        + "and which can be used for entity-expansion attacks; refusing to read it. Use the export.xml exactly as Apple Health wrote it."

    /// Reads an export.
    /// - Parameters:
    ///   - url: A `file:` URL of the extracted export folder (containing `export.xml` and
    ///     `workout-routes/`), or of an `export.xml` itself (route files are then looked up next to it).
    ///   - handler: Called once per object, in document order, on the calling thread. Throwing stops
    ///     the read with ``AppleHealthError/Code/handlerFailed``.
    /// - Returns: Counts of what was delivered, the export date and the first warnings.
    /// - Throws: ``AppleHealthError`` when the file cannot be read, declares entities, is not
    ///   well-formed, is not an Apple Health export, references a route outside the folder, or the
    ///   handler throws.
    public func read(at url: URL, handler: (AppleHealthExportItem) throws -> Void) throws(AppleHealthError) -> AppleHealthExportSummary {
        if url.pathExtension.lowercased() == "zip" {
            let archive = try AppleHealthExportArchive(url: url)
            let source = try archive.exportXML()
            let file = url.lastPathComponent + ":" + archive.exportXMLPath
            return try read(source: source, file: file, routeFile: { path in try archive.routeData(forReference: path) }, handler: handler)
        }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        let xmlURL = isDirectory.boolValue ? url.appendingPathComponent("export.xml") : url
        let folder = xmlURL.deletingLastPathComponent()
        let file = xmlURL.lastPathComponent
        guard exists, FileManager.default.isReadableFile(atPath: xmlURL.path) else {
            throw AppleHealthError(code: .unreadableFile,
                                   message: "the export cannot be read; check that the path names Apple Health's export.zip, an extracted "
                                       + "apple_health_export folder or its export.xml, and that it is readable.",
                                   file: file, line: nil, column: nil)
        }
        let source: FileByteSource
        do {
            source = try FileByteSource(url: xmlURL)
        } catch {
            throw AppleHealthError(code: .unreadableFile, message: "the file cannot be read; check that it exists and is readable.",
                                   file: file, line: nil, column: nil, cause: error)
        }
        return try read(source: source, file: file, routeFile: { path in try Self.routeData(path, in: folder) }, handler: handler)
    }

    /// Reads an export's `export.xml` from any byte source, streaming it.
    ///
    /// ```swift
    /// let summary = try AppleHealthExportReader().read(source: DataByteSource(xml), file: "export.xml",
    ///                                                  routeFile: { _ in nil }) { item in … }
    /// ```
    /// - Parameters:
    ///   - source: The bytes of `export.xml`, read once, in chunks.
    ///   - file: The name used in errors and warnings (`export.xml`).
    ///   - routeFile: Returns the bytes of the GPX file a `<FileReference path="…">` names (the path
    ///     as written, e.g. `/workout-routes/route_2019-06-11_3.00pm.gpx`), or `nil` when the export
    ///     has no such file (the route is then skipped with a warning). Throwing an
    ///     ``AppleHealthError`` (such as ``AppleHealthError/Code/unsafeRoutePath``) stops the read
    ///     with it, positioned at the `<WorkoutRoute>`; any other error skips the route with a warning.
    ///   - handler: Called once per object, in document order, on the calling thread. Throwing stops
    ///     the read with ``AppleHealthError/Code/handlerFailed``.
    /// - Returns: Counts of what was delivered, the export date and the first warnings.
    /// - Throws: ``AppleHealthError`` when the source cannot be read, declares entities, is not
    ///   well-formed, is not an Apple Health export, `routeFile` throws one, or the handler throws.
    public func read(source: some ByteSource, file: String, routeFile: (String) throws -> Data?,
                     handler: (AppleHealthExportItem) throws -> Void) throws(AppleHealthError) -> AppleHealthExportSummary {
        try withoutActuallyEscaping(routeFile) { (routeFile) throws(AppleHealthError) -> AppleHealthExportSummary in
            try withoutActuallyEscaping(handler) { (handler) throws(AppleHealthError) -> AppleHealthExportSummary in
                let parser = AppleHealthExportParser(file: file, routeFile: routeFile, handler: handler)
                do {
                    try parser.run(XMLScanner(source: source))
                } catch let error as AppleHealthError {
                    throw error
                } catch let error as XMLScanError {
                    throw Self.error(error, file: file)
                } catch {
                    throw AppleHealthError(code: .unreadableFile, message: "the file cannot be read.", file: file, line: nil, column: nil,
                                           cause: error)
                }
                return parser.summary
            }
        }
    }

    /// The ``AppleHealthError`` for a scanner error.
    static func error(_ error: XMLScanError, file: String) -> AppleHealthError {
        switch error.kind {
        case .entityDeclaration:
            AppleHealthError(code: .entityDeclaration, message: entityMessage, file: file, line: error.line, column: error.column)
        case .readFailed where error.cause is AppleHealthError:
            // A zip entry's own refusal (CRC, bomb limits, damaged data) says more than "cannot be read".
            error.cause as? AppleHealthError ?? AppleHealthError(code: .unreadableFile, message: "the file cannot be read.",
                                                                 file: file, line: nil, column: nil)
        case .readFailed:
            AppleHealthError(code: .unreadableFile, message: "the file cannot be read; check that it exists and is readable.",
                             file: file, line: nil, column: nil, cause: error.cause)
        case .gzipCompressed:
            AppleHealthError(code: .malformedXML, message: "the file is gzip-compressed, not XML; decompress it and read the export.xml inside.",
                             file: file, line: nil, column: nil)
        case .noRootElement:
            AppleHealthError(code: .notAppleHealthExport,
                             message: "the file contains no <HealthData> element; it is empty or not an Apple Health export.xml.",
                             file: file, line: nil, column: nil)
        default:
            AppleHealthError(code: .malformedXML,
                             message: "export.xml is not well-formed XML: \(error.explanation) "
                                 + "(XML parser error \(error.code)); the file is truncated or corrupt, unzip or export it again.",
                             file: file, line: error.line, column: error.column, cause: error)
        }
    }

    /// The bytes of the route file a `FileReference` path names inside `folder`; `nil` when it does
    /// not exist. Throws ``AppleHealthError/Code/unsafeRoutePath`` for paths that leave the folder
    /// (`..`, backslashes, or a symbolic link pointing out of it).
    static func routeData(_ path: String, in folder: URL) throws -> Data? {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        var url = folder
        for component in components { url.appendPathComponent(String(component)) }
        var insideFolder = !components.isEmpty && !components.contains("..") && !path.contains("\\")
        let exists = FileManager.default.fileExists(atPath: url.path)
        if insideFolder, exists {
            // A symbolic link inside the folder may still point out of it.
            let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
            let resolved = url.standardizedFileURL.resolvingSymlinksInPath().path
            insideFolder = resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/")
        }
        guard insideFolder else {
            throw AppleHealthError(code: .unsafeRoutePath,
                                   message: "a <FileReference> path points outside the export folder (it uses '..' or leaves the folder); "
                                       + "refusing to read it. Re-export from Apple Health, or remove that WorkoutRoute.",
                                   file: nil, line: nil, column: nil)
        }
        guard exists else { return nil }
        return try Data(contentsOf: url)
    }
}
