public import Foundation
import FoundationXML

/// Reads an Apple Health export (the `apple_health_export` folder from Health › Export All Health
/// Data, or a bare `export.xml`) by streaming it through a SAX `XMLParser`, never holding the
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
/// - Security: the file's prolog is scanned before parsing and any `<!ENTITY` declaration is refused
///   with ``AppleHealthError/Code/entityDeclaration``; Apple's own internal DTD (elements and
///   attribute lists only) is accepted, and external entities are never resolved.
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
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        let xmlURL = isDirectory.boolValue ? url.appendingPathComponent("export.xml") : url
        let folder = xmlURL.deletingLastPathComponent()
        let file = xmlURL.lastPathComponent
        guard exists, FileManager.default.isReadableFile(atPath: xmlURL.path) else {
            throw AppleHealthError(code: .unreadableFile,
                                   message: "the export cannot be read; check that the path names an extracted apple_health_export "
                                       + "folder (unzip export.zip first) or its export.xml, and that it is readable.",
                                   file: file, line: nil, column: nil)
        }
        let stream: AppleHealthInputStream
        do {
            let prolog = try XMLPrologScanner.scan(fileAt: xmlURL)
            if let entity = prolog.entityPosition {
                throw AppleHealthError(code: .entityDeclaration, message: Self.entityMessage, file: file,
                                       line: entity.line, column: entity.column)
            }
            stream = try AppleHealthInputStream(url: xmlURL, blanking: prolog.doctypeRange)
        } catch let error as AppleHealthError {
            throw error
        } catch {
            throw AppleHealthError(code: .unreadableFile, message: "the file cannot be read; check that it exists and is readable.",
                                   file: file, line: nil, column: nil, cause: error)
        }
        return try withoutActuallyEscaping(handler) { (handler) throws(AppleHealthError) -> AppleHealthExportSummary in
            try parse(stream: stream, file: file, folder: folder, handler: handler)
        }
    }

    private func parse(stream: AppleHealthInputStream, file: String, folder: URL,
                       handler: @escaping (AppleHealthExportItem) throws -> Void) throws(AppleHealthError) -> AppleHealthExportSummary {
        let parser = XMLParser(stream: stream)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        let delegate = AppleHealthParserDelegate(file: file, folder: folder, handler: handler)
        delegate.parser = parser
        parser.delegate = delegate
        let succeeded = parser.parse()
        parser.delegate = nil
        if let failure = delegate.failure { throw failure }
        if !succeeded || delegate.parseError != nil || parser.parserError != nil || delegate.isInsideElement {
            let position = delegate.parseErrorPosition ?? (parser.lineNumber, parser.columnNumber)
            let code = (delegate.parseError as NSError?)?.code ?? parser.parserError.map { ($0 as NSError).code } ?? 0
            throw AppleHealthError(code: .malformedXML,
                                   message: "export.xml is not well-formed XML: \(GPXReader.explanation(ofXMLError: code)) "
                                       + "(XML parser error \(code)); the file is truncated or corrupt, unzip or export it again.",
                                   file: file, line: position.0, column: position.1, cause: delegate.parseError ?? parser.parserError)
        }
        guard delegate.sawRoot else {
            throw AppleHealthError(code: .notAppleHealthExport,
                                   message: "the file contains no <HealthData> element; it is empty or not an Apple Health export.xml.",
                                   file: file, line: nil, column: nil)
        }
        return delegate.summary
    }
}
