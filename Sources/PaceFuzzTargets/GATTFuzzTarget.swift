import Foundation
import PaceModel
import PaceSensors

extension FuzzTarget {
    /// BLE GATT characteristics: the first byte picks a characteristic (heart rate, running speed
    /// and cadence, cycling speed and cadence, cycling power measurement; battery level; body sensor
    /// location), the rest is a sequence of notifications, each a length byte and its value, 250 ms
    /// apart. Decoded rates are finite and not negative, a refusal is a ``GATTError`` whose offset
    /// lies in the value, skipped notifications carry one of the documented reasons.
    static let gatt = FuzzTarget(
        name: "gatt",
        summary: "GATT measurement decoders: finite non-negative rates, GATTError inside the value",
        generatedSeeds: { GATTFuzzChecks.seeds() }
    ) { (data) throws(FuzzInvariantViolation) -> FuzzOutcome in
        let check = FuzzCheck(target: "gatt")
        guard let selector = data.first else { return .refused(code: "empty") }
        let notifications = GATTFuzzChecks.notifications(data.dropFirst())
        let choice = Int(selector) % (GATTProfile.allCases.count + 2)
        let checks = GATTFuzzChecks(check: check)
        guard choice < GATTProfile.allCases.count else {
            for (index, value) in notifications.enumerated() { try checks.simple(value, batteryLevel: choice == GATTProfile.allCases.count, "notification \(index)") }
            return .decoded
        }
        var decoder = GATTNotificationDecoder(profile: GATTProfile.allCases[choice])
        var arrival = ContinuousClock.Instant.now
        var refused: String?
        for (index, value) in notifications.enumerated() {
            try checks.direct(value, profile: GATTProfile.allCases[choice], "notification \(index)")
            let output = decoder.decode(value, arrival: arrival)
            try checks.output(output, "notification \(index)")
            if let skipped = output.skipped { refused = refused ?? skipped.reason }
            arrival = arrival.advanced(by: .milliseconds(250))
        }
        return refused.map { .refused(code: $0) } ?? .decoded
    }
}

/// The GATT target's checks and seeds.
struct GATTFuzzChecks {
    let check: FuzzCheck

    /// Splits the input into notifications: a length byte, then that many bytes (fewer at the end).
    static func notifications(_ bytes: Data) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let length = Int(bytes[index])
            let start = bytes.index(after: index)
            let end = min(start + length, bytes.endIndex)
            result.append(Array(bytes[start..<end]))
            index = end
        }
        return result
    }

    /// Valid notifications of every characteristic, as sensors send them.
    static func seeds() -> [Data] {
        func seed(_ selector: UInt8, _ values: [[UInt8]]) -> Data {
            Data([selector] + values.flatMap { [UInt8($0.count)] + $0 })
        }
        return [
            // Heart rate: 8-bit 72 bpm; 16-bit with contact, energy and two RR intervals.
            seed(0, [[0x00, 72], [0x10, 0x48, 0x00, 0x04], [0x1E, 0x50, 0x00, 0x20, 0x03, 0x10, 0x03, 0x20, 0x03]]),
            // RSC: 3.0 m/s at 170 spm, then with stride length and total distance, running.
            seed(1, [[0x00, 0x00, 0x03, 170], [0x07, 0x00, 0x03, 172, 0x78, 0x00, 0x10, 0x27, 0x00, 0x00]]),
            // CSC: wheel and crank revolutions, three notifications a second apart.
            seed(2, [[0x03, 10, 0, 0, 0, 0x00, 0x04, 5, 0, 0x00, 0x04],
                     [0x03, 12, 0, 0, 0, 0x00, 0x08, 6, 0, 0x00, 0x08],
                     [0x03, 14, 0, 0, 0, 0x00, 0x0C, 7, 0, 0x00, 0x0C]]),
            // Cycling power: 250 W with wheel and crank data.
            seed(3, [[0x30, 0x00, 0xFA, 0x00, 10, 0, 0, 0, 0x00, 0x08, 5, 0, 0x00, 0x04],
                     [0x30, 0x00, 0xFA, 0x00, 12, 0, 0, 0, 0x00, 0x10, 6, 0, 0x00, 0x08]]),
            // Battery level 87 %; body sensor location "chest".
            seed(4, [[87]]),
            seed(5, [[1]]),
        ]
    }

    /// A measurement's own parser: a refusal's offset lies inside the value and the promised field
    /// does not fit.
    func direct(_ value: [UInt8], profile: GATTProfile, _ place: String) throws(FuzzInvariantViolation) {
        switch profile {
        case .heartRate:
            switch Result(catching: { () throws(GATTError) in try HeartRateMeasurement(bytes: value) }) {
            case .success(let measurement):
                try check.require(measurement.beatsPerMinute >= 0, "\(place): \(measurement.beatsPerMinute) bpm")
                for interval in measurement.rrIntervals { try check.value(interval, "\(place): RR interval", in: 0...64) }
            case .failure(let error): try refusal(error, value, place)
            }
        case .runningSpeedCadence:
            switch Result(catching: { () throws(GATTError) in try RSCMeasurement(bytes: value) }) {
            case .success(let measurement):
                try check.value(measurement.speed, "\(place): speed", in: 0...256)
                try check.value(measurement.strideLength, "\(place): stride length", in: 0...Double.greatestFiniteMagnitude)
                try check.value(measurement.totalDistance, "\(place): total distance", in: 0...Double.greatestFiniteMagnitude)
            case .failure(let error): try refusal(error, value, place)
            }
        case .cyclingSpeedCadence:
            if case .failure(let error) = Result(catching: { () throws(GATTError) in try CSCMeasurement(bytes: value) }) {
                try refusal(error, value, place)
            }
        case .cyclingPower:
            switch Result(catching: { () throws(GATTError) in try CyclingPowerMeasurement(bytes: value) }) {
            case .success(let measurement):
                try check.value(measurement.pedalPowerBalance, "\(place): pedal power balance", in: 0...100)
                try check.value(measurement.accumulatedTorque, "\(place): accumulated torque")
                try check.value(measurement.maximumTorque, "\(place): maximum torque")
                try check.value(measurement.minimumTorque, "\(place): minimum torque")
            case .failure(let error): try refusal(error, value, place)
            }
        }
    }

    /// Battery level (0…100 %) or body sensor location.
    func simple(_ value: [UInt8], batteryLevel: Bool, _ place: String) throws(FuzzInvariantViolation) {
        if batteryLevel {
            switch Result(catching: { () throws(GATTError) in try BatteryLevel(bytes: value) }) {
            case .success(let level): try check.require((0...100).contains(level.percent), "\(place): battery level \(level.percent) %")
            case .failure(let error): try refusal(error, value, place)
            }
        } else if case .failure(let error) = Result(catching: { () throws(GATTError) in try BodySensorLocation(bytes: value) }) {
            try refusal(error, value, place)
        }
    }

    private func refusal(_ error: GATTError, _ value: [UInt8], _ place: String) throws(FuzzInvariantViolation) {
        if case .truncated(_, let field, let offset, let needed, let length) = error {
            try check.require(length == value.count, "\(place): \(field) reports a length of \(length) for \(value.count) bytes")
            try check.require(offset >= 0 && offset <= length && offset + needed > length,
                              "\(place): \(field) at offset \(offset) needing \(needed) fits in \(length) bytes, yet refused")
        }
    }

    /// The decoder's output: finite, non-negative rates; a documented skip reason.
    func output(_ output: GATTNotificationDecoder.Output, _ place: String) throws(FuzzInvariantViolation) {
        try check.value(output.speed, "\(place): speed", in: 0...Double.greatestFiniteMagnitude)
        for value in output.values {
            switch value {
            case .heartRate(let reading):
                try check.value(reading.beatsPerMinute, "\(place): heart rate", in: 0...Double.greatestFiniteMagnitude)
                for interval in reading.rrIntervals { try check.value(interval, "\(place): RR interval", in: 0...64) }
            case .cadence(let perMinute):
                try check.value(perMinute, "\(place): cadence", in: 0...Double.greatestFiniteMagnitude)
            case .power(let watts):
                try check.value(watts, "\(place): power")
            default:
                throw FuzzInvariantViolation(target: check.target, message: "\(place): unexpected reading \(value)")
            }
        }
        if let skipped = output.skipped {
            try check.require(["gatt.short", "gatt.invalid", "gatt.discontinuity"].contains(skipped.reason),
                              "\(place): undocumented skip reason \(skipped.reason)")
        }
    }
}
