import Foundation
import FoundationXML

/// The SAX state machine behind ``GPXReader``: element events in, a ``GPXDocument`` out.
///
/// Names are compared by lower-cased local name (the part after any `prefix:`), so namespaces and
/// prefixes do not matter. Only a fatal problem (a root that is not `<gpx>`) aborts parsing.
final class GPXParserDelegate: NSObject, XMLParserDelegate {
    struct Failure {
        var code: GPXError.Code
        var message: String
        var line: Int
        var column: Int
    }

    private struct TrackState {
        var name: String?
        var type: String?
        var laps: [ActivityLap] = []
        var segment: [ActivityRecord]?
    }

    private struct PointState {
        var kind: String
        var depth: Int
        var record = ActivityRecord(time: nil)
        var isValid = true
        var name: String?
        var description: String?
        var comment: String?
        var type: String?
        var symbol: String?
    }

    /// Elevations outside this range (metres) are "no data" sentinels.
    static let plausibleElevation = -1000.0...10_000.0

    private(set) var document = GPXDocument()
    private(set) var failure: Failure?
    private(set) var parseError: (any Error)?
    private(set) var parseErrorLine: Int?
    private(set) var parseErrorColumn: Int?
    private(set) var sawRoot = false

    private var stack: [String] = []
    private var text = ""
    private var track: TrackState?
    private var route: GPXRoute?
    private var point: PointState?

    // MARK: XMLParserDelegate

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        let local = Self.localName(elementName)
        text = ""
        if stack.isEmpty {
            guard local == "gpx" else {
                failure = Failure(code: .notGPX,
                                  message: "the root element is <\(elementName)>, not <gpx>; this is not a GPX file.",
                                  line: parser.lineNumber, column: parser.columnNumber)
                parser.abortParsing()
                return
            }
            sawRoot = true
            document.version = Self.attribute("version", in: attributeDict)
            document.creator = Self.attribute("creator", in: attributeDict)
        }
        stack.append(local)
        switch local {
        case "trk" where point == nil:
            track = TrackState()
        case "trkseg" where point == nil && track != nil:
            closeSegment()
            track?.segment = []
        case "rte" where point == nil:
            route = GPXRoute()
        case "trkpt" where point == nil, "rtept" where point == nil, "wpt" where point == nil:
            startPoint(kind: local, attributes: attributeDict, parser: parser)
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        text += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard let local = stack.popLast() else { return }
        let parent = stack.last
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        text = ""
        if var current = point {
            if stack.count < current.depth {
                finishPoint(current)
                point = nil
                return
            }
            if current.isValid {
                readPointValue(local, value: value, direct: stack.count == current.depth, into: &current, parser: parser)
                point = current
            }
            return
        }
        switch (local, parent) {
        case ("trkseg", _):
            closeSegment()
        case ("trk", _):
            finishTrack()
        case ("rte", _):
            if let route { document.routes.append(route) }
            route = nil
        case ("name", "trk"?):
            track?.name = value.isEmpty ? nil : value
        case ("type", "trk"?):
            track?.type = value.isEmpty ? nil : value
        case ("name", "rte"?):
            route?.name = value.isEmpty ? nil : value
        case ("type", "rte"?):
            route?.type = value.isEmpty ? nil : value
        case ("name", "metadata"?), ("name", "gpx"?):
            document.name = value.isEmpty ? nil : value
        case ("time", "metadata"?), ("time", "gpx"?):
            document.time = time(value, parser: parser)
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard self.parseError == nil, failure == nil else { return }
        self.parseError = parseError
        parseErrorLine = parser.lineNumber
        parseErrorColumn = parser.columnNumber
    }

    func parserDidEndDocument(_ parser: XMLParser) {
        if track != nil { finishTrack() }
        for index in document.tracks.indices where document.tracks[index].name == nil {
            document.tracks[index].name = document.name
        }
    }

    // MARK: Points

    private func startPoint(kind: String, attributes: [String: String], parser: XMLParser) {
        var state = PointState(kind: kind, depth: stack.count)
        let latText = Self.attribute("lat", in: attributes)
        let lonText = Self.attribute("lon", in: attributes)
        guard let latitude = latText.flatMap(Self.number), let longitude = lonText.flatMap(Self.number) else {
            state.isValid = false
            warn(.invalidCoordinate, "<\(kind)> has a missing or non-numeric lat/lon attribute; the point was skipped.", parser)
            point = state
            return
        }
        guard (-90.0...90.0).contains(latitude), (-180.0...180.0).contains(longitude) else {
            state.isValid = false
            warn(.coordinateOutOfRange,
                 "<\(kind)> has a latitude outside -90...90 or a longitude outside -180...180 degrees; the point was skipped.",
                 parser)
            point = state
            return
        }
        state.record.latitude = latitude
        state.record.longitude = longitude
        point = state
    }

    private func readPointValue(_ name: String, value: String, direct: Bool, into state: inout PointState, parser: XMLParser) {
        if direct {
            switch name {
            case "name": state.name = value.isEmpty ? nil : value; return
            case "desc": state.description = value.isEmpty ? nil : value; return
            case "cmt": state.comment = value.isEmpty ? nil : value; return
            case "type": state.type = value.isEmpty ? nil : value; return
            case "sym": state.symbol = value.isEmpty ? nil : value; return
            default: break
            }
        }
        let field: WritableKeyPath<ActivityRecord, Double?>
        var nonNegative = false
        switch name {
        case "time":
            state.record.time = time(value, parser: parser)
            return
        case "ele": field = \.altitude
        case "hr", "heartrate": field = \.heartRate
        case "cad", "cadence": field = \.cadence
        case "atemp", "temp", "temperature": field = \.temperature
        case "speed": field = \.speed; nonNegative = true
        case "course": field = \.course; nonNegative = true
        case "power", "powerinwatts", "watts": field = \.power
        case "hacc", "accuracy_horizontal": field = \.horizontalAccuracy; nonNegative = true
        case "vacc", "accuracy_vertical": field = \.verticalAccuracy; nonNegative = true
        default: return
        }
        guard !value.isEmpty else { return }
        guard let number = Self.number(value) else {
            warn(.invalidValue, "<\(name)> is not a number; the value was ignored.", parser)
            return
        }
        if name == "ele", !Self.plausibleElevation.contains(number) {
            warn(.sentinelElevation, "<ele> is outside -1000...10000 m (a no-data value); the elevation was ignored.", parser)
            return
        }
        if nonNegative, number < 0 { return }
        state.record[keyPath: field] = number
    }

    private func finishPoint(_ state: PointState) {
        guard state.isValid else { return }
        switch state.kind {
        case "trkpt":
            if track == nil { track = TrackState() }
            if track?.segment == nil { track?.segment = [] }
            track?.segment?.append(state.record)
        case "rtept":
            if route == nil { route = GPXRoute() }
            route?.points.append(state.record)
        default:
            document.waypoints.append(GPXWaypoint(name: state.name, description: state.description ?? state.comment,
                                                  type: state.type, symbol: state.symbol, point: state.record))
        }
    }

    // MARK: Tracks

    private func closeSegment() {
        guard let records = track?.segment else { return }
        track?.segment = nil
        guard !records.isEmpty else { return }
        track?.laps.append(ActivityLap(startTime: records.first?.time, records: records))
    }

    private func finishTrack() {
        closeSegment()
        guard let track else { return }
        self.track = nil
        var events: [ActivityTimerEvent] = []
        for (earlier, later) in zip(track.laps, track.laps.dropFirst()) {
            guard let pause = earlier.records.last?.time, let resume = later.records.first?.time, resume >= pause else { continue }
            events.append(ActivityTimerEvent(kind: .pause, time: pause))
            events.append(ActivityTimerEvent(kind: .resume, time: resume))
        }
        document.tracks.append(RecordedActivity(sport: track.type, name: track.name, laps: track.laps,
                                                timerEvents: events, deviceName: document.creator))
    }

    // MARK: Values

    private func time(_ value: String, parser: XMLParser) -> Date? {
        guard !value.isEmpty else { return nil }
        guard let date = XMLDateTime.parse(value) else {
            warn(.invalidValue, "<time> is not an ISO 8601 date-time; the time was ignored.", parser)
            return nil
        }
        return date
    }

    private func warn(_ code: GPXWarning.Code, _ message: String, _ parser: XMLParser) {
        document.warnings.append(GPXWarning(code: code, message: message, line: parser.lineNumber, column: parser.columnNumber))
    }

    private static func localName(_ name: String) -> String {
        guard let colon = name.lastIndex(of: ":") else { return name.lowercased() }
        return name[name.index(after: colon)...].lowercased()
    }

    private static func attribute(_ name: String, in attributes: [String: String]) -> String? {
        if let value = attributes[name] { return value }
        return attributes.first { localName($0.key) == name }?.value
    }

    static func number(_ text: String) -> Double? {
        guard let value = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)), value.isFinite else { return nil }
        return value
    }
}
