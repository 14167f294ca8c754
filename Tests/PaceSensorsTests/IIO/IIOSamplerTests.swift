import Foundation
import PaceModel
import PaceTestSupport
import Testing
@testable import PaceSensors

/// The IIO polling logic against fake sysfs trees: unit conversion per the kernel ABI, skipped
/// input, disconnection after repeated failures, reconnection when the device is back.
@Suite("IIO sampler")
struct IIOSamplerTests {
    let time = Date(timeIntervalSince1970: 1_800_000_000)

    func readings(_ events: [SensorEvent]) -> [SensorReading.Value] {
        events.compactMap { if case .reading(let reading) = $0 { reading.value } else { nil } }
    }

    func skippedReasons(_ events: [SensorEvent]) -> [String] {
        events.compactMap { if case .skipped(let input) = $0 { input.reason } else { nil } }
    }

    func pascals(_ events: [SensorEvent]) -> Double? {
        for value in readings(events) { if case .pressure(let pascals) = value { return pascals } }
        return nil
    }

    @Test("in_pressure_input is kilopascals: 101.325 kPa reads as 101 325 Pa, stamped with the poll time")
    func processedPressure() throws {
        let tree = try FakeSysfsTree()
        try tree.write(in: "iio:device0", ["name": "bmp280", "in_pressure_input": "101.325000000", "in_temp_input": "24510"])
        var sampler = IIOSampler(device: 0, kind: .barometer, root: tree.root)
        let events = sampler.poll(at: time)
        #expect(events == [.reading(SensorReading(time: time, value: .pressure(pascals: 101_325)))])
        #expect(sampler.label == "iio:device0 (bmp280)")
    }

    @Test("in_pressure_raw is (raw + offset) × scale in kilopascals; a per-channel scale beats the shared one")
    func rawPressure() throws {
        let tree = try FakeSysfsTree()
        try tree.write(in: "iio:device3", ["name": "lps22hb", "in_pressure_raw": "4140000", "in_pressure_scale": "0.000024414",
                                           "in_pressure_offset": "-2000"])
        var sampler = IIOSampler(device: 3, kind: .barometer, root: tree.root)
        let value = try #require(pascals(sampler.poll(at: time)))
        #expect(isApproximatelyEqual(value, (4_140_000 - 2000) * 0.000024414 * 1000, relative: 1e-12))

        let indexed = try FakeSysfsTree()
        try indexed.write(in: "iio:device1", ["in_pressure1_raw": "1", "in_pressure0_raw": "99000", "in_pressure_scale": "100",
                                              "in_pressure0_scale": "0.001"])
        var lowest = IIOSampler(device: 1, kind: .barometer, root: indexed.root)
        #expect(pascals(lowest.poll(at: time)) == 99_000, "pressure0 is read, with its own scale (0.001 kPa), not the type's")
    }

    @Test("acceleration and angular velocity: (raw + offset) × scale per axis, m/s² and rad/s")
    func motionWithGyroscope() throws {
        let tree = try FakeSysfsTree()
        try tree.write(in: "iio:device2", [
            "name": "bmi160", "in_accel_x_raw": "100", "in_accel_y_raw": "-200", "in_accel_z_raw": "16384",
            "in_accel_scale": "0.000598", "in_accel_z_offset": "16", "in_anglvel_x_raw": "-1000", "in_anglvel_y_raw": "0",
            "in_anglvel_z_raw": "2000", "in_anglvel_scale": "0.001064724",
        ])
        var sampler = IIOSampler(device: 2, kind: .motion, root: tree.root)
        guard case .motion(let motion)? = readings(sampler.poll(at: time)).first else {
            Issue.record("no motion reading")
            return
        }
        #expect(isApproximatelyEqual(motion.acceleration.x, 0.0598, relative: 1e-12))
        #expect(isApproximatelyEqual(motion.acceleration.y, -0.1196, relative: 1e-12))
        #expect(isApproximatelyEqual(motion.acceleration.z, 16_400 * 0.000598, relative: 1e-12))
        #expect(isApproximatelyEqual(motion.rotationRate.x, -1.064724, relative: 1e-12))
        #expect(motion.rotationRate.y == 0)
        #expect(isApproximatelyEqual(motion.rotationRate.z, 2.129448, relative: 1e-12))
    }

    @Test("an accelerometer without a gyroscope reads zero rotation; a gyroscope alone is not motion")
    func accelerometerOnly() throws {
        let tree = try FakeSysfsTree()
        try tree.write(in: "iio:device0", ["in_accel_x_input": "0.1", "in_accel_y_input": "0.2", "in_accel_z_input": "9.81"])
        try tree.write(in: "iio:device1", ["in_anglvel_x_raw": "1", "in_anglvel_y_raw": "1", "in_anglvel_z_raw": "1"])
        var accelerometer = IIOSampler(device: 0, kind: .motion, root: tree.root)
        #expect(readings(accelerometer.poll(at: time)) == [.motion(MotionReading(acceleration: [0.1, 0.2, 9.81], rotationRate: .zero))])
        var gyroscope = IIOSampler(device: 1, kind: .motion, root: tree.root)
        #expect(skippedReasons(gyroscope.poll(at: time)) == ["iio.no-channel"])
    }

    @Test("a split IMU: acceleration from one device, angular velocity from its gyroscope device; the gyroscope's loss disconnects motion")
    func separateGyroscope() throws {
        let tree = try FakeSysfsTree()
        try tree.write(in: "iio:device1", ["name": "accel_3d", "in_accel_x_raw": "-12", "in_accel_y_raw": "3", "in_accel_z_raw": "-1003",
                                           "in_accel_scale": "0.0098066"])
        try tree.write(in: "iio:device2", ["name": "gyro_3d", "in_anglvel_x_raw": "5", "in_anglvel_y_raw": "-7", "in_anglvel_z_raw": "0",
                                           "in_anglvel_scale": "0.017453293"])
        var sampler = IIOSampler(device: 1, kind: .motion, root: tree.root, gyroscope: 2)
        guard case .motion(let motion)? = readings(sampler.poll(at: time)).first else {
            Issue.record("no motion reading")
            return
        }
        #expect(isApproximatelyEqual(motion.acceleration.z, -1003 * 0.0098066, relative: 1e-12))
        #expect(isApproximatelyEqual(motion.rotationRate.x, 5 * 0.017453293, relative: 1e-12))
        #expect(isApproximatelyEqual(motion.rotationRate.y, -7 * 0.017453293, relative: 1e-12))
        #expect(sampler.label == "iio:device1 (accel_3d) + iio:device2 (gyro_3d)")
        #expect(IIOSource(device: 1, kind: .motion, root: tree.root, gyroscope: 2).description
            == "IIO motion iio:device1 (accel_3d) + iio:device2 (gyro_3d)")

        try tree.move("iio:device2", to: "gone")
        let events = sampler.poll(at: time) + sampler.poll(at: time) + sampler.poll(at: time)
        #expect(events.map(\.sysfsKind) == ["skipped", "skipped", "skipped", "disconnected"], "a motion reading needs both devices")
        try tree.move("gone", to: "iio:device2")
        #expect(sampler.poll(at: time).map(\.sysfsKind) == ["reconnected", "reading"])

        var wrong = IIOSampler(device: 1, kind: .motion, root: tree.root, gyroscope: 0)
        try tree.write(in: "iio:device0", ["name": "als", "in_illuminance_raw": "40"])
        guard case .skipped(let input)? = wrong.poll(at: time).first else {
            Issue.record("a device without angular velocity is not a gyroscope")
            return
        }
        #expect(input.reason == "iio.no-channel")
        #expect(input.detail.contains("iio:device0 has no angular velocity channels"))
        #expect(IIOSampler(device: 0, kind: .barometer, root: tree.root, gyroscope: 2).gyroscope == nil, "only motion pairs a gyroscope")
    }

    @Test("garbage is skipped with a counted reason and the next good value is read; no disconnection")
    func garbage() throws {
        let tree = try FakeSysfsTree()
        try tree.write(in: "iio:device0", ["in_pressure_input": "98.1"])
        var sampler = IIOSampler(device: 0, kind: .barometer, root: tree.root)
        #expect(pascals(sampler.poll(at: time)) == 98_100)
        for text in ["", "nan", "98,1", "-inf"] {
            try tree.write("iio:device0/in_pressure_input", text)
            let events = sampler.poll(at: time)
            #expect(skippedReasons(events) == ["sysfs.garbage"], "'\(text)'")
            try tree.write("iio:device0/in_pressure_input", "98.2")
            #expect(pascals(sampler.poll(at: time)) == 98_200)
        }
        #expect(!sampler.health.isDisconnected)
    }

    @Test("a value in pascals where the ABI says kilopascals is skipped as out of range, not recorded as 101 MPa")
    func outOfRange() throws {
        let tree = try FakeSysfsTree()
        try tree.write(in: "iio:device0", ["in_pressure_input": "101325"])
        var sampler = IIOSampler(device: 0, kind: .barometer, root: tree.root)
        let events = sampler.poll(at: time)
        #expect(skippedReasons(events) == ["iio.out-of-range"])
        #expect(readings(events).isEmpty)
    }

    @Test("a removed device: skipped three times, then disconnected once, quiet while gone, reconnected with its new scale")
    func removalAndReturn() throws {
        let tree = try FakeSysfsTree()
        try tree.write(in: "iio:device0", ["name": "bmp280", "in_pressure_raw": "100000", "in_pressure_scale": "0.001"])
        var sampler = IIOSampler(device: 0, kind: .barometer, root: tree.root)
        #expect(pascals(sampler.poll(at: time)) == 100_000)
        try tree.move("iio:device0", to: "unplugged")
        #expect(sampler.poll(at: time).map(\.sysfsKind) == ["skipped"])
        #expect(sampler.poll(at: time).map(\.sysfsKind) == ["skipped"])
        let third = sampler.poll(at: time)
        #expect(third.map(\.sysfsKind) == ["skipped", "disconnected"])
        #expect(skippedReasons(third) == ["sysfs.missing"])
        if case .disconnected(let stream, let reason)? = third.last {
            #expect(stream == .pressure)
            #expect(reason.contains("iio:device0"), "the reason says which device: \(reason)")
        }
        #expect(sampler.poll(at: time).isEmpty, "no event storm while the device is gone")
        try tree.move("unplugged", to: "iio:device0")
        try tree.write("iio:device0/in_pressure_scale", "0.000990")
        let back = sampler.poll(at: time)
        #expect(back.map(\.sysfsKind) == ["reconnected", "reading"])
        #expect(isApproximatelyEqual(pascals(back) ?? 0, 99_000, relative: 1e-12), "the scale is read again after reconnecting")
    }

    @Test("a different chip under the same number is refused, not read as the old one")
    func deviceChanged() throws {
        let tree = try FakeSysfsTree()
        try tree.write(in: "iio:device0", ["name": "bmp280", "in_pressure_input": "100"])
        var sampler = IIOSampler(device: 0, kind: .barometer, root: tree.root)
        #expect(pascals(sampler.poll(at: time)) == 100_000)
        try tree.remove("iio:device0/in_pressure_input")
        _ = sampler.poll(at: time)
        try tree.write(in: "iio:device0", ["name": "hts221", "in_pressure_input": "100"])
        #expect(skippedReasons(sampler.poll(at: time)) == ["iio.device-changed"])
    }

    @Test("a device without the channel its kind needs: iio.no-channel naming the channels it has")
    func missingChannel() throws {
        let tree = try FakeSysfsTree()
        try tree.write(in: "iio:device4", ["name": "hdc1010", "in_temp_raw": "1", "in_humidityrelative_raw": "2"])
        var sampler = IIOSampler(device: 4, kind: .barometer, root: tree.root)
        let events = sampler.poll(at: time) + sampler.poll(at: time) + sampler.poll(at: time)
        guard case .skipped(let input)? = events.first, case .disconnected(_, let reason)? = events.last else {
            Issue.record("expected skipped … disconnected, got \(events)")
            return
        }
        #expect(input.reason == "iio.no-channel")
        #expect(input.detail.contains("humidityrelative, temp"))
        #expect(reason.contains("pressure"))
    }
}

extension SensorEvent {
    /// The case's name, for comparing event sequences.
    var sysfsKind: String {
        switch self {
        case .reading: "reading"
        case .disconnected: "disconnected"
        case .reconnected: "reconnected"
        case .skipped: "skipped"
        }
    }
}
