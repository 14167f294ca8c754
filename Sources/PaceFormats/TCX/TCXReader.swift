public import Foundation
internal import FoundationXML

/// Reads Garmin Training Center Database (TCX v2) files with a streaming SAX parser.
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
/// **Safety.** External entities are never resolved, and any document whose DOCTYPE declares an
/// entity (`<!ENTITY`, as in the "billion laughs" attack) is refused with
/// ``TCXError/Code/entityDeclaration`` before parsing.
///
/// Bad single values (an unparseable number, a latitude outside −90…90°) are skipped and reported
/// in ``TCXDocument/warnings``; structural problems throw ``TCXError``. Every libxml2 error is
/// fatal — including ones it could recover from, such as a mismatched end tag or an undeclared
/// namespace prefix — so a damaged file is never half-imported.
///
/// The SAX parser streams over the bytes (no DOM is built); the file itself is read into memory
/// first, because the entity check needs the raw bytes.
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
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw TCXError(.unreadable, file: url.lastPathComponent,
                           reason: "the file cannot be read; check that it exists and is readable", cause: error)
        }
        return try read(data, fileName: url.lastPathComponent)
    }

    /// Reads a TCX document from memory.
    ///
    /// - Parameters:
    ///   - data: The whole file (any encoding the XML declaration names; UTF-8 usually).
    ///   - fileName: A name for error and warning messages.
    /// - Returns: The activities, courses and warnings of the document.
    /// - Throws: ``TCXError`` (`malformedXML`, `notTCX`, `entityDeclaration`).
    public func read(_ data: Data, fileName: String? = nil) throws(TCXError) -> TCXDocument {
        try Self.refuseEntityDeclarations(in: data, fileName: fileName)
        let parser = XMLParser(data: XMLDoctype.blanked(data))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        let handler = TCXParseHandler(fileName: fileName)
        parser.delegate = handler
        let succeeded = parser.parse()
        if let error = handler.failure { throw error }
        if !succeeded || handler.errorLine != nil {
            let line = handler.errorLine ?? parser.lineNumber
            let column = handler.errorColumn ?? parser.columnNumber
            throw TCXError(.malformedXML, file: fileName, line: line, column: column,
                           reason: "the file is not well-formed XML; it is truncated, corrupt or not a TCX file — export it again from the source app",
                           cause: parser.parserError ?? handler.parserError)
        }
        guard handler.sawRoot else {
            throw TCXError(.malformedXML, file: fileName, line: 1, column: 1,
                           reason: "the file has no XML root element; export it again from the source app")
        }
        return handler.document
    }

    /// Throws if the document declares entities before its root element (checked on the raw bytes).
    static func refuseEntityDeclarations(in data: Data, fileName: String?) throws(TCXError) {
        guard let (line, column) = XMLPrologScanner.scan(data).entityPosition else { return }
        throw TCXError(.entityDeclaration, file: fileName, line: line, column: column,
                       reason: "the document declares XML entities (<!ENTITY), which Pace refuses for safety; remove the DOCTYPE or export the file again")
    }
}
