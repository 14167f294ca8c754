public import Foundation

/// Writes a ``RecordedActivity`` as a GPX 1.1 document that validates against the official
/// GPX 1.1 schema and Garmin's TrackPointExtension v1 schema.
///
/// - One `<trk>` with the activity's `name` and `sport` (as `<type>`); one `<trkseg>` per stretch of
///   recording: the records of all laps are split wherever a pause is followed by a resume in
///   `timerEvents` (the first record at or after the resume starts a new segment).
/// - Each `<trkpt>` has `lat`/`lon` (WGS-84 degrees, 8 decimals ≈ 1 mm), `<ele>` (metres, 3 decimals),
///   `<time>` (UTC, microseconds when not whole; left out for a time outside the years 0000–9999,
///   which GPX readers do not take), and a `gpxtpx:TrackPointExtension` with `atemp`
///   (°C), `hr` (bpm, rounded, 1…255) and `cad` (rpm, rounded, 0…254) when present. Records without
///   a position are left out, because GPX requires one; speed, course, power, distance and accuracy
///   have no place in these schemas and are not written.
/// - `<metadata>` has the activity's name and a time (the given one, or the first record's).
///
/// ```swift
/// let gpx: String = GPXWriter().string(for: activity)
/// try GPXWriter().data(for: activity).write(to: url)
/// ```
public struct GPXWriter: Sendable {
    /// The `creator` attribute written on `<gpx>`.
    public var creator: String

    /// Creates a writer.
    /// - Parameter creator: The `creator` attribute; `"Pace"` by default.
    public init(creator: String = "Pace") {
        self.creator = creator
    }

    /// The activity as a GPX 1.1 document (UTF-8 text).
    /// - Parameters:
    ///   - activity: The activity to write.
    ///   - metadataTime: The `<metadata><time>` (UTC); the first record's time when `nil`.
    /// - Returns: The XML text.
    public func string(for activity: RecordedActivity, metadataTime: Date? = nil) -> String {
        let records = activity.records
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<gpx version=\"1.1\" creator=\"\(Self.escape(creator))\" xmlns=\"http://www.topografix.com/GPX/1/1\""
        out += " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
        out += " xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v1\""
        out += " xsi:schemaLocation=\"http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd"
        out += " http://www.garmin.com/xmlschemas/TrackPointExtension/v1 http://www.garmin.com/xmlschemas/TrackPointExtensionv1.xsd\">\n"
        let time = metadataTime ?? records.lazy.compactMap(\.time).first
        if activity.name != nil || time != nil {
            out += "  <metadata>\n"
            if let name = activity.name { out += "    <name>\(Self.escape(name))</name>\n" }
            if let text = time.flatMap(XMLDateTime.format) { out += "    <time>\(text)</time>\n" }
            out += "  </metadata>\n"
        }
        out += "  <trk>\n"
        if let name = activity.name { out += "    <name>\(Self.escape(name))</name>\n" }
        if let sport = activity.sport { out += "    <type>\(Self.escape(sport))</type>\n" }
        for segment in Self.segments(records, timerEvents: activity.timerEvents) {
            out += "    <trkseg>\n"
            for record in segment { Self.appendPoint(record, to: &out) }
            out += "    </trkseg>\n"
        }
        out += "  </trk>\n</gpx>\n"
        return out
    }

    /// Whether a `<time>` can be written for `time`: GPX readers take the years 0000–9999 only, and
    /// a time outside them is left out.
    public static func canWrite(_ time: Date) -> Bool {
        XMLDateTime.writableMicroseconds(time) != nil
    }

    /// The activity as a GPX 1.1 document in UTF-8 bytes.
    /// - Parameters:
    ///   - activity: The activity to write.
    ///   - metadataTime: The `<metadata><time>` (UTC); the first record's time when `nil`.
    /// - Returns: The UTF-8 encoded XML.
    public func data(for activity: RecordedActivity, metadataTime: Date? = nil) -> Data {
        Data(string(for: activity, metadataTime: metadataTime).utf8)
    }

    /// Splits records (with a position) into segments at each resume that follows a pause.
    static func segments(_ records: [ActivityRecord], timerEvents: [ActivityTimerEvent]) -> [[ActivityRecord]] {
        var breaks: [Date] = []
        var paused = false
        for event in timerEvents.sorted(by: { $0.time < $1.time }) {
            switch event.kind {
            case .pause: paused = true
            case .resume:
                if paused { breaks.append(event.time) }
                paused = false
            }
        }
        var segments: [[ActivityRecord]] = []
        var current: [ActivityRecord] = []
        var nextBreak = 0
        for record in records where record.latitude != nil && record.longitude != nil {
            if let time = record.time {
                while nextBreak < breaks.count, time >= breaks[nextBreak] {
                    if !current.isEmpty { segments.append(current) }
                    current = []
                    nextBreak += 1
                }
            }
            current.append(record)
        }
        if !current.isEmpty { segments.append(current) }
        return segments
    }

    private static func appendPoint(_ record: ActivityRecord, to out: inout String) {
        guard let latitude = record.latitude, let longitude = record.longitude else { return }
        out += "      <trkpt lat=\"\(String(format: "%.8f", latitude))\" lon=\"\(String(format: "%.8f", longitude))\">"
        if let altitude = record.altitude, altitude.isFinite { out += "<ele>\(decimal(altitude))</ele>" }
        if let text = record.time.flatMap(XMLDateTime.format) { out += "<time>\(text)</time>" }
        var extensions = ""
        if let temperature = record.temperature, temperature.isFinite {
            extensions += "<gpxtpx:atemp>\(decimal(temperature))</gpxtpx:atemp>"
        }
        if let heartRate = record.heartRate, heartRate.isFinite, (1...255).contains(heartRate.rounded()) {
            extensions += "<gpxtpx:hr>\(Int(heartRate.rounded()))</gpxtpx:hr>"
        }
        if let cadence = record.cadence, cadence.isFinite, (0...254).contains(cadence.rounded()) {
            extensions += "<gpxtpx:cad>\(Int(cadence.rounded()))</gpxtpx:cad>"
        }
        if !extensions.isEmpty {
            out += "<extensions><gpxtpx:TrackPointExtension>\(extensions)</gpxtpx:TrackPointExtension></extensions>"
        }
        out += "</trkpt>\n"
    }

    /// A plain decimal (no exponent, as `xsd:decimal` requires) with up to 3 fraction digits.
    static func decimal(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// Escapes text for element content and attribute values, dropping characters XML 1.0 forbids.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
