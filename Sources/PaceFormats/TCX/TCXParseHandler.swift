internal import Foundation

/// The state machine behind ``TCXReader``: builds activities as the scanner's elements open and close.
///
/// With a ``recordSink``, an activity's track points go to it instead of into their laps (each lap
/// keeps its start time and totals) and a course's are dropped, so a file of any length is read in
/// memory that does not grow with it. A value type, so its state needs no run-time exclusivity checks.
struct TCXParseHandler {
    /// An error thrown by ``recordSink``, carried out of the scan to ``TCXReader``.
    struct SinkFailure: Error {
        var cause: any Error
    }

    private struct Element {
        var tag: TCXTag
        var line: Int
        var column: Int
    }

    /// An activity or course being read.
    private struct ActivityBuilder {
        var isCourse: Bool
        var recorded = RecordedActivity()
        var summaries: [TCXLapSummary] = []
        var courseRecords: [ActivityRecord] = []
        var courseTime: Double?
        var courseDistance: Double?
    }

    let fileName: String?
    private(set) var document = TCXDocument()
    private(set) var sawRoot = false

    private var stack: [Element] = []
    private var text: [UInt8] = []
    /// Whether the open element's text matters (it holds a value), so the scanner's text is kept.
    private var collectsText = false
    private var activity: ActivityBuilder?
    /// What ``activity`` is: nothing, an activity or a course.
    private var reading: Reading {
        switch activity?.isCourse {
        case nil: .nothing
        case false?: .activity
        case true?: .course
        }
    }
    private enum Reading { case nothing, activity, course }
    private var lap: ActivityLap?
    private var summary = TCXLapSummary()
    private var record: ActivityRecord?
    private var latitude: Double?
    private var longitude: Double?
    private var tpxCadence: Double?
    /// The last timed record before the current `Track` of this lap, while waiting for the first timed one in it.
    private var timeBeforeTrack: Date?
    /// The first and last time of the open lap's timed records (of the open course's, for a course).
    private var lapTimes: (first: Date, last: Date)?
    /// Receives each activity's track points, with the activity's index in ``TCXDocument/activities``,
    /// instead of the laps; `nil` to keep them in the laps.
    private let recordSink: ((ActivityRecord, Int) throws -> Void)?
    /// Receives each activity as read so far, with its index, just before its first track point
    /// goes to ``recordSink``.
    private let headSink: ((RecordedActivity, Int) throws -> Void)?
    /// Whether the open activity's head went to ``headSink`` already.
    private var headSent = false

    init(fileName: String?, recordSink: ((ActivityRecord, Int) throws -> Void)? = nil,
         headSink: ((RecordedActivity, Int) throws -> Void)? = nil) {
        self.fileName = fileName
        self.recordSink = recordSink
        self.headSink = headSink
    }

    // MARK: Scanning

    /// Reads the whole document.
    /// - Throws: ``TCXError`` for a root that is not `TrainingCenterDatabase`; ``XMLScanError``
    ///   for XML that is not well-formed (mapped by ``TCXReader``).
    mutating func run(_ scanner: XMLScanner) throws {
        while true {
            switch try scanner.next() {
            case .startElement: try startElement(scanner)
            case .endElement: try endElement(scanner)
            case .text: if collectsText { scanner.appendText(to: &text) }
            case .endOfDocument: return
            }
        }
    }

    private mutating func startElement(_ scanner: XMLScanner) throws {
        if !scanner.undeclaredPrefixes.isEmpty {
            for use in scanner.undeclaredPrefixes {
                document.warnings.append(TCXWarning(file: fileName, line: use.position.line, column: use.position.column, reason: use.warning))
            }
            scanner.undeclaredPrefixes.removeAll()
        }
        let tag = TCXTag(localName: scanner.localName)
        let position = scanner.tokenPosition
        if !sawRoot {
            sawRoot = true
            guard tag == .trainingCenterDatabase else {
                throw TCXError(.notTCX, file: fileName, line: position.line, column: position.column,
                               reason: "the root element is <\(scanner.nameString)>, not <TrainingCenterDatabase>; this is not a TCX file")
            }
        }
        stack.append(Element(tag: tag, line: position.line, column: position.column))
        if !text.isEmpty { text.removeAll(keepingCapacity: true) }
        collectsText = tag.holdsValue
        let parent = stack.count >= 2 ? stack[stack.count - 2].tag : .other
        // An activity, course or lap that starts inside an open one of its kind, or a lap anywhere but
        // directly in its activity or course (only a damaged file has them), is read as part of what
        // is open: replacing the open one, or a lap inside a track point, would drop records a
        // streamed read has already handed over, and both reads must give the same records.
        switch tag {
        case .activity where parent != .activityRef && activity == nil:
            activity = ActivityBuilder(isCourse: false)
            headSent = false
            activity?.recorded.sport = Self.attribute("Sport", scanner)
        case .course where parent == .courses && activity == nil:
            activity = ActivityBuilder(isCourse: true)
            lapTimes = nil
        case .lap where reading != .nothing && lap == nil && (parent == .activity || parent == .course):
            lap = ActivityLap()
            if reading == .activity { lapTimes = nil }
            summary = TCXLapSummary()
            if var attribute = Self.attribute("StartTime", scanner) {
                let parsed = attribute.withUTF8 { Self.parseDate(UnsafeRawBufferPointer($0)) }
                let start = date(parsed, name: "Lap StartTime", at: Element(tag: .lap, line: position.line, column: position.column))
                lap?.startTime = start
            }
        case .track:
            timeBeforeTrack = reading == .activity ? lapTimes?.last : nil
        case .trackpoint where reading != .nothing:
            record = ActivityRecord(time: nil)
            tpxCadence = nil
        case .position where record != nil:
            latitude = nil
            longitude = nil
        default:
            break
        }
    }

    private mutating func endElement(_ scanner: XMLScanner) throws(SinkFailure) {
        guard let element = stack.popLast() else { return }
        defer {
            if !text.isEmpty { text.removeAll(keepingCapacity: true) }
            collectsText = stack.last?.tag.holdsValue ?? false
        }
        let parent = stack.last?.tag ?? .other
        let grandparent = stack.count >= 2 ? stack[stack.count - 2].tag : .other
        if record != nil {
            try endInTrackpoint(element, parent: parent, grandparent: grandparent)
        } else if lap != nil {
            endInLap(element, parent: parent, grandparent: grandparent)
        } else if reading != .nothing {
            endInActivity(element, parent: parent)
        }
    }

    /// The element's text, trimmed as `trimmingCharacters(in: .whitespacesAndNewlines)` trims it.
    private var stringValue: String {
        guard !text.isEmpty else { return "" }
        let string = String(decoding: text, as: UTF8.self)
        // Printable ASCII at both ends: nothing to trim (what else Foundation trims is a control
        // character or beyond ASCII).
        let plain = { (byte: UInt8) in byte > 0x20 && byte < 0x7F }
        if plain(text[0]), plain(text[text.count - 1]) { return string }
        return string.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The decoded value of the first attribute with this local name.
    private static func attribute(_ localName: String, _ scanner: XMLScanner) -> String? {
        (0..<scanner.attributeCount).first { String(decoding: scanner.attributeLocalName($0), as: UTF8.self) == localName }
            .map(scanner.attributeString)
    }

    // MARK: Element ends

    private mutating func endInTrackpoint(_ element: Element, parent: TCXTag, grandparent: TCXTag) throws(SinkFailure) {
        switch (element.tag, parent) {
        case (.trackpoint, _):
            try finishRecord()
        case (.time, .trackpoint):
            let value = date(text.withUnsafeBytes(Self.parseDate), name: element.tag.rawValue, at: element)
            record?.time = value
        case (.latitudeDegrees, .position):
            let value = number(element, range: -90...90)
            latitude = value
        case (.longitudeDegrees, .position):
            let value = number(element, range: -180...180)
            longitude = value
        case (.position, .trackpoint):
            if let latitude, let longitude {
                record?.latitude = latitude
                record?.longitude = longitude
            }
        case (.altitudeMeters, .trackpoint):
            let value = number(element, range: ActivityRecord.plausibleAltitudes)
            record?.altitude = value
        case (.distanceMeters, .trackpoint):
            let value = number(element, range: 0...Double.greatestFiniteMagnitude)
            record?.distance = value
        case (.value, .heartRateBpm) where grandparent == .trackpoint:
            let value = number(element, range: 0...400)
            record?.heartRate = value
        case (.cadence, .trackpoint):
            let value = number(element, range: 0...400)
            record?.cadence = value
        case (.speed, .tpx):
            let value = number(element, range: 0...Double.greatestFiniteMagnitude)
            record?.speed = value
        case (.runCadence, .tpx):
            let value = number(element, range: 0...400)
            tpxCadence = value
        case (.watts, .tpx):
            let value = number(element, range: 0...100_000)
            record?.power = value
        default:
            break
        }
    }

    private mutating func endInLap(_ element: Element, parent: TCXTag, grandparent: TCXTag) {
        func lapNumber() -> Double? { number(element, range: 0...Double.greatestFiniteMagnitude) }
        func lapString() -> String? { let value = stringValue; return value.isEmpty ? nil : value }
        switch (element.tag, parent) {
        case (.lap, _):
            finishLap()
        case (.totalTimeSeconds, .lap): let value = lapNumber(); lap?.totalTimerTime = value
        case (.distanceMeters, .lap): let value = lapNumber(); lap?.distance = value
        case (.calories, .lap): let value = lapNumber(); lap?.calories = value
        case (.maximumSpeed, .lap): let value = lapNumber(); summary.maximumSpeed = value
        case (.cadence, .lap): let value = lapNumber(); summary.cadence = value
        case (.intensity, .lap): let value = lapString(); lap?.intensity = value
        case (.triggerMethod, .lap): let value = lapString(); lap?.trigger = value
        case (.value, .averageHeartRateBpm) where grandparent == .lap: let value = lapNumber(); lap?.averageHeartRate = value
        case (.value, .maximumHeartRateBpm) where grandparent == .lap: let value = lapNumber(); lap?.maximumHeartRate = value
        case (.avgSpeed, .lx): let value = lapNumber(); summary.averageSpeed = value
        case (.maxBikeCadence, .lx): let value = lapNumber(); summary.maximumBikeCadence = value
        case (.avgRunCadence, .lx): let value = lapNumber(); summary.averageRunCadence = value
        case (.maxRunCadence, .lx): let value = lapNumber(); summary.maximumRunCadence = value
        case (.steps, .lx): let value = lapNumber(); summary.steps = value
        case (.avgWatts, .lx): let value = lapNumber(); summary.averageWatts = value
        case (.maxWatts, .lx): let value = lapNumber(); summary.maximumWatts = value
        default: break
        }
    }

    private mutating func endInActivity(_ element: Element, parent: TCXTag) {
        switch (element.tag, parent) {
        case (.activity, _) where reading == .activity,
             (.course, .courses) where reading == .course:
            finishActivity()
        case (.id, .activity):
            let value = stringValue
            activity?.recorded.identifier = value.isEmpty ? nil : value
            if activity?.recorded.identifier != nil, XMLDateTime.parse(value) == nil {
                warn(element, "<Id> is not a date-time; it is kept as the identifier only")
            }
        case (.notes, .activity) where activity?.recorded.name == nil:
            let value = stringValue
            activity?.recorded.name = value.isEmpty ? nil : value
        case (.name, .course):
            let value = stringValue
            activity?.recorded.name = value.isEmpty ? nil : value
        case (.name, .creator):
            let value = stringValue
            activity?.recorded.deviceName = value.isEmpty ? nil : value
        default:
            break
        }
    }

    // MARK: Building

    private mutating func finishRecord() throws(SinkFailure) {
        guard var finished = record else { return }
        record = nil
        if finished.cadence == nil { finished.cadence = tpxCadence }
        guard reading != .nothing else { return }
        if reading == .course {
            noteTime(of: finished)
            if recordSink == nil { activity?.courseRecords.append(finished) }
            return
        }
        guard lap != nil else { return }
        if let before = timeBeforeTrack, let time = finished.time {
            if time > before {
                activity?.recorded.timerEvents.append(ActivityTimerEvent(kind: .pause, time: before))
                activity?.recorded.timerEvents.append(ActivityTimerEvent(kind: .resume, time: time))
            }
            timeBeforeTrack = nil
        }
        noteTime(of: finished)
        guard let recordSink else {
            lap?.records.append(finished)
            return
        }
        do {
            if !headSent, let headSink, var recorded = activity?.recorded {
                headSent = true
                if let lap { recorded.laps.append(lap) }
                try headSink(recorded, document.activities.count)
            }
            try recordSink(finished, document.activities.count)
        } catch { throw SinkFailure(cause: error) }
    }

    /// Widens ``lapTimes`` to a timed record's time.
    private mutating func noteTime(of record: ActivityRecord) {
        guard let time = record.time else { return }
        lapTimes = (lapTimes?.first ?? time, time)
    }

    private mutating func finishLap() {
        guard var finished = lap else { return }
        lap = nil
        timeBeforeTrack = nil
        if reading == .course {
            let time = activity?.courseTime
            let distance = activity?.courseDistance
            if let lapTime = finished.totalTimerTime { activity?.courseTime = (time ?? 0) + lapTime }
            if let lapDistance = finished.distance { activity?.courseDistance = (distance ?? 0) + lapDistance }
            return
        }
        if finished.startTime == nil {
            finished.startTime = lapTimes?.first ?? activity?.recorded.identifier.flatMap(XMLDateTime.parse)
        }
        activity?.recorded.laps.append(finished)
        activity?.summaries.append(summary)
    }

    private mutating func finishActivity() {
        guard var builder = activity else { return }
        activity = nil
        if builder.isCourse {
            let records = builder.courseRecords
            builder.recorded.laps = [ActivityLap(startTime: lapTimes?.first,
                                                 totalTimerTime: builder.courseTime, distance: builder.courseDistance,
                                                 records: records)]
            builder.summaries = [TCXLapSummary()]
            document.courses.append(TCXActivity(recorded: builder.recorded, lapSummaries: builder.summaries))
        } else {
            builder.recorded.timerEvents.sort { $0.time < $1.time }
            document.activities.append(TCXActivity(recorded: builder.recorded, lapSummaries: builder.summaries))
        }
    }

    // MARK: Values

    /// The element's text as a number in `range`; `nil` (with a warning unless the text is empty)
    /// otherwise. Read from the bytes, as `Double(String)` reads them.
    private mutating func number(_ element: Element, range: ClosedRange<Double>) -> Double? {
        // nil: no text; .some(nil): not a number in XML's white space.
        let fast: Double?? = text.withUnsafeBytes { bytes in
            let trimmed = XMLScanner.trimmed(bytes)
            return trimmed.isEmpty ? nil : .some(XMLNumber.double(trimmed))
        }
        guard let fast else { return nil }
        let value: Double
        if let fast {
            value = fast
        } else {
            // Perhaps a number in white space beyond XML's.
            let string = stringValue
            guard !string.isEmpty else { return nil }
            guard let parsed = Double(string), parsed.isFinite else {
                warn(element, "<\(element.tag.rawValue)> is not a number; the value was skipped")
                return nil
            }
            value = parsed
        }
        guard range.contains(value) else {
            warn(element, "<\(element.tag.rawValue)> is out of range (\(Self.describe(range))); the value was skipped")
            return nil
        }
        return value
    }

    /// A date-time parsed by ``parseDate(_:)``, or `nil` — with a warning naming `name` when there
    /// was text that is not a date-time.
    private mutating func date(_ parsed: Date??, name: String, at element: Element) -> Date? {
        guard let parsed else { return nil }
        guard let date = parsed else {
            warn(element, "<\(name)> is not an ISO 8601 date-time; the value was skipped")
            return nil
        }
        return date
    }

    /// `bytes` as a date-time: `nil` when they are only white space, `.some(nil)` when they are not a date-time.
    private static func parseDate(_ bytes: UnsafeRawBufferPointer) -> Date?? {
        let trimmed = XMLScanner.trimmed(bytes)
        guard !trimmed.isEmpty else { return nil }
        if let date = XMLDateTime.parse(bytes: trimmed) { return date }
        // Perhaps in white space beyond XML's.
        let string = String(decoding: trimmed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !string.isEmpty else { return nil }
        return .some(XMLDateTime.parse(string))
    }

    /// Adds a warning the reader found outside the elements (a repaired byte, say).
    mutating func addWarning(_ warning: TCXWarning) {
        document.warnings.append(warning)
    }

    private mutating func warn(_ element: Element, _ reason: String) {
        document.warnings.append(TCXWarning(file: fileName, line: element.line, column: element.column, reason: reason))
    }

    private static func describe(_ range: ClosedRange<Double>) -> String {
        func format(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
        return range.upperBound == .greatestFiniteMagnitude ? "must be ≥ \(format(range.lowerBound))"
            : "\(format(range.lowerBound))…\(format(range.upperBound))"
    }
}
