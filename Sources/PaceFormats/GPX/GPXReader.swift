public import Foundation
import FoundationXML

/// Reads GPX 1.0 and 1.1 documents into a ``GPXDocument`` with a streaming (SAX) XML parser.
///
/// - Each `<trk>` becomes a ``RecordedActivity`` (`<name>` → `name`, falling back to the file's
///   name; `<type>` → `sport`; the `creator` attribute → `deviceName`), each non-empty `<trkseg>` one
///   ``ActivityLap``. Between consecutive segments whose boundary points have times, a pause (at the
///   last time of the earlier segment) and a resume (at the first time of the later one) are added to
///   `timerEvents`, which is how ``GPXWriter`` encodes pauses.
/// - Point values are matched by local name, whatever the prefix or namespace, anywhere inside the
///   point (so Garmin TrackPointExtension v1/v2, Apple Health's bare `<speed>`/`<course>`/`<hAcc>`/
///   `<vAcc>` and the benchmark's `acc:hacc`/`acc:vacc` all work): `ele` (m), `time` (UTC),
///   `hr`/`heartrate` (bpm), `cad`/`cadence` (rpm), `atemp`/`temp` (°C), `speed` (m/s),
///   `course` (degrees), `power`/`PowerInWatts` (W), `hacc`/`vacc` and OpenTracks'
///   `accuracy_horizontal`/`accuracy_vertical` (m). Negative speeds, courses and
///   accuracies mean "unavailable" and are dropped.
/// - `<hdop>`/`<vdop>` are ignored: a dilution of precision is unitless and only becomes metres with
///   an assumed receiver error, which the file does not state.
/// - Elevations below −1000 m or above 10 000 m are "no data" sentinels: dropped with a
///   ``GPXWarning/Code/sentinelElevation`` warning. Points with a missing, non-numeric or out-of-range
///   `lat`/`lon` are skipped with a warning; other unreadable values are dropped with a warning.
/// - Security: external entities are never resolved, and any document declaring entities
///   (`<!ENTITY`, e.g. a "billion laughs" DTD) is refused with ``GPXError/Code/entityDeclaration``
///   before parsing starts.
///
/// ```swift
/// let document = try GPXReader().read(data: Data(contentsOf: url), file: url.lastPathComponent)
/// for warning in document.warnings { log(warning.description) }
/// ```
public struct GPXReader: Sendable {
    /// Creates a reader.
    public init() {}

    /// Reads the GPX file at a URL; errors name the file by its last path component.
    /// - Parameter url: A `file:` URL of a `.gpx` file.
    /// - Returns: The tracks, routes, waypoints, metadata and warnings.
    /// - Throws: ``GPXError`` with ``GPXError/Code/unreadableFile`` when the file cannot be read, or any
    ///   error of ``read(data:file:)``.
    public func read(contentsOf url: URL) throws(GPXError) -> GPXDocument {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw GPXError(code: .unreadableFile, message: "the file cannot be read; check that it exists and is readable.",
                           file: url.lastPathComponent, line: nil, column: nil, cause: error)
        }
        return try read(data: data, file: url.lastPathComponent)
    }

    /// Reads a GPX document.
    /// - Parameters:
    ///   - data: The file's bytes, in any encoding the XML declaration names (UTF-8 with or without BOM,
    ///     ISO-8859-1, …).
    ///   - file: A file name or label used in error messages, or `nil`.
    /// - Returns: The tracks, routes, waypoints, metadata and warnings.
    /// - Throws: ``GPXError`` when the data declares entities, is not well-formed XML, or is not GPX.
    public func read(data: Data, file: String? = nil) throws(GPXError) -> GPXDocument {
        if let (line, column) = Self.entityDeclarationPosition(in: data) {
            throw GPXError(code: .entityDeclaration,
                           message: "the document declares XML entities (<!ENTITY …>), which GPX never needs and which can be used "
                               + "for entity-expansion attacks; refusing to read it. Remove the DOCTYPE or re-export the file.",
                           file: file, line: line, column: column)
        }
        if data.starts(with: [0x1F, 0x8B]) {
            throw GPXError(code: .malformedXML, message: "the file is gzip-compressed, not XML; decompress it (gunzip) and read the .gpx inside.",
                           file: file, line: nil, column: nil)
        }
        let parser = XMLParser(data: XMLDoctype.blanked(data))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        let handler = GPXParserDelegate()
        parser.delegate = handler
        let succeeded = parser.parse()
        if let failure = handler.failure {
            throw GPXError(code: failure.code, message: failure.message, file: file, line: failure.line, column: failure.column)
        }
        if !succeeded || handler.parseError != nil {
            let line = handler.parseErrorLine ?? parser.lineNumber
            let column = handler.parseErrorColumn ?? parser.columnNumber
            let code = (handler.parseError as NSError?)?.code ?? parser.parserError.map { ($0 as NSError).code } ?? 0
            throw GPXError(code: .malformedXML,
                           message: "GPX is not well-formed XML: \(Self.explanation(ofXMLError: code)) (XML parser error \(code)); "
                               + "the file is truncated or corrupt, re-export it from the app that recorded it.",
                           file: file, line: line, column: column, cause: handler.parseError ?? parser.parserError)
        }
        guard handler.sawRoot else {
            throw GPXError(code: .notGPX, message: "the file contains no XML element; it is empty or not a GPX file.",
                           file: file, line: nil, column: nil)
        }
        return handler.document
    }

    /// A plain-English reading of the commonest libxml2 error codes that `XMLParser` reports.
    static func explanation(ofXMLError code: Int) -> String {
        switch code {
        case 4: "the document is empty"
        case 5: "there is content after the end of the document"
        case 9: "it contains a character XML does not allow"
        case 26: "it uses an undeclared entity"
        case 39, 40, 41: "an attribute is malformed"
        case 73: "a tag is not closed with '>'"
        case 76: "an end tag does not match its start tag"
        case 77: "the document ends inside an element"
        case 201: "it uses an undeclared namespace prefix"
        default: "the XML structure is broken"
        }
    }

    /// The 1-based line and column of the first `<!ENTITY` declared before the root element
    /// (UTF-8/ASCII-compatible or UTF-16), or `nil` when there is none.
    static func entityDeclarationPosition(in data: Data) -> (line: Int, column: Int)? {
        XMLPrologScanner.scan(data).entityPosition
    }
}
