public import Foundation

/// Writes a ``RecordedActivity`` as a FIT activity file (Garmin's binary format), the inverse of
/// ``FITActivityReader``.
///
/// The file has a 14-byte header with header CRC, then in order: `file_id` (type activity,
/// manufacturer `development`), `device_info`, `sport`, a timer start `event`, the `record`
/// messages of each lap followed by its `lap` message, timer stop/start `event`s for the pauses
/// (interleaved by time), a closing timer stop, one `session`, the `activity` message and the file
/// CRC. Messages use normal headers, little endian; times are whole seconds since
/// 1989-12-31T00:00:00Z. Absent values are written as their base type's invalid sentinel.
///
/// A `record` holds `timestamp`, `position_lat`/`position_long` (semicircles), `altitude` and
/// `enhanced_altitude` (metres; scale 5, offset 500), `distance` (metres; scale 100), `speed` and
/// `enhanced_speed` (m/s; scale 1000), `heart_rate` (bpm), `cadence` (rpm), `power` (watts),
/// `temperature` (°C) and `absolute_pressure` (Pa); a value a field cannot hold (out of range, not finite) is written as absent.
///
/// The device name goes in `file_id`/`device_info` `product_name` (``FITActivityReader`` reads it
/// back as `"development <name>"`; a name that already starts with `"development "` is written
/// without it, so an activity read back once writes the same file again), the activity's name in the `sport` message's `name`; the sport
/// maps to FIT's `sport` enum (running, cycling, walking, hiking, swimming and their common
/// synonyms, other FIT sport names as is, else generic).
///
/// Records without a time are left out (a FIT record needs a timestamp). Lap totals the lap does
/// not state (elapsed and timer time, distance, average and maximum heart rate) are computed from
/// its records and the pauses; the session sums the laps.
///
/// ```swift
/// let data = FITActivityWriter().write(activity)
/// try data.write(to: url)
/// ```
public struct FITActivityWriter: Sendable {
    /// The `product` number written in `file_id` and `device_info`.
    public var product: UInt16
    /// The serial number written in `file_id` and `device_info`; `nil` derives it from the
    /// activity's identifier (the leading number of a `"<serial>-<time_created>"` or `"<serial>"`
    /// identifier, as ``FITActivityReader`` makes them, else a hash of the identifier, else 1).
    public var serialNumber: UInt32?
    /// The software version written in `device_info` (e.g. `1.0`; stored in hundredths).
    public var softwareVersion: Double
    /// The time zone of the `activity` message's `local_timestamp`.
    public var timeZone: TimeZone

    /// Creates a writer.
    ///
    /// - Parameters:
    ///   - product: The `product` number (default 1).
    ///   - serialNumber: The serial number, or `nil` to derive it from the activity's identifier.
    ///   - softwareVersion: The software version (default 1.0).
    ///   - timeZone: The time zone of `local_timestamp` (default UTC).
    public init(product: UInt16 = 1, serialNumber: UInt32? = nil, softwareVersion: Double = 1.0,
                timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current) {
        self.product = product
        self.serialNumber = serialNumber
        self.softwareVersion = softwareVersion
        self.timeZone = timeZone
    }

    /// Encodes an activity.
    ///
    /// - Parameter activity: The activity; an activity without laps or records still gives a valid
    ///   file (header, `file_id`, `device_info`, `sport`, an empty `session`, `activity`, CRC).
    /// - Returns: The bytes of the `.fit` file.
    public func write(_ activity: RecordedActivity) -> Data {
        let plan = FITActivityPlan(activity)
        var encoder = FITEncoder()
        let identity = identity(of: activity, start: plan.start)
        writeHeaderMessages(activity, identity: identity, plan: plan, into: &encoder)

        var events = plan.timerEvents[...]
        var paused = false
        func flushEvents(through time: Date) {
            while let event = events.first, event.time <= time {
                events.removeFirst()
                guard (event.kind == .pause) != paused else { continue }
                paused = event.kind == .pause
                Self.writeTimerEvent(paused ? 4 : 0, at: event.time, into: &encoder)
            }
        }
        for (index, lap) in plan.laps.enumerated() {
            for record in lap.records {
                if let time = record.time { flushEvents(through: time) }
                Self.writeRecord(record, into: &encoder)
            }
            if let end = lap.end { flushEvents(through: end) }
            Self.writeLap(lap, index: index, sport: plan.sport, into: &encoder)
        }
        flushEvents(through: .distantFuture)
        if let end = plan.end, !paused { Self.writeTimerEvent(4, at: end, into: &encoder) }
        writeSession(plan, into: &encoder)
        writeActivity(plan, into: &encoder)
        return encoder.fileData()
    }

    // MARK: - Messages

    private func writeHeaderMessages(_ activity: RecordedActivity, identity: (serial: UInt32, created: Int64?),
                                     plan: FITActivityPlan, into encoder: inout FITEncoder) {
        // The reader names the device "<manufacturer> <product_name>", here "development <name>": a name
        // read from a file Pace wrote loses that prefix again, so writing and reading is a fixed point.
        let productName = activity.deviceName.map { name in
            name.hasPrefix(Self.developmentPrefix) ? String(name.dropFirst(Self.developmentPrefix.count)) : name
        }
        let nameSize = Self.stringSize(productName)
        encoder.write(0, [
            .raw("type", 4),  // activity
            .raw("manufacturer", 255),  // development
            .raw("product", Int64(product)),
            .raw("serial_number", Int64(identity.serial)),
            .raw("time_created", identity.created),
            .string("product_name", productName, size: nameSize),
        ])
        encoder.write(23, [
            .time("timestamp", plan.start),
            .raw("device_index", 0),  // creator
            .raw("manufacturer", 255),
            .raw("serial_number", Int64(identity.serial)),
            .raw("product", Int64(product)),
            .number("software_version", softwareVersion),
            .string("product_name", productName, size: nameSize),
        ])
        encoder.write(12, [
            .raw("sport", Int64(plan.sport)),
            .raw("sub_sport", 0),  // generic
            .string("name", activity.name, size: Self.stringSize(activity.name)),
        ])
        if let start = plan.start { Self.writeTimerEvent(0, at: start, into: &encoder) }
    }

    /// A timer event: `type` 0 start, 4 stop_all; trigger manual.
    private static func writeTimerEvent(_ type: Int64, at time: Date, into encoder: inout FITEncoder) {
        encoder.write(21, [
            .time("timestamp", time),
            .raw("event", 0),  // timer
            .raw("event_type", type),
            .raw("data", 0),  // timer_trigger manual
            .raw("event_group", 0),
        ])
    }

    private static let semicirclesPerDegree = 2_147_483_648.0 / 180

    /// Degrees → semicircles (`sint32`); 180° wraps to −180°.
    static func semicircles(_ degrees: Double?) -> Int64? {
        guard let degrees, degrees.isFinite, abs(degrees) <= 180 else { return nil }
        let raw = Int64((degrees * semicirclesPerDegree).rounded())
        return raw == 2_147_483_648 ? -2_147_483_648 : raw
    }

    private static func writeRecord(_ record: ActivityRecord, into encoder: inout FITEncoder) {
        encoder.write(20, [
            .time("timestamp", record.time),
            .raw("position_lat", record.latitude.flatMap { abs($0) <= 90 ? semicircles($0) : nil }),
            .raw("position_long", semicircles(record.longitude)),
            .number("altitude", record.altitude),
            .number("enhanced_altitude", record.altitude),
            .number("distance", record.distance),
            .number("speed", record.speed),
            .number("enhanced_speed", record.speed),
            .number("heart_rate", record.heartRate),
            .number("cadence", record.cadence),
            .number("power", record.power),
            .number("temperature", record.temperature),
            .number("absolute_pressure", record.pressure),
        ])
    }

    private static func writeLap(_ lap: FITActivityPlan.Lap, index: Int, sport: Int, into encoder: inout FITEncoder) {
        encoder.write(19, [
            .time("timestamp", lap.end),
            .time("start_time", lap.start),
            .raw("message_index", Int64(index)),
            .raw("event", 9),  // lap
            .raw("event_type", 1),  // stop
            .number("total_elapsed_time", lap.elapsed),
            .number("total_timer_time", lap.timer),
            .number("total_distance", lap.distance),
            .number("total_calories", lap.calories),
            .number("avg_heart_rate", lap.averageHeartRate),
            .number("max_heart_rate", lap.maximumHeartRate),
            .raw("lap_trigger", lap.trigger.map(Int64.init)),
            .raw("intensity", lap.intensity.map(Int64.init)),
            .raw("sport", Int64(sport)),
        ])
    }

    private func writeSession(_ plan: FITActivityPlan, into encoder: inout FITEncoder) {
        let totals = plan.sessionTotals
        encoder.write(18, [
            .time("timestamp", plan.end),
            .time("start_time", plan.start),
            .raw("message_index", 0),
            .raw("event", 8),  // session
            .raw("event_type", 1),  // stop
            .raw("sport", Int64(plan.sport)),
            .raw("sub_sport", 0),  // generic
            .number("total_elapsed_time", totals.elapsed),
            .number("total_timer_time", totals.timer),
            .number("total_distance", totals.distance),
            .number("total_calories", totals.calories),
            .number("avg_heart_rate", totals.averageHeartRate),
            .number("max_heart_rate", totals.maximumHeartRate),
            .number("total_ascent", plan.totalAscent),
            .number("total_descent", plan.totalDescent),
            .raw("first_lap_index", 0),
            .raw("num_laps", Int64(plan.laps.count)),
            .raw("trigger", 0),  // activity_end
        ])
    }

    private func writeActivity(_ plan: FITActivityPlan, into encoder: inout FITEncoder) {
        let local = plan.end.map { $0.addingTimeInterval(Double(timeZone.secondsFromGMT(for: $0))) }
        encoder.write(34, [
            .time("timestamp", plan.end),
            .number("total_timer_time", plan.sessionTotals.timer),
            .raw("num_sessions", 1),
            .raw("type", 0),  // manual
            .raw("event", 26),  // activity
            .raw("event_type", 1),  // stop
            .time("local_timestamp", local),
        ])
    }

    // MARK: - Identity

    /// The serial number and `time_created` (FIT seconds) to write.
    private func identity(of activity: RecordedActivity, start: Date?) -> (serial: UInt32, created: Int64?) {
        // The reader's identifiers: "<serial>-<time_created>", or "<serial>" alone when the file has no time_created.
        let parts = activity.identifier?.split(separator: "-", omittingEmptySubsequences: false) ?? []
        let parsedSerial = (1...2).contains(parts.count) ? UInt32(parts[0]).flatMap { $0 == 0 ? nil : $0 } : nil
        let parsedCreated = parsedSerial != nil && parts.count == 2
            ? Int64(parts[1]).flatMap { $0 >= 0 && $0 < 0xFFFF_FFFF ? $0 : nil } : nil
        let serial = serialNumber ?? parsedSerial ?? activity.identifier.map(Self.hash) ?? 1
        return (serial == 0 ? 1 : serial, parsedCreated ?? start.flatMap(FITEncoder.fitSeconds))
    }

    /// What ``FITActivityReader`` puts before the product name of a file whose manufacturer is `development`.
    static let developmentPrefix = "development "

    /// FNV-1a, 32 bits, of the UTF-8 bytes; never 0 (0 is `uint32z`'s invalid value).
    static func hash(_ text: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash == 0 ? 1 : hash
    }

    /// The field size for a string: its UTF-8 bytes and a NUL, at most 255; 1 when absent.
    private static func stringSize(_ text: String?) -> Int {
        min((text?.utf8.count ?? 0) + 1, 255)
    }
}
