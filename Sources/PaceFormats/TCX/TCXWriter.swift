public import Foundation

/// Writes one ``RecordedActivity`` as a Training Center Database v2 (TCX) file that validates
/// against Garmin's `TrainingCenterDatabasev2.xsd` and `ActivityExtensionv2.xsd`.
///
/// - `Sport` is `Running`, `Biking` or `Other`, mapped from ``RecordedActivity/sport``
///   (`run…` → Running, `bik…`/`cycl…`/`rid…` → Biking).
/// - `Id` is the identifier when it is a date-time, else the first lap's start.
/// - Each lap gets `TotalTimeSeconds` (the lap's timer time, else its elapsed time, else the sum of
///   its tracks' durations), `DistanceMeters` (the lap's distance, else from the records'
///   cumulative distances, else along their positions), `Calories` (0 if absent), average and
///   maximum heart rate (the lap's, else from the records' heart rates as written: whole beats per
///   minute in 1…255), `Intensity` and `TriggerMethod`.
/// - A ``ActivityTimerEvent/Kind/pause`` between two records of a lap starts a new `Track`, which
///   is how Garmin devices mark a stopped timer; ``TCXReader`` turns it back into pause/resume.
///   Only an activity whose records are in time order (across its laps) has its pauses written:
///   between records whose times go back, "between" has no meaning, and track breaks placed there
///   would read back as other pauses each time the file is written and read again.
/// - Trackpoints carry time, position, altitude, distance, heart rate and cadence (rounded to whole
///   numbers as the schema requires) and an `ns3:TPX` extension with `Speed` (m/s) and `Watts`.
/// - Text is XML-escaped; non-finite numbers are left out, and so are whole numbers (heart rate,
///   cadence, power, calories) outside the range the schema gives them.
/// - Every time must lie in the years 0000–9999 that TCX's readers take.
///
/// ```swift
/// let data = try TCXWriter().write(activity)
/// try data.write(to: URL(fileURLWithPath: "run.tcx"))
/// ```
public struct TCXWriter: Sendable {
    /// Creates a writer.
    public init() {}

    /// Encodes an activity as a UTF-8 TCX document.
    ///
    /// - Parameter activity: The activity; every record must have a time (TCX requires one).
    /// - Returns: The document's bytes.
    /// - Throws: ``TCXError`` with code `unsupportedValue` when the activity has no laps, no start
    ///   time can be found, or a record has no time, or a time lies outside the years 0000–9999.
    public func write(_ activity: RecordedActivity) throws(TCXError) -> Data {
        Data(try string(for: activity).utf8)
    }

    /// Encodes an activity as TCX text; see ``write(_:)``.
    ///
    /// - Parameter activity: The activity; every record must have a time.
    /// - Returns: The document as a string.
    /// - Throws: ``TCXError`` with code `unsupportedValue`, as ``write(_:)``.
    public func string(for activity: RecordedActivity) throws(TCXError) -> String {
        guard !activity.laps.isEmpty else {
            throw TCXError(.unsupportedValue, file: nil, reason: "the activity has no laps; TCX needs at least one")
        }
        var laps = activity.laps
        for index in laps.indices where laps[index].startTime == nil {
            laps[index].startTime = laps[index].records.first?.time
        }
        guard let start = activity.identifier.flatMap(XMLDateTime.parse) ?? laps.compactMap(\.startTime).first else {
            throw TCXError(.unsupportedValue, file: nil, reason: "the activity has no start time; TCX needs one as its Id")
        }
        let id = try Self.text(start, "the activity's start")
        var output = """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" \
            xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2 http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd">
             <Activities>
              <Activity Sport="\(Self.sport(activity.sport))">
               <Id>\(id)</Id>

            """
        let times = laps.lazy.flatMap(\.records).compactMap(\.time)
        let inTimeOrder = zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }
        let pauses = inTimeOrder ? activity.timerEvents : []
        var distanceBefore = 0.0
        for (index, lap) in laps.enumerated() {
            try writeLap(lap, number: index + 1, lapStart: lap.startTime ?? start, pauses: pauses,
                         distanceBefore: &distanceBefore, to: &output)
        }
        if let name = activity.name { output += "   <Notes>\(Self.escape(name))</Notes>\n" }
        if let device = activity.deviceName {
            output += """
                   <Creator xsi:type="Device_t">
                    <Name>\(Self.escape(device))</Name>
                    <UnitId>0</UnitId>
                    <ProductID>0</ProductID>
                    <Version><VersionMajor>0</VersionMajor><VersionMinor>0</VersionMinor></Version>
                   </Creator>

                """
        }
        output += "  </Activity>\n </Activities>\n</TrainingCenterDatabase>\n"
        return output
    }

    private func writeLap(_ lap: ActivityLap, number: Int, lapStart: Date, pauses: [ActivityTimerEvent],
                          distanceBefore: inout Double, to output: inout String) throws(TCXError) {
        var tracks: [[(record: ActivityRecord, time: String)]] = []
        var previous: Date?
        for (index, record) in lap.records.enumerated() {
            guard let time = record.time else {
                throw TCXError(.unsupportedValue, file: nil,
                               reason: "record \(index + 1) of lap \(number) has no time; TCX requires a time on every trackpoint")
            }
            let text = try Self.text(time, "record \(index + 1) of lap \(number)")
            let paused = previous.map { before in pauses.contains { $0.kind == .pause && $0.time >= before && $0.time < time } } ?? true
            if paused || tracks.isEmpty { tracks.append([]) }
            tracks[tracks.count - 1].append((record, text))
            previous = time
        }
        let trackTime = tracks.reduce(0.0) { sum, track in
            guard let first = track.first?.record.time, let last = track.last?.record.time else { return sum }
            return sum + last.timeIntervalSince(first)
        }
        let totalTime = lap.totalTimerTime ?? lap.totalElapsedTime ?? trackTime
        let distance = lap.distance ?? Self.distance(of: lap.records, before: distanceBefore)
        if let last = lap.records.last(where: { $0.distance != nil })?.distance {
            distanceBefore = last
        } else {
            distanceBefore += distance
        }
        // The lap's heart rates derived from its records' as they are written (whole beats per minute,
        // 1…255), so that a file written and read back derives the same values again.
        let heartRates = lap.records.compactMap { Self.integer($0.heartRate, in: 1...255).map(Double.init) }
        let averageHeartRate = lap.averageHeartRate ?? (heartRates.isEmpty ? nil : heartRates.reduce(0, +) / Double(heartRates.count))
        let maximumHeartRate = lap.maximumHeartRate ?? heartRates.max()
        output += "   <Lap StartTime=\"\(try Self.text(lapStart, "lap \(number)'s start"))\">\n"
        output += "    <TotalTimeSeconds>\(Self.number(max(0, totalTime)) ?? "0")</TotalTimeSeconds>\n"
        output += "    <DistanceMeters>\(Self.number(max(0, distance)) ?? "0")</DistanceMeters>\n"
        if let maximumSpeed = lap.records.compactMap(\.speed).max(), let text = Self.number(maximumSpeed) {
            output += "    <MaximumSpeed>\(text)</MaximumSpeed>\n"
        }
        output += "    <Calories>\(Self.integer(lap.calories, in: 0...65_535) ?? 0)</Calories>\n"
        if let value = Self.integer(averageHeartRate, in: 1...255) {
            output += "    <AverageHeartRateBpm><Value>\(value)</Value></AverageHeartRateBpm>\n"
        }
        if let value = Self.integer(maximumHeartRate, in: 1...255) {
            output += "    <MaximumHeartRateBpm><Value>\(value)</Value></MaximumHeartRateBpm>\n"
        }
        output += "    <Intensity>\(Self.intensity(lap.intensity))</Intensity>\n"
        output += "    <TriggerMethod>\(Self.trigger(lap.trigger))</TriggerMethod>\n"
        for track in tracks {
            output += "    <Track>\n"
            for (record, time) in track { writeTrackpoint(record, time: time, to: &output) }
            output += "    </Track>\n"
        }
        output += "   </Lap>\n"
    }

    private func writeTrackpoint(_ record: ActivityRecord, time: String, to output: inout String) {
        output += "     <Trackpoint>\n      <Time>\(time)</Time>\n"
        if let latitude = record.latitude.flatMap(Self.number), let longitude = record.longitude.flatMap(Self.number) {
            output += "      <Position><LatitudeDegrees>\(latitude)</LatitudeDegrees>"
                + "<LongitudeDegrees>\(longitude)</LongitudeDegrees></Position>\n"
        }
        if let altitude = record.altitude.flatMap(Self.number) {
            output += "      <AltitudeMeters>\(altitude)</AltitudeMeters>\n"
        }
        if let distance = record.distance.flatMap(Self.number) {
            output += "      <DistanceMeters>\(distance)</DistanceMeters>\n"
        }
        if let heartRate = Self.integer(record.heartRate, in: 1...255) {
            output += "      <HeartRateBpm><Value>\(heartRate)</Value></HeartRateBpm>\n"
        }
        if let cadence = Self.integer(record.cadence, in: 0...254) {
            output += "      <Cadence>\(cadence)</Cadence>\n"
        }
        let speed = record.speed.flatMap(Self.number)
        let watts = Self.integer(record.power, in: 0...65_535)
        if speed != nil || watts != nil {
            output += "      <Extensions><ns3:TPX>"
            if let speed { output += "<ns3:Speed>\(speed)</ns3:Speed>" }
            if let watts { output += "<ns3:Watts>\(watts)</ns3:Watts>" }
            output += "</ns3:TPX></Extensions>\n"
        }
        output += "     </Trackpoint>\n"
    }

    // MARK: Values

    /// The lap distance from cumulative record distances, else along the positions (haversine), metres.
    private static func distance(of records: [ActivityRecord], before: Double) -> Double {
        if let last = records.last(where: { $0.distance != nil })?.distance {
            return last - before
        }
        var total = 0.0
        var previous: (Double, Double)?
        for record in records {
            guard let latitude = record.latitude, let longitude = record.longitude else { continue }
            if let (lastLatitude, lastLongitude) = previous {
                total += haversine(lastLatitude, lastLongitude, latitude, longitude)
            }
            previous = (latitude, longitude)
        }
        return total
    }

    private static func haversine(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (lat2 - lat1) * radians
        let dLon = (lon2 - lon1) * radians
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6_371_008.8 * asin(min(1, sqrt(a)))
    }

    private static func number(_ value: Double) -> String? {
        value.isFinite ? String(describing: value) : nil
    }

    private static func integer(_ value: Double?, in range: ClosedRange<Int>) -> Int? {
        // Compared before the conversion, which traps for a value past Int's range.
        guard let rounded = value?.rounded(), rounded >= Double(range.lowerBound), rounded <= Double(range.upperBound) else { return nil }
        return Int(rounded)
    }

    /// The time as TCX writes it, or ``TCXError`` with code `unsupportedValue` naming `what` when it
    /// lies outside the years 0000–9999.
    private static func text(_ time: Date, _ what: String) throws(TCXError) -> String {
        guard let text = XMLDateTime.format(time) else {
            throw TCXError(.unsupportedValue, file: nil,
                           reason: "\(what) is at \(time.timeIntervalSince1970) s since 1970, outside the years 0000–9999 a TCX file can hold")
        }
        return text
    }

    private static func sport(_ sport: String?) -> String {
        let name = sport?.lowercased() ?? ""
        if name.hasPrefix("run") { return "Running" }
        if name.hasPrefix("bik") || name.hasPrefix("cycl") || name.hasPrefix("rid") { return "Biking" }
        return "Other"
    }

    private static func intensity(_ intensity: String?) -> String {
        intensity?.lowercased().hasPrefix("rest") == true ? "Resting" : "Active"
    }

    private static func trigger(_ trigger: String?) -> String {
        switch trigger?.lowercased().replacingOccurrences(of: "_", with: "") {
        case "distance": "Distance"
        case "location", "position", "positionstart", "positionlap": "Location"
        case "time": "Time"
        case "heartrate": "HeartRate"
        default: "Manual"
        }
    }

    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default:
                // Characters XML 1.0 forbids (most C0 controls) are dropped.
                if scalar.value < 0x20, scalar != "\t", scalar != "\n", scalar != "\r" { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
