public import Foundation

/// Reads a FIT activity file into the ``RecordedActivity`` every format reader produces.
///
/// `record` messages become ``ActivityRecord``s (semicircles → degrees, scaled altitude, speed
/// and distance, `enhanced_*` fields preferred; a `compressed_speed_distance` field arrives already
/// expanded by the decoder into speed and accumulated distance; a barometer's `absolute_pressure`
/// in pascals when plausible; a position outside ±90° latitude or ±180° longitude is dropped, the
/// rest of its record kept, and counted in one ``FITWarning``); `lap` messages become
/// ``ActivityLap``s with the file's totals and the records whose time falls within them; timer
/// `event`s become pause/resume events; the first `session`'s sport becomes the sport; `file_id`
/// gives the identifier and device.
///
/// Reading streams: messages are mapped as they are decoded, and only the activity is kept.
///
/// ```swift
/// let activity = try FITActivityReader().read(contentsOf: url)
/// let samples = activity.records.count
/// ```
public struct FITActivityReader: Sendable {
    /// The decoder used, with its options.
    public var decoder: FITDecoder

    /// Creates a reader.
    public init(decoder: FITDecoder = FITDecoder()) {
        self.decoder = decoder
    }

    /// Decodes `data` and maps it to an activity.
    ///
    /// - Parameter data: The bytes of a `.fit` file (chained files are read as one activity).
    /// - Returns: The activity; a file without `lap` messages yields one lap holding every record.
    /// - Throws: ``FITError`` when the data cannot be decoded.
    public func read(_ data: Data) throws(FITError) -> RecordedActivity {
        var builder = FITActivityBuilder()
        _ = try decoder.decode(source: DataByteSource(data)) { builder.add($0) }
        return builder.finish()
    }

    /// Streams the file at `url` and maps it to an activity, without loading the file into memory.
    ///
    /// - Parameter url: A `file:` URL of a `.fit` file (chained files are read as one activity).
    /// - Returns: The activity; a file without `lap` messages yields one lap holding every record.
    /// - Throws: ``FITError`` when the file cannot be read or decoded (its path is in the error).
    public func read(contentsOf url: URL) throws(FITError) -> RecordedActivity {
        var builder = FITActivityBuilder()
        _ = try decoder.decode(contentsOf: url) { builder.add($0) }
        return builder.finish()
    }

    /// Streams a FIT file from a byte source (a file, a gzip stream, memory) and maps it to an activity.
    ///
    /// - Parameters:
    ///   - source: The file's bytes, read once from the current position.
    ///   - file: The file's name or path, for error messages.
    /// - Returns: The activity (a file without `lap` messages yields one lap holding every record) and
    ///   the problems the decoder worked around (with ``FITDecoder/Options/allowTruncation``: the cut)
    ///   and the reader dropped (positions out of range).
    /// - Throws: ``FITError`` when the bytes cannot be read or decoded.
    public func read(source: any ByteSource, file: String? = nil) throws(FITError) -> (activity: RecordedActivity, warnings: [FITWarning]) {
        var builder = FITActivityBuilder()
        let summary = try decoder.decode(source: source, file: file) { builder.add($0) }
        return (builder.finish(), summary.warnings + builder.warnings)
    }

    /// Streams a FIT activity from a byte source: each `record` goes to `records` as it is decoded,
    /// in file order, and the activity comes back without records (laps with the file's totals,
    /// timer events, sport, identifier, device), so a file of any size is read in constant memory.
    ///
    /// - Parameters:
    ///   - source: The file's bytes, read once from the current position.
    ///   - file: The file's name or path, for error messages.
    ///   - records: Called once per record, in file order. When it throws, the rest of the file is
    ///     decoded without calling it again and the error is rethrown.
    /// - Returns: The activity without records, and the problems the decoder worked around and the
    ///   reader dropped (positions out of range).
    /// - Throws: ``FITError`` when the bytes cannot be read or decoded, or what `records` threw.
    public func read(source: any ByteSource, file: String? = nil,
                     records: (ActivityRecord) throws -> Void) throws -> (activity: RecordedActivity, warnings: [FITWarning]) {
        var builder = FITActivityBuilder()
        var failure: (any Error)?
        let summary = try decoder.decode(source: source, file: file) { message in
            guard message.globalNumber == 20 else { return builder.add(message) }
            let record = builder.record(message)
            guard failure == nil else { return }
            do { try records(record) } catch { failure = error }
        }
        if let failure { throw failure }
        return (builder.finish(), summary.warnings + builder.warnings)
    }

    /// Maps already decoded messages to an activity.
    ///
    /// The identifier is `"<serial_number>-<time_created>"` from the first `file_id` (the time as raw FIT
    /// seconds); the device name is the manufacturer's profile name and the product name (or number).
    /// Timer events keep alternating pause/resume pairs only (the opening start and the closing stop are dropped).
    ///
    /// - Parameter file: Messages from ``FITDecoder/decode(_:)``.
    /// - Returns: The activity.
    public func activity(from file: FITFile) -> RecordedActivity {
        var builder = FITActivityBuilder()
        for message in file.messages { builder.add(message) }
        return builder.finish()
    }
}

/// Maps FIT messages, one at a time, to a ``RecordedActivity``.
struct FITActivityBuilder {
    private var activity = RecordedActivity()
    private var records: [ActivityRecord] = []
    private var laps: [(lap: ActivityLap, end: Date?)] = []
    private var sessionSport: String?
    private var sessionAscent: Double?
    private var sessionDescent: Double?
    private var sportMessageSport: String?
    /// Records whose position was out of range (and dropped), and the byte offset of the first.
    private var droppedPositions = 0
    private var firstDroppedPosition: Int?

    /// What the reader worked around: one warning counting the records whose position it dropped.
    var warnings: [FITWarning] {
        guard let offset = firstDroppedPosition else { return [] }
        return [FITWarning(byteOffset: offset, reason: "\(droppedPositions) record(s), the first here, had a latitude outside "
            + "-90...90 or a longitude outside -180...180 degrees; their positions were dropped, the rest of each record kept")]
    }

    mutating func add(_ message: FITMessage) {
        switch message.globalNumber {
        case 0 where activity.identifier == nil: readFileID(message)
        case 12: sportMessageSport = sportMessageSport ?? message.field(0)?.enumName
        case 18: readSession(message)
        case 19: laps.append(Self.lap(message))
        case 20: records.append(record(message))
        case 21: Self.timerEvent(message).map { activity.timerEvents.append($0) }
        default: break
        }
    }

    /// The first session's sport; every session's stated ascent and descent, summed (a multisport
    /// file has one session per leg).
    private mutating func readSession(_ message: FITMessage) {
        sessionSport = sessionSport ?? message.field(5)?.enumName
        if let ascent = message.field(22)?.doubleValue, ascent.isFinite, ascent >= 0 {
            sessionAscent = (sessionAscent ?? 0) + ascent
        }
        if let descent = message.field(23)?.doubleValue, descent.isFinite, descent >= 0 {
            sessionDescent = (sessionDescent ?? 0) + descent
        }
    }

    mutating func finish() -> RecordedActivity {
        var result = activity
        result.sport = sessionSport ?? sportMessageSport
        result.totalAscent = sessionAscent
        result.totalDescent = sessionDescent
        result.timerEvents = Self.pairedTimerEvents(activity.timerEvents)
        result.laps = Self.assign(records, to: laps)
        return result
    }

    private mutating func readFileID(_ message: FITMessage) {
        let serial = message.field(3)?.value.integerValue
        let created = message.field(4)?.value.integerValue
        if serial != nil || created != nil {
            activity.identifier = [serial.map { "\($0)" }, created.map { "\($0)" }]
                .compactMap { $0 }.joined(separator: "-")
        }
        let manufacturer = message.field(1).flatMap { $0.enumName ?? $0.value.integerValue.map { "\($0)" } }
        let product = message.field(8)?.value.stringValue ?? message.field(2)?.value.integerValue.map { "\($0)" }
        let device = [manufacturer, product].compactMap { $0 }.joined(separator: " ")
        activity.deviceName = device.isEmpty ? nil : device
    }

    private static func value(_ message: FITMessage, _ names: String...) -> Double? {
        for name in names {
            if let value = message.field(named: name)?.doubleValue { return value }
        }
        return nil
    }

    private static let degreesPerSemicircle = 180.0 / 2_147_483_648.0

    /// `pressure` when it is a plausible air pressure (``ActivityRecord/plausiblePressures``), else
    /// nil (dropped like any invalid value).
    static func plausiblePressure(_ pressure: Double) -> Double? {
        ActivityRecord.plausiblePressures.contains(pressure) ? pressure : nil
    }

    /// The record of a `record` message, its position dropped (and counted for ``warnings``) when
    /// it is not on Earth: a `sint32` of semicircles reaches ±180°, so a latitude can be 142°. A
    /// latitude without a longitude (the other field missing or invalid) is no position and is
    /// dropped with it, as a GPX point needs both.
    mutating func record(_ message: FITMessage) -> ActivityRecord {
        var record = Self.decodedRecord(message)
        if (record.latitude == nil) != (record.longitude == nil) {
            record.latitude = nil
            record.longitude = nil
        }
        let latitudeValid = record.latitude.map { $0.isFinite && (-90.0...90.0).contains($0) } ?? true
        let longitudeValid = record.longitude.map { $0.isFinite && (-180.0...180.0).contains($0) } ?? true
        if !latitudeValid || !longitudeValid {
            record.latitude = nil
            record.longitude = nil
            droppedPositions += 1
            firstDroppedPosition = firstDroppedPosition ?? message.byteOffset
        }
        return record
    }

    /// One pass over the record's fields by number (no name look-ups): the profile's own fields win
    /// over values expanded from components, and `enhanced_*` fields over their 16-bit originals.
    /// Positions are not range-checked here (``record(_:)`` does).
    private static func decodedRecord(_ message: FITMessage) -> ActivityRecord {
        var record = ActivityRecord(time: message.timestamp)
        var altitude: Double?, enhancedAltitude: Double?, speed: Double?, enhancedSpeed: Double?
        for field in message.fields {
            switch field.number {
            case 0: record.latitude = record.latitude ?? field.doubleValue.map { $0 * degreesPerSemicircle }
            case 1: record.longitude = record.longitude ?? field.doubleValue.map { $0 * degreesPerSemicircle }
            case 2: altitude = altitude ?? field.doubleValue
            case 3: record.heartRate = record.heartRate ?? field.doubleValue
            case 4: record.cadence = record.cadence ?? field.doubleValue
            case 5: record.distance = record.distance ?? field.doubleValue
            case 6: speed = speed ?? field.doubleValue
            case 7: record.power = record.power ?? field.doubleValue
            case 13: record.temperature = record.temperature ?? field.doubleValue
            case 73: enhancedSpeed = enhancedSpeed ?? field.doubleValue
            case 78: enhancedAltitude = enhancedAltitude ?? field.doubleValue
            case 91: record.pressure = record.pressure ?? field.doubleValue.flatMap(plausiblePressure)
            default: break
            }
        }
        record.altitude = enhancedAltitude ?? altitude
        record.speed = enhancedSpeed ?? speed
        return record
    }

    private static func lap(_ message: FITMessage) -> (lap: ActivityLap, end: Date?) {
        let start = message.field(named: "start_time")?.value.integerValue.map(FITDecoder.date(fromFITSeconds:))
        let elapsed = value(message, "total_elapsed_time")
        let lap = ActivityLap(
            startTime: start, totalElapsedTime: elapsed, totalTimerTime: value(message, "total_timer_time"),
            distance: value(message, "total_distance"), calories: value(message, "total_calories"),
            averageHeartRate: value(message, "avg_heart_rate"), maximumHeartRate: value(message, "max_heart_rate"),
            trigger: message.field(named: "lap_trigger")?.enumName,
            intensity: message.field(named: "intensity")?.enumName)
        let end = message.timestamp ?? start.flatMap { start in elapsed.map { start.addingTimeInterval($0) } }
        return (lap, end)
    }

    /// A timer event (event 0): start → resume, stop/stop_all/stop_disable(_all) → pause.
    private static func timerEvent(_ message: FITMessage) -> ActivityTimerEvent? {
        guard message.field(0)?.value.integerValue == 0, let time = message.timestamp,
              let type = message.field(1)?.value.integerValue else { return nil }
        switch type {
        case 0: return ActivityTimerEvent(kind: .resume, time: time)
        case 1, 4, 8, 9: return ActivityTimerEvent(kind: .pause, time: time)
        default: return nil
        }
    }

    /// Keeps alternating pause/resume pairs: the initial start and repeated stops are not events,
    /// and a final stop that no start follows (the end of the activity) is dropped.
    private static func pairedTimerEvents(_ events: [ActivityTimerEvent]) -> [ActivityTimerEvent] {
        var result: [ActivityTimerEvent] = []
        for event in events {
            let paused = result.last?.kind == .pause
            if (event.kind == .pause && !paused) || (event.kind == .resume && paused) { result.append(event) }
        }
        if result.last?.kind == .pause { result.removeLast() }
        return result
    }

    /// Puts each record in the first lap (in file order) that ends at or after its time; records after
    /// the last lap's end, or without a time, go to the lap being filled.
    private static func assign(_ records: [ActivityRecord], to laps: [(lap: ActivityLap, end: Date?)]) -> [ActivityLap] {
        guard !laps.isEmpty else { return records.isEmpty ? [] : [ActivityLap(records: records)] }
        var result = laps.map(\.lap)
        var lapIndex = 0
        for record in records {
            if let time = record.time {
                while lapIndex < laps.count - 1, let end = laps[lapIndex].end, time > end { lapIndex += 1 }
            }
            result[lapIndex].records.append(record)
        }
        return result
    }
}
