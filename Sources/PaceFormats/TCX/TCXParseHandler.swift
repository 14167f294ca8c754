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
        var name: String
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
        let name = scanner.localNameString
        let position = scanner.tokenPosition
        if !sawRoot {
            sawRoot = true
            guard name == "TrainingCenterDatabase" else {
                throw TCXError(.notTCX, file: fileName, line: position.line, column: position.column,
                               reason: "the root element is <\(scanner.nameString)>, not <TrainingCenterDatabase>; this is not a TCX file")
            }
        }
        stack.append(Element(name: name, line: position.line, column: position.column))
        text.removeAll(keepingCapacity: true)
        let parent = stack.count >= 2 ? stack[stack.count - 2].name : ""
        switch name {
        case "Activity" where parent != "ActivityRef":
            activity = ActivityBuilder(isCourse: false)
            activity?.recorded.sport = Self.attribute("Sport", scanner)
        case "Course" where parent == "Courses":
            activity = ActivityBuilder(isCourse: true)
            lapTimes = nil
        case "Lap" where activity != nil:
            lap = ActivityLap()
            if activity?.isCourse == false { lapTimes = nil }
            summary = TCXLapSummary()
            if let value = Self.attribute("StartTime", scanner) {
                lap?.startTime = date(value, element: Element(name: "Lap StartTime", line: position.line, column: position.column))
            }
        case "Track":
            timeBeforeTrack = activity?.isCourse == false ? lapTimes?.last : nil
        case "Trackpoint" where activity != nil:
            record = ActivityRecord(time: nil)
            tpxCadence = nil
        case "Position" where record != nil:
            latitude = nil
            longitude = nil
        default:
            break
        }
    }

    private func endElement(_ scanner: XMLScanner) throws(SinkFailure) {
        guard let element = stack.popLast() else { return }
        let value = text.isEmpty ? "" : String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        text.removeAll(keepingCapacity: true)
        let parent = stack.last?.name ?? ""
        let grandparent = stack.count >= 2 ? stack[stack.count - 2].name : ""
        if record != nil {
            try endInTrackpoint(element, value: value, parent: parent, grandparent: grandparent)
        } else if lap != nil {
            endInLap(element, value: value, parent: parent, grandparent: grandparent)
        } else if activity != nil {
            endInActivity(element, value: value, parent: parent)
        }
    }

    /// The decoded value of the first attribute with this local name.
    private static func attribute(_ localName: String, _ scanner: XMLScanner) -> String? {
        (0..<scanner.attributeCount).first { String(decoding: scanner.attributeLocalName($0), as: UTF8.self) == localName }
            .map(scanner.attributeString)
    }

    // MARK: Element ends

    private func endInTrackpoint(_ element: Element, value: String, parent: String, grandparent: String) throws(SinkFailure) {
        switch (element.name, parent) {
        case ("Trackpoint", _):
            try finishRecord()
        case ("Time", "Trackpoint"):
            record?.time = date(value, element: element)
        case ("LatitudeDegrees", "Position"):
            latitude = number(value, element: element, range: -90...90)
        case ("LongitudeDegrees", "Position"):
            longitude = number(value, element: element, range: -180...180)
        case ("Position", "Trackpoint"):
            if let latitude, let longitude {
                record?.latitude = latitude
                record?.longitude = longitude
            }
        case ("AltitudeMeters", "Trackpoint"):
            record?.altitude = number(value, element: element, range: ActivityRecord.plausibleAltitudes)
        case ("DistanceMeters", "Trackpoint"):
            record?.distance = number(value, element: element, range: 0...Double.greatestFiniteMagnitude)
        case ("Value", "HeartRateBpm") where grandparent == "Trackpoint":
            record?.heartRate = number(value, element: element, range: 0...400)
        case ("Cadence", "Trackpoint"):
            record?.cadence = number(value, element: element, range: 0...400)
        case ("Speed", "TPX"):
            record?.speed = number(value, element: element, range: 0...Double.greatestFiniteMagnitude)
        case ("RunCadence", "TPX"):
            tpxCadence = number(value, element: element, range: 0...400)
        case ("Watts", "TPX"):
            record?.power = number(value, element: element, range: 0...100_000)
        default:
            break
        }
    }

    private func endInLap(_ element: Element, value: String, parent: String, grandparent: String) {
        func lapNumber() -> Double? { number(value, element: element, range: 0...Double.greatestFiniteMagnitude) }
        switch (element.name, parent) {
        case ("Lap", _):
            finishLap()
        case ("TotalTimeSeconds", "Lap"): lap?.totalTimerTime = lapNumber()
        case ("DistanceMeters", "Lap"): lap?.distance = lapNumber()
        case ("Calories", "Lap"): lap?.calories = lapNumber()
        case ("MaximumSpeed", "Lap"): summary.maximumSpeed = lapNumber()
        case ("Cadence", "Lap"): summary.cadence = lapNumber()
        case ("Intensity", "Lap"): lap?.intensity = value.isEmpty ? nil : value
        case ("TriggerMethod", "Lap"): lap?.trigger = value.isEmpty ? nil : value
        case ("Value", "AverageHeartRateBpm") where grandparent == "Lap": lap?.averageHeartRate = lapNumber()
        case ("Value", "MaximumHeartRateBpm") where grandparent == "Lap": lap?.maximumHeartRate = lapNumber()
        case ("AvgSpeed", "LX"): summary.averageSpeed = lapNumber()
        case ("MaxBikeCadence", "LX"): summary.maximumBikeCadence = lapNumber()
        case ("AvgRunCadence", "LX"): summary.averageRunCadence = lapNumber()
        case ("MaxRunCadence", "LX"): summary.maximumRunCadence = lapNumber()
        case ("Steps", "LX"): summary.steps = lapNumber()
        case ("AvgWatts", "LX"): summary.averageWatts = lapNumber()
        case ("MaxWatts", "LX"): summary.maximumWatts = lapNumber()
        default: break
        }
    }

    private func endInActivity(_ element: Element, value: String, parent: String) {
        switch (element.name, parent) {
        case ("Activity", _) where activity?.isCourse == false,
             ("Course", "Courses") where activity?.isCourse == true:
            finishActivity()
        case ("Id", "Activity"):
            activity?.recorded.identifier = value.isEmpty ? nil : value
            if activity?.recorded.identifier != nil, XMLDateTime.parse(value) == nil {
                warn(element, "<Id> is not a date-time; it is kept as the identifier only")
            }
        case ("Notes", "Activity") where activity?.recorded.name == nil:
            activity?.recorded.name = value.isEmpty ? nil : value
        case ("Name", "Course"):
            activity?.recorded.name = value.isEmpty ? nil : value
        case ("Name", "Creator"):
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

    private func number(_ text: String, element: Element, range: ClosedRange<Double>) -> Double? {
        guard !text.isEmpty else { return nil }
        guard let value = Double(text), value.isFinite else {
            warn(element, "<\(element.name)> is not a number; the value was skipped")
            return nil
        }
        guard range.contains(value) else {
            warn(element, "<\(element.name)> is out of range (\(Self.describe(range))); the value was skipped")
            return nil
        }
        return value
    }

    private func date(_ text: String, element: Element) -> Date? {
        guard !text.isEmpty else { return nil }
        guard let date = XMLDateTime.parse(text) else {
            warn(element, "<\(element.name)> is not an ISO 8601 date-time; the value was skipped")
            return nil
        }
        return date
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
