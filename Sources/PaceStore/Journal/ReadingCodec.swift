import Foundation
package import PaceModel

/// The journal's compact binary encoding of ``SensorReading`` values: little-endian, one tag byte,
/// the time as a 64-bit float of seconds since 2001-01-01 UTC, then the kind's fields.
///
/// A chunk of readings is the concatenation of their encodings. The layout is part of the store
/// format: a change is a new tag, never an edit of an old one.
///
/// | tag | kind | fields after the time |
/// |---|---|---|
/// | 1 | location | latitude, longitude, altitude, speed, course, horizontal/vertical/speed/course accuracy (9 × f64) |
/// | 2 | heart rate | bpm (f64), contact (u8: 0 unknown, 1 no, 2 yes), RR count (u16), RR intervals (count × f64, s) |
/// | 3 | motion | acceleration x y z (m/s²), rotation x y z (rad/s) (6 × f64) |
/// | 4 | pressure | pascals (f64) |
/// | 5 | cadence | per minute (f64) |
/// | 6 | power | watts (f64) |
/// | 7 | battery | level 0…1 (f64), charging (u8) |
package enum ReadingCodec {
    /// Appends the encoding of `reading` to `buffer`.
    /// - Parameters:
    ///   - reading: The reading.
    ///   - buffer: The chunk being built.
    package static func encode(_ reading: SensorReading, into buffer: inout [UInt8]) {
        func put(_ value: Double) {
            withUnsafeBytes(of: value.bitPattern.littleEndian) { buffer.append(contentsOf: $0) }
        }
        switch reading.value {
        case .location(let location):
            buffer.append(1)
            put(reading.time.timeIntervalSinceReferenceDate)
            put(location.latitude); put(location.longitude); put(location.altitude); put(location.speed); put(location.course)
            put(location.horizontalAccuracy); put(location.verticalAccuracy); put(location.speedAccuracy); put(location.courseAccuracy)
        case .heartRate(let heartRate):
            buffer.append(2)
            put(reading.time.timeIntervalSinceReferenceDate)
            put(heartRate.beatsPerMinute)
            buffer.append(heartRate.sensorContact.map { $0 ? 2 : 1 } ?? 0)
            let count = UInt16(min(heartRate.rrIntervals.count, Int(UInt16.max)))
            withUnsafeBytes(of: count.littleEndian) { buffer.append(contentsOf: $0) }
            for interval in heartRate.rrIntervals.prefix(Int(count)) { put(interval) }
        case .motion(let motion):
            buffer.append(3)
            put(reading.time.timeIntervalSinceReferenceDate)
            // Written field by field: no temporary array per reading (motion arrives at up to 100 Hz).
            put(motion.acceleration.x); put(motion.acceleration.y); put(motion.acceleration.z)
            put(motion.rotationRate.x); put(motion.rotationRate.y); put(motion.rotationRate.z)
        case .pressure(let pascals):
            buffer.append(4)
            put(reading.time.timeIntervalSinceReferenceDate)
            put(pascals)
        case .cadence(let perMinute):
            buffer.append(5)
            put(reading.time.timeIntervalSinceReferenceDate)
            put(perMinute)
        case .power(let watts):
            buffer.append(6)
            put(reading.time.timeIntervalSinceReferenceDate)
            put(watts)
        case .battery(let battery):
            buffer.append(7)
            put(reading.time.timeIntervalSinceReferenceDate)
            put(battery.level)
            buffer.append(battery.isCharging ? 1 : 0)
        }
    }

    /// Decodes a chunk written by ``encode(_:into:)``.
    /// - Parameters:
    ///   - bytes: The chunk.
    ///   - expectedCount: The number of readings the journal row says it holds.
    /// - Returns: The readings in the order they were encoded.
    /// - Throws: ``StoreError`` with code ``StoreError/Code/corrupt`` naming the byte offset when the
    ///   chunk is truncated, has an unknown tag, or holds a different number of readings.
    package static func decode(_ bytes: [UInt8], expectedCount: Int) throws(StoreError) -> [SensorReading] {
        var readings: [SensorReading] = []
        readings.reserveCapacity(expectedCount)
        var offset = 0
        func fail(_ what: String) -> StoreError {
            StoreError(code: .corrupt,
                       message: "A recording journal chunk is damaged at byte \(offset): \(what). The readings before it are intact; "
                           + "recover the session to keep them.",
                       path: nil)
        }
        func need(_ count: Int) throws(StoreError) {
            if offset + count > bytes.count { throw fail("it ends inside a reading") }
        }
        func double() throws(StoreError) -> Double {
            try need(8)
            var bits: UInt64 = 0
            for index in 0..<8 { bits |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
            offset += 8
            return Double(bitPattern: bits)
        }
        func byte() throws(StoreError) -> UInt8 {
            try need(1)
            offset += 1
            return bytes[offset - 1]
        }
        while offset < bytes.count {
            let tag = try byte()
            let time = Date(timeIntervalSinceReferenceDate: try double())
            let value: SensorReading.Value
            switch tag {
            case 1:
                var fields = [Double](repeating: 0, count: 9)
                for index in 0..<9 { fields[index] = try double() }
                value = .location(RouteLocation(timestamp: time, latitude: fields[0], longitude: fields[1], altitude: fields[2],
                                                speed: fields[3], course: fields[4], horizontalAccuracy: fields[5],
                                                verticalAccuracy: fields[6], speedAccuracy: fields[7], courseAccuracy: fields[8]))
            case 2:
                let bpm = try double()
                let contact = try byte()
                try need(2)
                let count = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
                offset += 2
                var intervals: [Double] = []
                intervals.reserveCapacity(count)
                for _ in 0..<count { intervals.append(try double()) }
                value = .heartRate(HeartRateReading(beatsPerMinute: bpm, rrIntervals: intervals,
                                                    sensorContact: contact == 0 ? nil : contact == 2))
            case 3:
                let ax = try double(), ay = try double(), az = try double()
                let gx = try double(), gy = try double(), gz = try double()
                value = .motion(MotionReading(acceleration: SIMD3(ax, ay, az), rotationRate: SIMD3(gx, gy, gz)))
            case 4: value = .pressure(pascals: try double())
            case 5: value = .cadence(perMinute: try double())
            case 6: value = .power(watts: try double())
            case 7:
                let level = try double()
                value = .battery(BatteryReading(level: level, isCharging: try byte() != 0))
            default:
                offset -= 9
                throw fail("unknown reading tag \(tag)")
            }
            readings.append(SensorReading(time: time, value: value))
        }
        guard readings.count == expectedCount else {
            throw fail("it holds \(readings.count) readings where \(expectedCount) were written")
        }
        return readings
    }
}
