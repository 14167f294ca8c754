import Foundation
import PaceModel
import PaceSensors
import PaceTestSupport
import Testing
@testable import PaceCLI

/// Parsing `pace record`'s live sensor options into a `SensorSpecification`.
@Suite("Live sensor options")
struct LiveSensorSpecificationTests {
    @Test("GPS sources: gpsd with and without port (IPv6 too), NMEA serial with and without baud, NMEA file")
    func gps() async throws {
        #expect(try SensorSpecification.parseGPS("gpsd://localhost:2947") == .gpsd(host: "localhost", port: 2947))
        #expect(try SensorSpecification.parseGPS("gpsd://pi.local") == .gpsd(host: "pi.local", port: 2947))
        #expect(try SensorSpecification.parseGPS("gpsd://") == .gpsd(host: "localhost", port: 2947))
        #expect(try SensorSpecification.parseGPS("gpsd://[::1]:3000") == .gpsd(host: "::1", port: 3000))
        #expect(try SensorSpecification.parseGPS("nmea:/dev/ttyUSB0@9600") == .nmeaSerial(device: "/dev/ttyUSB0", baudRate: 9600))
        #expect(try SensorSpecification.parseGPS("nmea:/dev/ttyACM0") == .nmeaSerial(device: "/dev/ttyACM0", baudRate: 4800))
        #expect(try SensorSpecification.parseGPS("nmea-file:ride.nmea") == .nmeaFile(path: "ride.nmea"))
    }

    @Test("bad values name the option, echo the value and say what is accepted", arguments: [
        ("foo", "gpsd://HOST[:PORT]"), ("gpsd://host:0", "port 1…65535"), ("gpsd://host:99999", "port 1…65535"),
        ("nmea:/dev/ttyUSB0@9601", "baud rate must be one of"), ("nmea:ttyUSB0", "absolute path"), ("nmea-file:", "nmea-file:PATH"),
    ])
    func badGPS(value: String, hint: String) {
        do {
            _ = try SensorSpecification(gps: value)
            Issue.record("'\(value)' was accepted")
        } catch {
            #expect(error.option == "--gps")
            #expect(error.description.hasPrefix("--gps '\(value)':"), "\(error)")
            #expect(error.description.contains(hint), "\(error)")
        }
    }

    @Test("Bluetooth addresses are six hex pairs, normalised to upper case; IIO devices are iio:N; battery is auto or a path")
    func others() async throws {
        let sensors = try SensorSpecification(hr: "ble:c0:ff:ee:12:34:56", cadence: "ble:00:11:22:33:44:55", baro: "iio:0",
                                              motion: "iio:12", battery: "auto")
        #expect(sensors.heartRate == "C0:FF:EE:12:34:56")
        #expect(sensors.barometer == 0 && sensors.motion == 12)
        #expect(sensors.battery == .automatic)
        #expect(try SensorSpecification(battery: "/sys/class/power_supply/BAT1").battery == .path("/sys/class/power_supply/BAT1"))
        for (option, bad) in [("--hr", "C0:FF:EE:12:34:56"), ("--hr", "ble:C0:FF:EE:12:34"), ("--hr", "ble:G0:FF:EE:12:34:56")] {
            #expect(throws: SensorSpecificationError.self, "\(option) \(bad)") { try SensorSpecification(hr: bad) }
        }
        #expect(throws: SensorSpecificationError.self) { try SensorSpecification(baro: "iio:-1") }
        #expect(throws: SensorSpecificationError.self) { try SensorSpecification(motion: "/dev/iio:device0") }
        let split = try SensorSpecification(motion: "iio:1+2")
        #expect(split.motion == 1 && split.gyroscope == 2)
        #expect(split.origin == "live:motion=iio:1+2")
        let source = try #require(split.sources(activityType: .running, iioRoot: "/x", powerSupplyRoot: "/y",
                                                batteryInterval: .seconds(30)).first as? IIOSource)
        #expect(source.device == 1 && source.gyroscope == 2 && source.kind == .motion)
        for bad in ["iio:1+1", "iio:1+x", "iio:1+2+3", "iio:1+", "iio:+2"] {
            #expect(throws: SensorSpecificationError.self, "\(bad)") { try SensorSpecification(motion: bad) }
        }
        #expect(throws: SensorSpecificationError.self) { try SensorSpecification(battery: "") }
    }

    @Test("the origin is canonical, so the same sensors resume the same session however they were written")
    func origin() async throws {
        let first = try SensorSpecification(gps: "gpsd://localhost", hr: "ble:c0:ff:ee:12:34:56", baro: "iio:0", battery: "auto")
        let second = try SensorSpecification(gps: "gpsd://localhost:2947", hr: "ble:C0:FF:EE:12:34:56", baro: "iio:0", battery: "auto")
        #expect(first.origin == second.origin)
        #expect(first.origin == "live:gps=gpsd://localhost:2947,hr=ble:C0:FF:EE:12:34:56,baro=iio:0,battery=auto")
        #expect(try SensorSpecification(baro: "iio:1").origin != first.origin)
        #expect(try SensorSpecification().isEmpty)
    }

    @Test("sources: one per option; cadence reads cycling speed and cadence when cycling, running otherwise")
    func sources() async throws {
        let sensors = try SensorSpecification(gps: "nmea:/dev/ttyUSB0@9600", cadence: "ble:00:11:22:33:44:55", baro: "iio:3",
                                              battery: "BAT1")
        let running = sensors.sources(activityType: .running, iioRoot: "/x", powerSupplyRoot: "/y", batteryInterval: .seconds(5))
        #expect(running.count == 4)
        #expect(running[0] is NMEASource && running[1] is BluetoothSensorSource)
        #expect(SensorSpecification.cadenceProfile(for: .running) == .runningSpeedCadence)
        #expect(SensorSpecification.cadenceProfile(for: .walking) == .runningSpeedCadence)
        #expect(SensorSpecification.cadenceProfile(for: .cycling) == .cyclingSpeedCadence)
        let barometer = try #require(running[2] as? IIOSource)
        #expect(barometer.device == 3 && barometer.kind == .barometer && barometer.root == "/x")
        let battery = try #require(running[3] as? BatterySource)
        #expect(battery.path == "BAT1" && battery.root == "/y" && battery.interval == .seconds(5))
    }

    @Test("pace record takes one kind of source: live sensors with --replay or --demo is refused, as is --speed with sensors")
    func exclusive() async throws {
        let runner = try CommandRunner()
        let both = try await runner.run(["record", "--demo", "--baro", "iio:0"])
        #expect(both.status != 0)
        #expect(both.standardError.contains("Choose one source"), "\(both.standardError)")
        let speed = try await runner.run(["record", "--baro", "iio:0", "--speed", "60"])
        #expect(speed.status != 0)
        #expect(speed.standardError.contains("--speed applies to --replay and --demo"), "\(speed.standardError)")
        let bad = try await runner.run(["record", "--gps", "foo"])
        #expect(bad.status != 0)
        #expect(bad.standardError.contains("--gps 'foo': expected gpsd://HOST[:PORT]"), "\(bad.standardError)")
        let term = try await runner.run(["record", "--baro", "iio:0", "--on-term", "later"])
        #expect(term.standardError.contains("--on-term must be finish"), "\(term.standardError)")
    }
}
