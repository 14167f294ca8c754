public import Foundation

/// Reads a FIT activity file into the ``RecordedActivity`` every format reader produces.
///
/// `record` messages become ``ActivityRecord``s (semicircles → degrees, scaled altitude, speed
/// and distance, `enhanced_*` fields preferred, a `compressed_speed_distance` field expanded and
/// its distance accumulated); `lap` messages become ``ActivityLap``s with the file's totals and the
/// records whose time falls within them; timer `event`s become pause/resume events; the first
/// `session`'s sport becomes the sport; `file_id` gives the identifier and device.
///
/// ```swift
/// let activity = try FITActivityReader().read(try Data(contentsOf: url))
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
        activity(from: try decoder.decode(data))
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
        var activity = RecordedActivity()
        var records: [ActivityRecord] = []
        var laps: [(lap: ActivityLap, end: Date?)] = []
        var distance = CompressedDistance()
        var sessionSport: String?
        var sportMessageSport: String?
        for message in file.messages {
            switch message.globalNumber {
            case 0 where activity.identifier == nil: readFileID(message, into: &activity)
            case 12: sportMessageSport = sportMessageSport ?? message.field(0)?.enumName
            case 18: sessionSport = sessionSport ?? message.field(5)?.enumName
            case 19: laps.append(Self.lap(message))
            case 20: records.append(Self.record(message, distance: &distance))
            case 21: Self.timerEvent(message).map { activity.timerEvents.append($0) }
            default: break
            }
        }
        activity.sport = sessionSport ?? sportMessageSport
        activity.timerEvents = Self.pairedTimerEvents(activity.timerEvents)
        activity.laps = Self.assign(records, to: laps)
        return activity
    }

    private func readFileID(_ message: FITMessage, into activity: inout RecordedActivity) {
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

    static func record(_ message: FITMessage, distance: inout CompressedDistance) -> ActivityRecord {
        var record = ActivityRecord(
            time: message.timestamp,
            latitude: value(message, "position_lat").map { $0 * degreesPerSemicircle },
            longitude: value(message, "position_long").map { $0 * degreesPerSemicircle },
            altitude: value(message, "enhanced_altitude", "altitude"),
            distance: value(message, "distance"),
            speed: value(message, "enhanced_speed", "speed"),
            heartRate: value(message, "heart_rate"),
            cadence: value(message, "cadence"),
            power: value(message, "power"),
            temperature: value(message, "temperature"))
        if case .bytes(let bytes) = message.field(8)?.value, bytes.count == 3 {
            let speed = Int(bytes[0]) | Int(bytes[1] & 0x0F) << 8
            if record.speed == nil { record.speed = Double(speed) / 100 }
            let total = distance.add(Int(bytes[1] >> 4) | Int(bytes[2]) << 4)
            if record.distance == nil { record.distance = Double(total) / 16 }
        }
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

/// The running total of the 12-bit distance in `compressed_speed_distance`, which rolls over at 4096.
struct CompressedDistance {
    private var last: Int?
    private var total = 0

    /// Adds a 12-bit raw value (1/16 m) and returns the accumulated raw distance.
    mutating func add(_ raw: Int) -> Int {
        if let last { total += (raw - last) & 0xFFF } else { total = raw }
        last = raw
        return total
    }
}
