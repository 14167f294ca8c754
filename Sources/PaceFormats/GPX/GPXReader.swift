public import Foundation

/// Reads GPX 1.0 and 1.1 documents, streaming them through Pace's own XML scanner.
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
/// - Encodings: UTF-8 (with or without BOM), UTF-16 with a BOM, and ISO-8859-1/windows-1252 when the
///   XML declaration names them.
/// - Security: external entities and DTDs are never fetched, only the five predefined entities and
///   character references are expanded, and any document declaring entities (`<!ENTITY`, e.g. a
///   "billion laughs" DTD) is refused with ``GPXError/Code/entityDeclaration``.
/// - Memory: files are read in chunks. ``stream(source:file:handler:)`` delivers each point as it
///   is read, so a file of any size streams in constant memory; ``read(data:file:)`` builds the
///   whole ``GPXDocument`` on top of it.
///
/// ```swift
/// let document = try GPXReader().read(contentsOf: url)
/// for warning in document.warnings { log(warning.description) }
/// ```
public struct GPXReader: Sendable {
    /// Creates a reader.
    public init() {}

    /// Reads the GPX file at a URL, in chunks; errors name the file by its last path component.
    /// - Parameter url: A `file:` URL of a `.gpx` file.
    /// - Returns: The tracks, routes, waypoints, metadata and warnings.
    /// - Throws: ``GPXError`` with ``GPXError/Code/unreadableFile`` when the file cannot be read, or any
    ///   error of ``read(data:file:)``.
    public func read(contentsOf url: URL) throws(GPXError) -> GPXDocument {
        try read(source: Self.open(url), file: url.lastPathComponent)
    }

    /// Reads a GPX document held in memory.
    /// - Parameters:
    ///   - data: The file's bytes: UTF-8 with or without BOM, UTF-16 with BOM, or ISO-8859-1 /
    ///     windows-1252 as the XML declaration names.
    ///   - file: A file name or label used in error messages, or `nil`.
    /// - Returns: The tracks, routes, waypoints, metadata and warnings.
    /// - Throws: ``GPXError`` when the data declares entities, is not well-formed XML, or is not GPX.
    public func read(data: Data, file: String? = nil) throws(GPXError) -> GPXDocument {
        try read(source: DataByteSource(data), file: file)
    }

    /// Reads a GPX document from a byte source (a file, memory, a zip entry).
    /// - Parameters:
    ///   - source: The document's bytes, read once from the current position.
    ///   - file: A file name or label used in error messages, or `nil`.
    /// - Returns: The tracks, routes, waypoints, metadata and warnings.
    /// - Throws: ``GPXError`` as ``read(data:file:)``, or ``GPXError/Code/unreadableFile`` when the
    ///   source fails.
    public func read(source: some ByteSource, file: String? = nil) throws(GPXError) -> GPXDocument {
        var builder = GPXDocumentBuilder()
        let summary = try stream(source: source, file: file) { builder.add($0) }
        return builder.document(summary: summary)
    }

    /// Reads a GPX document whose track points go to `points` instead of into the document: its
    /// tracks come back with one lap per segment (its start time) and the pauses between segments,
    /// but no records, so a file of any size is read in constant memory.
    ///
    /// - Parameters:
    ///   - source: The document's bytes, read once from the current position.
    ///   - file: A file name or label used in error messages, or `nil`.
    ///   - points: Called once per valid track point, in file order, with the 0-based index of its
    ///     track; throwing stops the read with ``GPXError/Code/handlerFailed``.
    /// - Returns: The document, its tracks without records.
    /// - Throws: ``GPXError`` as ``stream(source:file:handler:)``.
    public func read(source: some ByteSource, file: String? = nil,
                     points: (ActivityRecord, _ track: Int) throws -> Void) throws(GPXError) -> GPXDocument {
        var builder = GPXDocumentBuilder()
        builder.keepsRecords = false
        let summary = try stream(source: source, file: file) { event in
            if case .trackPoint(let record, let track, _) = event { try points(record, track) }
            builder.add(event)
        }
        return builder.document(summary: summary)
    }

    /// Reads a GPX document as ``read(source:file:points:)`` does, and hands each track's head to
    /// `head` just before its first point goes to `points`: the track as read so far — its `<name>`
    /// and `<type>` when they come before the points, as the schema orders them, and the file's
    /// `creator` as its device — so a caller can decide how to treat the points before the first
    /// arrives. A name or type written after the points is only in the document returned at the end.
    ///
    /// - Parameters:
    ///   - source: The document's bytes, read once from the current position.
    ///   - file: A file name or label used in error messages, or `nil`.
    ///   - head: Called once per track that has valid points, with the track so far (no laps, no
    ///     records) and its 0-based index; throwing stops the read with ``GPXError/Code/handlerFailed``.
    ///   - points: As in ``read(source:file:points:)``.
    /// - Returns: The document, its tracks without records.
    /// - Throws: ``GPXError`` as ``stream(source:file:handler:)``.
    public func read(source: some ByteSource, file: String? = nil, head: (RecordedActivity, _ track: Int) throws -> Void,
                     points: (ActivityRecord, _ track: Int) throws -> Void) throws(GPXError) -> GPXDocument {
        try withoutActuallyEscaping(head) { (head) throws(GPXError) -> GPXDocument in
            try withoutActuallyEscaping(points) { (points) throws(GPXError) -> GPXDocument in
                var builder = GPXDocumentBuilder()
                builder.keepsRecords = false
                let parser = GPXStreamParser(source: source) { event in
                    if case .trackPoint(let record, let track, _) = event { try points(record, track) }
                    builder.add(event)
                }
                parser.trackHead = { [unowned parser] info in
                    let summary = parser.summary
                    try head(RecordedActivity(sport: info.type, name: info.name ?? summary.name, deviceName: summary.creator), info.index)
                }
                do throws(GPXStreamFailure) { try parser.run() } catch { throw Self.error(error, file: file) }
                return builder.document(summary: parser.summary)
            }
        }
    }

    /// Streams the GPX file at a URL, in chunks, delivering points as they are read.
    /// - Parameters:
    ///   - url: A `file:` URL of a `.gpx` file.
    ///   - handler: Called once per event, in file order; throwing stops the read with
    ///     ``GPXError/Code/handlerFailed``.
    /// - Returns: The header, metadata and counts.
    /// - Throws: ``GPXError`` as ``stream(source:file:handler:)``.
    public func stream(contentsOf url: URL, handler: (GPXStreamEvent) throws -> Void) throws(GPXError) -> GPXStreamSummary {
        try stream(source: Self.open(url), file: url.lastPathComponent, handler: handler)
    }

    /// Streams a GPX document in constant memory: each valid track point, route, waypoint and
    /// warning is delivered as soon as it is read, and only one buffer of the source is held.
    ///
    /// ```swift
    /// let summary = try GPXReader().stream(source: FileByteSource(url: url), file: "run.gpx") { event in
    ///     if case .trackPoint(let point, let track, _) = event { try store.add(point, track: track) }
    /// }
    /// ```
    /// - Parameters:
    ///   - source: The document's bytes, read once from the current position.
    ///   - file: A file name or label used in error messages, or `nil`.
    ///   - handler: Called once per event, in file order, on the calling thread. Throwing stops the
    ///     read with ``GPXError/Code/handlerFailed`` (the error is the `cause`).
    /// - Returns: The header (`version`, `creator`), the file's name and time, and counts.
    /// - Throws: ``GPXError``: `entityDeclaration`, `malformedXML` (also for gzip data and
    ///   unsupported encodings), `notGPX`, `unreadableFile` when the source fails, `handlerFailed`.
    ///   Events delivered before an error stay delivered.
    public func stream(source: some ByteSource, file: String? = nil,
                       handler: (GPXStreamEvent) throws -> Void) throws(GPXError) -> GPXStreamSummary {
        try withoutActuallyEscaping(handler) { (handler) throws(GPXError) -> GPXStreamSummary in
            let parser = GPXStreamParser(source: source, handler: handler)
            do throws(GPXStreamFailure) {
                try parser.run()
            } catch {
                throw Self.error(error, file: file)
            }
            return parser.summary
        }
    }

    private static func open(_ url: URL) throws(GPXError) -> FileByteSource {
        do {
            return try FileByteSource(url: url)
        } catch {
            throw GPXError(code: .unreadableFile, message: "the file cannot be read; check that it exists and is readable.",
                           file: url.lastPathComponent, line: nil, column: nil, cause: error)
        }
    }

    /// The ``GPXError`` for a failure of the stream parser.
    static func error(_ failure: GPXStreamFailure, file: String?) -> GPXError {
        switch failure {
        case .notGPX(let name, let position):
            return GPXError(code: .notGPX, message: "the root element is <\(name)>, not <gpx>; this is not a GPX file.",
                            file: file, line: position.line, column: position.column)
        case .handler(let error, let position):
            return GPXError(code: .handlerFailed, message: "the handler threw an error; reading stopped. See the cause.",
                            file: file, line: position.line, column: position.column, cause: error)
        case .scan(let error):
            switch error.kind {
            case .entityDeclaration:
                return GPXError(code: .entityDeclaration,
                                message: "the document declares XML entities (<!ENTITY …>), which GPX never needs and which can be used "
                                    + "for entity-expansion attacks; refusing to read it. Remove the DOCTYPE or re-export the file.",
                                file: file, line: error.line, column: error.column)
            case .gzipCompressed:
                return GPXError(code: .malformedXML,
                                message: "the file is gzip-compressed, not XML; decompress it (gunzip) and read the .gpx inside.",
                                file: file, line: nil, column: nil)
            case .readFailed:
                return GPXError(code: .unreadableFile, message: "the file cannot be read; check that it exists and is readable.",
                                file: file, line: nil, column: nil, cause: error.cause)
            default:
                return GPXError(code: .malformedXML,
                                message: "GPX is not well-formed XML: \(error.explanation) (XML parser error \(error.code)); "
                                    + "the file is truncated or corrupt, re-export it from the app that recorded it.",
                                file: file, line: error.line, column: error.column, cause: error)
            }
        }
    }
}
