import ArgumentParser
import Foundation
import PaceSensors

/// `pace sensors`: what live sensors this machine has, and the `pace record` option for each.
struct SensorsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sensors",
        abstract: "List the live sensors Pace can record from: gpsd, Bluetooth heart-rate straps, IIO sensors, batteries.",
        discussion: """
            Each kind is looked for on its own; one that is missing (no gpsd, no Bluetooth adapter, no IIO devices) is \
            reported as such and never makes the command fail. Next to each sensor is the `pace record` option that \
            records from it.
            """)

    @OptionGroup var output: OutputOptions

    @Option(name: .long, help: ArgumentHelp("Where to look for gpsd.", valueName: "host:port"))
    var gpsd: String = "localhost:2947"

    @Option(name: .long, help: ArgumentHelp("Seconds to wait for gpsd.", valueName: "seconds"))
    var timeout: Double = 1

    @OptionGroup var sysfs: SysfsRootOptions

    @Flag(name: .customLong("no-bluetooth"), help: "Do not scan for Bluetooth devices.")
    var noBluetooth = false

    func validate() throws {
        guard timeout.isFinite, timeout > 0, timeout <= 60 else {
            throw ValidationError("--timeout must be between 0 and 60 seconds, not \(timeout).")
        }
        _ = try gpsdAddress()
    }

    func run() async throws {
        let (host, port) = try gpsdAddress()
        let timeout = Duration.seconds(timeout)
        async let probe = GPSDSource.probe(host: host, port: port, timeout: timeout)
        async let bluetooth = scanBluetooth()
        let report = SensorsReport(
            gpsd: SensorsReport.GPSD(host: host, port: port, probe: await probe),
            bluetooth: await bluetooth,
            iio: IIOSource.discover(root: sysfs.iioRoot),
            batteries: BatterySource.discover(root: sysfs.powerSupplyRoot))
        output.write(output.json ? try JSONOutput.encode(report) : report.text())
    }

    private func scanBluetooth() async -> SensorsReport.Bluetooth {
        if noBluetooth { return SensorsReport.Bluetooth(available: false, reason: "not scanned (--no-bluetooth)", devices: []) }
        do {
            let devices = try await BluetoothSensorSource.discover()
            return SensorsReport.Bluetooth(available: true, reason: nil, devices: devices.map(SensorsReport.Device.init))
        } catch {
            return SensorsReport.Bluetooth(available: false, reason: "\(error)", devices: [])
        }
    }

    private func gpsdAddress() throws -> (String, UInt16) {
        do {
            guard case .gpsd(let host, let port) = try SensorSpecification.parseGPS("gpsd://" + gpsd) else {
                throw ValidationError("--gpsd must be HOST[:PORT], e.g. localhost:2947.")
            }
            return (host, port)
        } catch let error as SensorSpecificationError {
            throw ValidationError("--gpsd '\(gpsd)': expected HOST[:PORT], e.g. localhost:2947 (\(error.message)).")
        }
    }
}
