public import Foundation

/// Reads Garmin Training Center Database (TCX v2) files, streaming them through Pace's own XML scanner.
///
/// The reader matches elements by local name, whatever prefix the file gives them, and reads:
/// - `Activities/Activity` (also inside `MultiSportSession`): `Sport` → ``RecordedActivity/sport``,
///   `Id` → ``RecordedActivity/identifier`` (and the first lap's start when `StartTime` is missing),
///   `Creator/Name` → ``RecordedActivity/deviceName``, `Notes` → ``RecordedActivity/name``;
/// - `Lap`: `StartTime`, `TotalTimeSeconds` (→ ``ActivityLap/totalTimerTime``, the timer time Garmin
///   writes; the elapsed time is left `nil`), `DistanceMeters`, `Calories`, heart rates, `Intensity`,
///   `TriggerMethod`; `MaximumSpeed`, `Cadence` and the ActivityExtension v2 `LX` values go to
///   ``TCXLapSummary``;
/// - `Track/Trackpoint`: `Time`, `Position`, `AltitudeMeters`, `DistanceMeters`, `HeartRateBpm`,
///   `Cadence`, and `TPX` `Speed`, `RunCadence` (used as cadence when `Cadence` is absent) and
///   `Watts`. `SensorState` is ignored.
/// - `Courses/Course`: `Name` → ``RecordedActivity/name``; all its track points go into one lap
///   whose time and distance are the sums over the course's `Lap`s.
///
/// **Pauses.** Garmin devices start a new `Track` inside the lap when the timer is stopped. When a
/// lap has several tracks and the next track's first time is later than the previous track's last
/// time, the reader adds a ``ActivityTimerEvent/Kind/pause`` at that last time and a
/// ``ActivityTimerEvent/Kind/resume`` at that first time.
///
/// **Safety.** External entities and DTDs are never fetched, only the five predefined entities and
/// character references are expanded, and any document whose DOCTYPE declares an entity
/// (`<!ENTITY`, as in the "billion laughs" attack) is refused with ``TCXError/Code/entityDeclaration``.
///
/// Bad single values (an unparseable number, a latitude outside −90…90°) are skipped and reported
/// in ``TCXDocument/warnings``; structural problems throw ``TCXError``. Every well-formedness error
/// is fatal (a mismatched end tag, an undeclared entity, text after the root), so a damaged file is
/// never half-imported. NUL bytes in text (the padding of Concept2's device names) are read as
/// spaces, with one warning. A namespace prefix used without its `xmlns:` declaration (a real-world slip
/// that breaks only the namespace rules, not XML itself) is read by local names and reported once in
/// ``TCXDocument/warnings``.
///
/// The file is read in chunks and scanned as it streams (no DOM is built); only the resulting
/// ``TCXDocument`` is held in memory. Encodings: UTF-8 (with or without BOM), UTF-16 with a BOM,
/// and ISO-8859-1/windows-1252 when the XML declaration names them.
///
/// ```swift
/// let document = try TCXReader().read(contentsOf: URL(fileURLWithPath: "run.tcx"))
/// let run = document.activities[0].recorded
/// ```
public struct TCXReader: Sendable {
    /// Creates a reader.
    public init() {}

    /// Reads a TCX file from disk.
    ///
    /// - Parameter url: A file URL; its last path component names the file in messages.
    /// - Returns: The activities, courses and warnings of the file.
    /// - Throws: ``TCXError`` (`unreadable`, `malformedXML`, `notTCX`, `entityDeclaration`).
    public func read(contentsOf url: URL) throws(TCXError) -> TCXDocument {
        let source: FileByteSource
        do {
            source = try FileByteSource(url: url)
        } catch {
            throw TCXError(.unreadable, file: url.lastPathComponent,
                           reason: "the file cannot be read; check that it exists and is readable", cause: error)
        }
        return try read(source: source, fileName: url.lastPathComponent)
    }

    /// Reads a TCX document from memory.
    ///
    /// - Parameters:
    ///   - data: The whole file (UTF-8 usually; UTF-16 with BOM and the 8-bit encodings the XML
    ///     declaration may name are read too).
    ///   - fileName: A name for error and warning messages.
    /// - Returns: The activities, courses and warnings of the document.
    /// - Throws: ``TCXError`` (`malformedXML`, `notTCX`, `entityDeclaration`).
    public func read(_ data: Data, fileName: String? = nil) throws(TCXError) -> TCXDocument {
        try read(source: DataByteSource(data), fileName: fileName)
    }

    /// Reads a TCX document from a byte source (a file, memory, a zip entry), in chunks.
    ///
    /// - Parameters:
    ///   - source: The document's bytes, read once from the current position.
    ///   - fileName: A name for error and warning messages.
    /// - Returns: The activities, courses and warnings of the document.
    /// - Throws: ``TCXError`` (`unreadable` when the source fails, `malformedXML`, `notTCX`,
    ///   `entityDeclaration`).
    public func read(source: some ByteSource, fileName: String? = nil) throws(TCXError) -> TCXDocument {
        try read(TCXParseHandler(fileName: fileName), source: source, fileName: fileName)
    }

    /// Reads a TCX document whose activities' track points go to `records` instead of into the
    /// document: its activities come back with their laps' start times and totals, timer events and
    /// every other value, but no records (its courses without records too), so a file of any size is
    /// read in memory that does not grow with it.
    ///
    /// A lap without a `StartTime` attribute starts at its first timed point, as in ``read(source:fileName:)``.
    ///
    /// - Parameters:
    ///   - source: The document's bytes, read once from the current position.
    ///   - fileName: A name for error and warning messages.
    ///   - records: Called once per track point of an activity, in file order, with the activity's
    ///     0-based index in ``TCXDocument/activities``; throwing stops the read with
    ///     ``TCXError/Code/handlerFailed`` (the error is the ``TCXError/cause``).
    /// - Returns: The document, its activities without records.
    /// - Throws: ``TCXError`` as ``read(source:fileName:)``, or `handlerFailed`.
    public func read(source: some ByteSource, fileName: String? = nil,
                     records: (ActivityRecord, _ activity: Int) throws -> Void) throws(TCXError) -> TCXDocument {
        try withoutActuallyEscaping(records) { (records) throws(TCXError) -> TCXDocument in
            try read(TCXParseHandler(fileName: fileName, recordSink: records), source: source, fileName: fileName)
        }
    }

    /// Reads a TCX document as ``read(source:fileName:records:)`` does, and hands each activity's
    /// head to `head` just before its first track point goes to `records`: the activity as read so
    /// far — its sport and `Id`, the laps begun by then (the open one with its start time and no
    /// totals yet) — so a caller can decide how to
    /// treat the records before the first arrives. What TCX puts after the track points (`Creator`,
    /// `Notes`, the open lap's totals) is only in the document returned at the end.
    ///
    /// - Parameters:
    ///   - source: The document's bytes, read once from the current position.
    ///   - fileName: A name for error and warning messages.
    ///   - head: Called once per activity that has track points, with the activity so far and its
    ///     0-based index; throwing stops the read with ``TCXError/Code/handlerFailed``.
    ///   - records: As in ``read(source:fileName:records:)``.
    /// - Returns: The document, its activities without records.
    /// - Throws: ``TCXError`` as ``read(source:fileName:records:)``.
    public func read(source: some ByteSource, fileName: String? = nil, head: (RecordedActivity, _ activity: Int) throws -> Void,
                     records: (ActivityRecord, _ activity: Int) throws -> Void) throws(TCXError) -> TCXDocument {
        try withoutActuallyEscaping(records) { (records) throws(TCXError) -> TCXDocument in
            try withoutActuallyEscaping(head) { (head) throws(TCXError) -> TCXDocument in
                try read(TCXParseHandler(fileName: fileName, recordSink: records, headSink: head), source: source, fileName: fileName)
            }
        }
    }

    /// Runs `handler` over the document in `source`.
    private func read(_ handler: consuming TCXParseHandler, source: some ByteSource, fileName: String?) throws(TCXError) -> TCXDocument {
        var handler = handler
        do {
            let scanner = XMLScanner(source: source)
            scanner.toleratesUndeclaredPrefixes = true
            scanner.toleratesNULInText = true
            try handler.run(scanner)
            if scanner.nulCharactersReplaced > 0, let first = scanner.firstReplacedNUL {
                handler.addWarning(TCXWarning(file: fileName, line: first.line, column: first.column,
                    reason: "\(scanner.nulCharactersReplaced) NUL character(s) in text (C-string padding some devices write) were read as spaces"))
            }
        } catch let error as TCXError {
            throw error
        } catch let failure as TCXParseHandler.SinkFailure {
            throw TCXError(.handlerFailed, file: fileName, reason: "the record handler stopped the read: \(failure.cause)", cause: failure.cause)
        } catch let error as XMLScanError {
            throw Self.error(error, fileName: fileName)
        } catch {
            throw TCXError(.malformedXML, file: fileName, reason: "the file cannot be read", cause: error)
        }
        return handler.document
    }

    /// The ``TCXError`` for a scanner error.
    static func error(_ error: XMLScanError, fileName: String?) -> TCXError {
        switch error.kind {
        case .entityDeclaration:
            TCXError(.entityDeclaration, file: fileName, line: error.line, column: error.column,
                     reason: "the document declares XML entities (<!ENTITY), which Pace refuses for safety; remove the DOCTYPE or export the file again")
        case .gzipCompressed:
            TCXError(.malformedXML, file: fileName,
                     reason: "the file is gzip-compressed, not XML; decompress it (gunzip) and read the .tcx inside")
        case .readFailed:
            TCXError(.unreadable, file: fileName, reason: "the file cannot be read; check that it exists and is readable", cause: error.cause)
        case .noRootElement:
            TCXError(.malformedXML, file: fileName, line: 1, column: 1,
                     reason: "the file has no XML root element; export it again from the source app", cause: error)
        default:
            TCXError(.malformedXML, file: fileName, line: error.line, column: error.column,
                     reason: "the file is not well-formed XML; it is truncated, corrupt or not a TCX file — export it again from the source app",
                     cause: error)
        }
    }
}
