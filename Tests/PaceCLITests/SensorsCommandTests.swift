import Foundation
import PaceTestSupport
import Testing

/// `pace sensors` end to end, on fake sysfs trees.
@Suite("pace sensors")
struct SensorsCommandTests {
    struct Report: Decodable {
        struct GPSD: Decodable { var host: String; var port: Int; var reachable: Bool }
        struct Bluetooth: Decodable { var available: Bool; var reason: String? }
        struct Device: Decodable { var index: Int; var name: String?; var channels: [String]; var kinds: [String] }
        struct Battery: Decodable { var name: String; var capacityPercent: Double?; var status: String; var isSystemBattery: Bool }
        var gpsd: GPSD
        var bluetooth: Bluetooth
        var iio: [Device]
        var batteries: [Battery]
    }

    func tree() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let files = [
            ("iio/iio:device0/name", "bmp280"), ("iio/iio:device0/in_pressure_input", "100.1"), ("iio/iio:device0/in_temp_input", "21000"),
            ("iio/iio:device1/name", "mma8452"), ("iio/iio:device1/in_accel_x_raw", "1"), ("iio/iio:device1/in_accel_y_raw", "2"),
            ("iio/iio:device1/in_accel_z_raw", "3"), ("iio/iio:device1/in_accel_scale", "0.009576806"),
            ("iio/iio:device2/name", "gyro_3d"), ("iio/iio:device2/in_anglvel_x_raw", "0"), ("iio/iio:device2/in_anglvel_y_raw", "0"),
            ("iio/iio:device2/in_anglvel_z_raw", "0"),
            ("power/BAT0/type", "Battery"), ("power/BAT0/capacity", "71"), ("power/BAT0/status", "Charging"),
            ("power/ADP1/type", "Mains"), ("power/ADP1/online", "1"),
        ]
        for (path, value) in files {
            let url = directory.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((value + "\n").utf8).write(to: url)
        }
        return directory
    }

    @Test("--json lists gpsd (unreachable on a closed port), Bluetooth's absence, IIO devices and batteries; exit 0")
    func json() async throws {
        let directory = try tree()
        defer { directory.remove() }
        let result = try await CommandRunner().run(["sensors", "--json", "--gpsd", "127.0.0.1:1", "--timeout", "0.5",
                                              "--iio-root", directory.path("iio"), "--power-supply-root", directory.path("power")])
        #expect(result.status == 0, "\(result.standardError)")
        let report = try JSONDecoder().decode(Report.self, from: Data(result.standardOutput.utf8))
        #expect(report.gpsd.host == "127.0.0.1" && report.gpsd.port == 1 && !report.gpsd.reachable)
        if !report.bluetooth.available { #expect(report.bluetooth.reason?.isEmpty == false, "no Bluetooth says why") }
        #expect(report.iio.map(\.index) == [0, 1, 2])
        #expect(report.iio.map(\.kinds) == [["barometer"], ["motion"], []])
        #expect(report.iio[0].channels == ["pressure", "temp"])
        #expect(report.iio[1].name == "mma8452")
        #expect(report.batteries.count == 1)
        #expect(report.batteries.first?.capacityPercent == 71)
        #expect(report.batteries.first?.status == "charging")
        #expect(report.batteries.first?.isSystemBattery == true)
    }

    @Test("text names the option for each sensor; with nothing found, every kind says so and the command still succeeds")
    func text() async throws {
        let directory = try tree()
        defer { directory.remove() }
        let runner = try CommandRunner()
        let found = try await runner.run(["sensors", "--no-bluetooth", "--gpsd", "127.0.0.1:1", "--timeout", "0.5",
                                    "--iio-root", directory.path("iio"), "--power-supply-root", directory.path("power")])
        #expect(found.status == 0)
        #expect(found.standardOutput.contains("iio:device0 bmp280: barometer (pressure, temp)   --baro iio:0"), "\(found.standardOutput)")
        #expect(found.standardOutput.contains("--motion iio:1"))
        #expect(found.standardOutput.contains("iio:device2 gyro_3d: gyroscope (anglvel_x, anglvel_y, anglvel_z)   --motion iio:1+2"),
                "\(found.standardOutput)")
        #expect(found.standardOutput.contains("BAT0: 71 %, charging"))
        #expect(found.standardOutput.contains("Bluetooth  no Bluetooth: not scanned (--no-bluetooth)"))
        let nothing = try await runner.run(["sensors", "--no-bluetooth", "--gpsd", "127.0.0.1:1", "--timeout", "0.5",
                                      "--iio-root", directory.path("none"), "--power-supply-root", directory.path("none")])
        #expect(nothing.status == 0)
        #expect(nothing.standardOutput.contains("gpsd       127.0.0.1:1: not reachable"))
        #expect(nothing.standardOutput.contains("IIO        no devices"))
        #expect(nothing.standardOutput.contains("Battery    none"))
        let bad = try await runner.run(["sensors", "--gpsd", "host:port"])
        #expect(bad.status != 0)
        #expect(bad.standardError.contains("--gpsd 'host:port'"), "\(bad.standardError)")
    }
}
