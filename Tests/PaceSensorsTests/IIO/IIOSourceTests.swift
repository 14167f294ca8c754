import Foundation
import PaceModel
import PaceTestSupport
import Testing
@testable import PaceSensors

/// `IIOSource` running on its polling thread against a fake sysfs tree, and `IIOSource.discover`.
@Suite("IIO source")
struct IIOSourceTests {
    func readingCount(_ events: [SensorEvent]) -> Int {
        events.filter { if case .reading = $0 { true } else { false } }.count
    }

    @Test("polls at its rate, survives the device's removal mid-stream, reconnects, and stops promptly when cancelled")
    func runsAndRecovers() async throws {
        let tree = try FakeSysfsTree()
        try tree.write(in: "iio:device0", ["name": "bmp280", "in_pressure_input": "99.5"])
        let source = IIOSource(device: 0, kind: .barometer, root: tree.root, rate: 50)
        #expect(source.description == "IIO barometer iio:device0 (bmp280)")
        #expect(source.streams == [.pressure])
        let collector = SysfsEventCollector()
        let started = ContinuousClock.now
        let task = collector.start(source)
        #expect(await collector.wait { readingCount($0) >= 10 })
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(150), "10 readings at 50 Hz take about 0.2 s, not a busy loop: \(elapsed)")

        try tree.move("iio:device0", to: "gone")
        #expect(await collector.wait { $0.contains { if case .disconnected(.pressure, _) = $0 { true } else { false } } })
        let beforeReturn = readingCount(collector.events)
        try tree.write("gone/in_pressure_input", "99.6")
        try tree.move("gone", to: "iio:device0")
        #expect(await collector.wait { $0.contains(.reconnected(.pressure)) && readingCount($0) > beforeReturn })

        let events = collector.events
        // A starved consumer (the whole suite on two busy cores) also sees `sensor.overrun` skips from
        // the poller's buffer; the device's own story is what is checked here.
        let kinds = events.filter { if case .skipped(let input) = $0 { input.reason != "sensor.overrun" } else { true } }
            .map(\.sysfsKind).filter { $0 != "reading" }
        #expect(kinds == ["skipped", "skipped", "skipped", "disconnected", "reconnected"], "\(kinds)")
        let times = events.compactMap { if case .reading(let reading) = $0 { reading.time } else { nil } }
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "readings in time order")
        if case .reading(let last)? = events.last { #expect(last.value == .pressure(pascals: 99_600)) }

        let cancelled = ContinuousClock.now
        task.cancel()
        await task.value
        // A poll is 20 ms: a source that ignored cancellation would never return. The bound only has
        // to tell that apart from a loaded machine (a clean-clone CI run on two busy cores took 1.05 s).
        #expect(ContinuousClock.now - cancelled < TestTime.duration(.seconds(20)))
    }

    @Test("cancellation is prompt even while the device is gone and the source waits a second between retries")
    func cancellationWhileDisconnected() async throws {
        let tree = try FakeSysfsTree()
        let source = IIOSource(device: 7, kind: .motion, root: tree.root, rate: 10)
        let collector = SysfsEventCollector()
        let task = collector.start(source)
        #expect(await collector.wait { $0.contains { if case .disconnected(.motion, _) = $0 { true } else { false } } })
        try await Task.sleep(for: .milliseconds(100))
        let cancelled = ContinuousClock.now
        task.cancel()
        await task.value
        #expect(ContinuousClock.now - cancelled < TestTime.duration(.seconds(20)))
    }

    @Test("rates are clamped to 0.1…200 Hz, with the kind's default when none is given")
    func rates() {
        #expect(IIOSource(device: 0, kind: .barometer).rate == 4)
        #expect(IIOSource(device: 0, kind: .motion).rate == 50)
        #expect(IIOSource(device: 0, kind: .motion, rate: 10_000).rate == 200)
        #expect(IIOSource(device: 0, kind: .motion, rate: -1).rate == 0.1)
        #expect(IIOSource(device: 0, kind: .barometer, rate: .nan).rate == 4)
    }

    @Test("discover lists devices by number with name, channels and kinds; triggers and stray entries are ignored")
    func discover() throws {
        let tree = try FakeSysfsTree()
        try tree.write(in: "iio:device10", ["name": "lsm6dsx_gyro", "in_anglvel_x_raw": "0", "in_anglvel_y_raw": "0", "in_anglvel_z_raw": "0",
                                            "in_anglvel_scale": "0.000153"])
        try tree.write(in: "iio:device2", ["name": "lsm6dsx_accel", "in_accel_x_raw": "0", "in_accel_y_raw": "0", "in_accel_z_raw": "0",
                                           "in_accel_scale": "0.000598", "in_accel_scale_available": "0.000598 0.001196"])
        try tree.write(in: "iio:device0", ["name": "bme280", "in_pressure_input": "100", "in_temp_input": "21000",
                                           "in_humidityrelative_input": "45000"])
        try tree.write(in: "trigger0", ["name": "bme280-dev0"])
        // As in real sysfs, where /sys/bus/iio/devices/iio:deviceN are symbolic links into /sys/devices.
        try tree.write(in: "platform/i2c-1/1-0077/iio:device5", ["name": "bmp388", "in_pressure_raw": "1", "in_pressure_scale": "100"])
        try FileManager.default.createSymbolicLink(atPath: tree.root + "/iio:device5",
                                                   withDestinationPath: tree.root + "/platform/i2c-1/1-0077/iio:device5")
        var devices = IIOSource.discover(root: tree.root)
        #expect(devices.map(\.index) == [0, 2, 5, 10])
        #expect(devices.map(\.name) == ["bme280", "lsm6dsx_accel", "bmp388", "lsm6dsx_gyro"])
        #expect(devices.remove(at: 2).kinds == [.barometer])
        #expect(devices[0].channels == ["humidityrelative", "pressure", "temp"])
        #expect(devices[0].kinds == [.barometer])
        #expect(devices[1].channels == ["accel_x", "accel_y", "accel_z"])
        #expect(devices[1].kinds == [.motion])
        #expect(devices[2].kinds.isEmpty, "a gyroscope alone cannot make motion readings (they need acceleration)")
        #expect(devices[2].path == tree.root + "/iio:device10")
        #expect(IIOSource.discover(root: tree.root + "/absent").isEmpty)
    }
}
