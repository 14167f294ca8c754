internal import Foundation

/// The state machine behind ``TCXReader``: builds activities as the scanner's elements open and close.
///
/// With a ``recordSink``, an activity's track points go to it instead of into their laps (each lap
/// keeps its start time and totals) and a course's are dropped, so a file of any length is read in
/// memory that does not grow with it.
final class TCXParseHandler {
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
    private var activity: ActivityBuilder?
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

    init(fileName: String?, recordSink: ((ActivityRecord, Int) throws -> Void)? = nil) {
        self.fileName = fileName
        self.recordSink = recordSink
    }

    // MARK: Scanning

    /// Reads the whole document.
    /// - Throws: ``TCXError`` for a root that is not `TrainingCenterDatabase`; ``XMLScanError``
    ///   for XML that is not well-formed (mapped by ``TCXReader``).
    func run(_ scanner: XMLScanner) throws {
        while true {
            switch try scanner.next() {
            case .startElement: try startElement(scanner)
            case .endElement: try endElement(scanner)
            case .text: scanner.appendText(to: &text)
            case .endOfDocument: return
            }
        }
    }

    private func startElement(_ scanner: XMLScanner) throws {
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
        text.removeAll(keepingCapacity: true)
        let parent = stack.count >= 2 ? stack[stack.count - 2].tag : .other
        switch tag {
        case .activity where parent != .activityRef:
            activity = ActivityBuilder(isCourse: false)
            activity?.recorded.sport = Self.attribute("Sport", scanner)
        case .course where parent == .courses:
            activity = ActivityBuilder(isCourse: true)
            lapTimes = nil
        case .lap where activity != nil:
            lap = ActivityLap()
            if activity?.isCourse == false { lapTimes = nil }
            summary = TCXLapSummary()
            if let value = Self.attribute("StartTime", scanner) {
                var bytes = value
                lap?.startTime = bytes.withUTF8 { date(UnsafeRawBufferPointer($0), name: "Lap StartTime", at: Element(tag: .lap, line: position.line, column: position.column)) }
            }
        case .track:
            timeBeforeTrack = activity?.isCourse == false ? lapTimes?.last : nil
        case .trackpoint where activity != nil:
            record = ActivityRecord(time: nil)
            tpxCadence = nil
        case .position where record != nil:
            latitude = nil
            longitude = nil
        default:
            break
        }
    }

    private func endElement(_ scanner: XMLScanner) throws(SinkFailure) {
        guard let element = stack.popLast() else { return }
        defer { text.removeAll(keepingCapacity: true) }
        let parent = stack.last?.tag ?? .other
        let grandparent = stack.count >= 2 ? stack[stack.count - 2].tag : .other
        if record != nil {
            try endInTrackpoint(element, parent: parent, grandparent: grandparent)
        } else if lap != nil {
            endInLap(element, parent: parent, grandparent: grandparent)
        } else if activity != nil {
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

    private func endInTrackpoint(_ element: Element, parent: TCXTag, grandparent: TCXTag) throws(SinkFailure) {
        switch (element.tag, parent) {
        case (.trackpoint, _):
            try finishRecord()
        case (.time, .trackpoint):
            record?.time = date(element)
        case (.latitudeDegrees, .position):
            latitude = number(element, range: -90...90)
        case (.longitudeDegrees, .position):
            longitude = number(element, range: -180...180)
        case (.position, .trackpoint):
            if let latitude, let longitude {
                record?.latitude = latitude
                record?.longitude = longitude
            }
        case (.altitudeMeters, .trackpoint):
            record?.altitude = number(element, range: ActivityRecord.plausibleAltitudes)
        case (.distanceMeters, .trackpoint):
            record?.distance = number(element, range: 0...Double.greatestFiniteMagnitude)
        case (.value, .heartRateBpm) where grandparent == .trackpoint:
            record?.heartRate = number(element, range: 0...400)
        case (.cadence, .trackpoint):
            record?.cadence = number(element, range: 0...400)
        case (.speed, .tpx):
            record?.speed = number(element, range: 0...Double.greatestFiniteMagnitude)
        case (.runCadence, .tpx):
            tpxCadence = number(element, range: 0...400)
        case (.watts, .tpx):
            record?.power = number(element, range: 0...100_000)
        default:
            break
        }
    }

    private func endInLap(_ element: Element, parent: TCXTag, grandparent: TCXTag) {
        func lapNumber() -> Double? { number(element, range: 0...Double.greatestFiniteMagnitude) }
        func lapString() -> String? { let value = stringValue; return value.isEmpty ? nil : value }
        switch (element.tag, parent) {
        case (.lap, _):
            finishLap()
        case (.totalTimeSeconds, .lap): lap?.totalTimerTime = lapNumber()
        case (.distanceMeters, .lap): lap?.distance = lapNumber()
        case (.calories, .lap): lap?.calories = lapNumber()
        case (.maximumSpeed, .lap): summary.maximumSpeed = lapNumber()
        case (.cadence, .lap): summary.cadence = lapNumber()
        case (.intensity, .lap): lap?.intensity = lapString()
        case (.triggerMethod, .lap): lap?.trigger = lapString()
        case (.value, .averageHeartRateBpm) where grandparent == .lap: lap?.averageHeartRate = lapNumber()
        case (.value, .maximumHeartRateBpm) where grandparent == .lap: lap?.maximumHeartRate = lapNumber()
        case (.avgSpeed, .lx): summary.averageSpeed = lapNumber()
        case (.maxBikeCadence, .lx): summary.maximumBikeCadence = lapNumber()
        case (.avgRunCadence, .lx): summary.averageRunCadence = lapNumber()
        case (.maxRunCadence, .lx): summary.maximumRunCadence = lapNumber()
        case (.steps, .lx): summary.steps = lapNumber()
        case (.avgWatts, .lx): summary.averageWatts = lapNumber()
        case (.maxWatts, .lx): summary.maximumWatts = lapNumber()
        default: break
        }
    }

    private func endInActivity(_ element: Element, parent: TCXTag) {
        switch (element.tag, parent) {
        case (.activity, _) where activity?.isCourse == false,
             (.course, .courses) where activity?.isCourse == true:
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

    private func finishRecord() throws(SinkFailure) {
        guard var finished = record else { return }
        record = nil
        if finished.cadence == nil { finished.cadence = tpxCadence }
        guard activity != nil else { return }
        if activity?.isCourse == true {
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
        do { try recordSink(finished, document.activities.count) } catch { throw SinkFailure(cause: error) }
    }

    /// Widens ``lapTimes`` to a timed record's time.
    private func noteTime(of record: ActivityRecord) {
        guard let time = record.time else { return }
        lapTimes = (lapTimes?.first ?? time, time)
    }

    private func finishLap() {
        guard var finished = lap else { return }
        lap = nil
        timeBeforeTrack = nil
        if activity?.isCourse == true {
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

    private func finishActivity() {
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
    private func number(_ element: Element, range: ClosedRange<Double>) -> Double? {
        text.withUnsafeBytes { bytes in
            let trimmed = Self.trimmed(bytes)
            guard !trimmed.isEmpty else { return nil }
            guard let value = XMLNumber.double(trimmed) else {
                // Not a number in XML's white space: perhaps in other white space.
                let string = stringValue
                guard !string.isEmpty else { return nil }
                guard let value = Double(string), value.isFinite else {
                    warn(element, "<\(element.tag.rawValue)> is not a number; the value was skipped")
                    return nil
                }
                return check(value, element, range)
            }
            return check(value, element, range)
        }
    }

    private func check(_ value: Double, _ element: Element, _ range: ClosedRange<Double>) -> Double? {
        guard range.contains(value) else {
            warn(element, "<\(element.tag.rawValue)> is out of range (\(Self.describe(range))); the value was skipped")
            return nil
        }
        return value
    }

    /// The element's text as a date-time.
    private func date(_ element: Element) -> Date? {
        text.withUnsafeBytes { date($0, name: element.tag.rawValue, at: element) }
    }

    /// `bytes` as a date-time; `nil` (with a warning naming `name` unless the text is empty) otherwise.
    private func date(_ bytes: UnsafeRawBufferPointer, name: String, at element: Element) -> Date? {
        let trimmed = Self.trimmed(bytes)
        guard !trimmed.isEmpty else { return nil }
        guard let date = XMLDateTime.parse(bytes: trimmed) else {
            // Perhaps in white space beyond XML's.
            let string = String(decoding: trimmed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !string.isEmpty else { return nil }
            if let date = XMLDateTime.parse(string) { return date }
            warn(element, "<\(name)> is not an ISO 8601 date-time; the value was skipped")
            return nil
        }
        return date
    }

    /// `bytes` without XML white space at either end.
    private static func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var first = 0
        var last = bytes.count
        while first < last, XMLScanner.isSpace(bytes[first]) { first += 1 }
        while last > first, XMLScanner.isSpace(bytes[last - 1]) { last -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[first..<last])
    }

    /// Adds a warning the reader found outside the elements (a repaired byte, say).
    func addWarning(_ warning: TCXWarning) {
        document.warnings.append(warning)
    }

    private func warn(_ element: Element, _ reason: String) {
        document.warnings.append(TCXWarning(file: fileName, line: element.line, column: element.column, reason: reason))
    }

    private static func describe(_ range: ClosedRange<Double>) -> String {
        func format(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
        return range.upperBound == .greatestFiniteMagnitude ? "must be ≥ \(format(range.lowerBound))"
            : "\(format(range.lowerBound))…\(format(range.upperBound))"
    }
}
