import Foundation

/// Why ``GPXStreamParser`` stopped.
enum GPXStreamFailure: Error {
    /// The XML is not well-formed, declares entities, or cannot be read.
    case scan(XMLScanError)
    /// The root element is not `<gpx>`.
    case notGPX(rootName: String, position: XMLPosition)
    /// The caller's handler threw.
    case handler(any Error, position: XMLPosition)
}

/// The state machine behind ``GPXReader``: scanner tokens in, ``GPXStreamEvent``s out.
///
/// Elements are recognised by local name ignoring case and prefix (``GPXTag``). Values are read
/// from the scanner's bytes (numbers with ``XMLNumber``, times with ``XMLDateTime``), so a track
/// point costs no allocation beyond what the handler does with it. Used from one thread; its stored
/// properties opt out of dynamic exclusivity checks (see ``XMLScanner``).
final class GPXStreamParser {
    private struct PointState {
        var kind = GPXTag.trkpt
        var depth = 0
        var record = ActivityRecord(time: nil)
        var isValid = true
        var name: String?
        var description: String?
        var comment: String?
        var type: String?
        var symbol: String?
    }

    /// Elevations outside this range (metres) are "no data" sentinels.
    static let plausibleElevation = ActivityRecord.plausibleAltitudes

    private let scanner: XMLScanner
    private let handler: (GPXStreamEvent) throws -> Void
    @exclusivity(unchecked) private(set) var summary = GPXStreamSummary()

    @exclusivity(unchecked) private var stack = XMLUnsafeStack<GPXTag>(capacity: 16)
    @exclusivity(unchecked) private var text = XMLUnsafeStack<UInt8>(capacity: 256)
    @exclusivity(unchecked) private var inTrack = false
    @exclusivity(unchecked) private var trackName: String?
    @exclusivity(unchecked) private var trackType: String?
    @exclusivity(unchecked) private var segmentCount = 0
    @exclusivity(unchecked) private var inSegment = false
    @exclusivity(unchecked) private var trackPointCount = 0
    @exclusivity(unchecked) private var route: GPXRoute?
    @exclusivity(unchecked) private var inPoint = false
    @exclusivity(unchecked) private var point = PointState()

    /// Called with a track's name and type as read so far (and no points counted) just before its
    /// first point's event.
    var trackHead: ((GPXTrackInfo) throws -> Void)?

    init(source: any ByteSource, handler: @escaping (GPXStreamEvent) throws -> Void) {
        scanner = XMLScanner(source: source)
        scanner.toleratesUndeclaredPrefixes = true
        self.handler = handler
    }

    deinit {
        stack.deallocate()
        text.deallocate()
    }

    /// Reads the whole document, delivering events to the handler.
    func run() throws(GPXStreamFailure) {
        do {
            while true {
                switch try scanner.next() {
                case .startElement: try startElement()
                case .endElement: try endElement()
                case .text: scanner.appendText(to: &text)
                case .endOfDocument:
                    if inTrack { try finishTrack() }
                    return
                }
            }
        } catch let error as XMLScanError {
            throw .scan(error)
        } catch let error as GPXStreamFailure {
            throw error
        } catch {
            throw .handler(error, position: scanner.currentPosition)
        }
    }

    // MARK: Elements

    private func startElement() throws {
        if !scanner.undeclaredPrefixes.isEmpty { try warnUndeclaredPrefixes() }
        let tag = GPXTag(localName: scanner.localName)
        text.removeAll()
        if stack.isEmpty {
            guard tag == .gpx else { throw GPXStreamFailure.notGPX(rootName: scanner.nameString, position: scanner.tokenPosition) }
            summary.version = scanner.attributeIndex(named: "version").map(scanner.attributeString)
            summary.creator = scanner.attributeIndex(named: "creator").map(scanner.attributeString)
        }
        stack.append(tag)
        guard !inPoint else { return }
        switch tag {
        case .trk:
            if inTrack { try finishTrack() }
            inTrack = true
            trackName = nil
            trackType = nil
            segmentCount = 0
            trackPointCount = 0
        case .trkseg where inTrack:
            startSegment()
        case .rte:
            route = GPXRoute()
        case .trkpt, .rtept, .wpt:
            try startPoint(tag)
        default:
            break
        }
    }

    private func endElement() throws {
        let tag = stack.removeLast()
        defer { text.removeAll() }
        if inPoint {
            if stack.count < point.depth {
                inPoint = false
                try finishPoint()
            } else if point.isValid {
                try readPointValue(tag, direct: stack.count == point.depth)
            }
            return
        }
        let parent = stack.last
        switch tag {
        case .trkseg: inSegment = false
        case .trk: try finishTrack()
        case .rte:
            if let route { try emit(.route(route)) }
            route = nil
        case .name where parent == .trk: trackName = stringValue()
        case .type where parent == .trk: trackType = stringValue()
        case .name where parent == .rte: route?.name = stringValue()
        case .type where parent == .rte: route?.type = stringValue()
        case .name where parent == .metadata || parent == .gpx: summary.name = stringValue()
        case .time where parent == .metadata || parent == .gpx: summary.time = try timeValue()
        default: break
        }
    }

    // MARK: Points

    private func startPoint(_ kind: GPXTag) throws {
        inPoint = true
        point = PointState(kind: kind, depth: stack.count)
        let name = kind == .trkpt ? "trkpt" : kind == .rtept ? "rtept" : "wpt"
        guard let latitude = scanner.attributeIndex(named: "lat").flatMap(attributeNumber),
              let longitude = scanner.attributeIndex(named: "lon").flatMap(attributeNumber) else {
            point.isValid = false
            try warn(.invalidCoordinate, "<\(name)> has a missing or non-numeric lat/lon attribute; the point was skipped.",
                     scanner.tokenPosition)
            return
        }
        guard (-90.0...90.0).contains(latitude), (-180.0...180.0).contains(longitude) else {
            point.isValid = false
            try warn(.coordinateOutOfRange,
                     "<\(name)> has a latitude outside -90...90 or a longitude outside -180...180 degrees; the point was skipped.",
                     scanner.tokenPosition)
            return
        }
        point.record.latitude = latitude
        point.record.longitude = longitude
    }

    private func attributeNumber(_ index: Int) -> Double? {
        if scanner.attributeNeedsDecoding(index) {
            var string = scanner.attributeString(index)
            return string.withUTF8 { XMLNumber.double(UnsafeRawBufferPointer($0)) }
        }
        return XMLNumber.double(scanner.attributeRawValue(index))
    }

    private func readPointValue(_ tag: GPXTag, direct: Bool) throws {
        if direct {
            switch tag {
            case .name: point.name = stringValue(); return
            case .desc: point.description = stringValue(); return
            case .cmt: point.comment = stringValue(); return
            case .type: point.type = stringValue(); return
            case .sym: point.symbol = stringValue(); return
            default: break
            }
        }
        switch tag {
        case .time:
            point.record.time = try timeValue()
            return
        case .ele, .heartRate, .cadence, .temperature, .speed, .course, .power, .horizontalAccuracy, .verticalAccuracy:
            break
        default:
            return
        }
        let trimmed = XMLScanner.trimmed(textBytes)
        guard !trimmed.isEmpty else { return }
        guard let number = XMLNumber.double(trimmed) else {
            let name = scanner.localNameString.lowercased()
            try warn(.invalidValue, "<\(name)> is not a number; the value was ignored.", scanner.tokenPosition)
            return
        }
        switch tag {
        case .ele:
            guard Self.plausibleElevation.contains(number) else {
                try warn(.sentinelElevation, "<ele> is outside -1000...10000 m (a no-data value); the elevation was ignored.",
                         scanner.tokenPosition)
                return
            }
            point.record.altitude = number
        case .heartRate: point.record.heartRate = number
        case .cadence: point.record.cadence = number
        case .temperature: point.record.temperature = number
        case .power: point.record.power = number
        case .speed: if number >= 0 { point.record.speed = number }
        case .course: if number >= 0 { point.record.course = number }
        case .horizontalAccuracy: if number >= 0 { point.record.horizontalAccuracy = number }
        case .verticalAccuracy: if number >= 0 { point.record.verticalAccuracy = number }
        default: break
        }
    }

    private func finishPoint() throws {
        guard point.isValid else { return }
        switch point.kind {
        case .trkpt:
            if !inTrack {
                inTrack = true
                trackName = nil
                trackType = nil
                segmentCount = 0
                trackPointCount = 0
            }
            if !inSegment { startSegment() }
            if trackPointCount == 0, let trackHead {
                let head = GPXTrackInfo(index: summary.trackCount, name: trackName, type: trackType, segmentCount: segmentCount, pointCount: 0)
                do { try trackHead(head) } catch { throw GPXStreamFailure.handler(error, position: scanner.currentPosition) }
            }
            trackPointCount += 1
            summary.trackPointCount += 1
            try emit(.trackPoint(point.record, track: summary.trackCount, segment: segmentCount - 1))
        case .rtept:
            if route == nil { route = GPXRoute() }
            route?.points.append(point.record)
        default:
            try emit(.waypoint(GPXWaypoint(name: point.name, description: point.description ?? point.comment,
                                           type: point.type, symbol: point.symbol, point: point.record)))
        }
    }

    // MARK: Tracks

    private func startSegment() {
        inSegment = true
        segmentCount += 1
    }

    private func finishTrack() throws {
        inSegment = false
        guard inTrack else { return }
        inTrack = false
        let info = GPXTrackInfo(index: summary.trackCount, name: trackName, type: trackType, segmentCount: segmentCount,
                                pointCount: trackPointCount)
        summary.trackCount += 1
        try emit(.trackEnd(info))
    }

    // MARK: Values

    /// The text collected since the last tag.
    private var textBytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: text.base, count: text.count) }

    /// The collected text, trimmed, or `nil` when empty.
    private func stringValue() -> String? {
        guard !text.isEmpty else { return nil }
        let value = String(decoding: textBytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return value.isEmpty ? nil : value
    }

    private func timeValue() throws -> Date? {
        let trimmed = XMLScanner.trimmed(textBytes)
        guard !trimmed.isEmpty else { return nil }
        guard let date = XMLDateTime.parse(bytes: trimmed) else {
            try warn(.invalidValue, "<time> is not an ISO 8601 date-time; the time was ignored.", scanner.tokenPosition)
            return nil
        }
        return date
    }

    private func warnUndeclaredPrefixes() throws {
        let found = scanner.undeclaredPrefixes
        scanner.undeclaredPrefixes.removeAll()
        for use in found { try warn(.undeclaredNamespacePrefix, use.warning, use.position) }
    }

    private func warn(_ code: GPXWarning.Code, _ message: String, _ position: XMLPosition) throws {
        summary.warningCount += 1
        try emit(.warning(GPXWarning(code: code, message: message, line: position.line, column: position.column)))
    }

    private func emit(_ event: GPXStreamEvent) throws {
        do {
            try handler(event)
        } catch {
            throw GPXStreamFailure.handler(error, position: scanner.currentPosition)
        }
    }
}
