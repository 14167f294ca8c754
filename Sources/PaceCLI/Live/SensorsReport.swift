import Foundation
import PaceSensors

/// What `pace sensors` found (`--json`: these field names).
struct SensorsReport: Encodable {
    /// gpsd: where it was looked for and what it said.
    struct GPSD: Encodable {
        var host: String
        var port: UInt16
        var reachable: Bool
        var release: String?
        var devices: [String]

        init(host: String, port: UInt16, probe: GPSDProbe?) {
            self.host = host
            self.port = port
            reachable = probe != nil
            release = probe?.version.release
            devices = probe?.devices.map(\.path) ?? []
        }
    }

    /// A Bluetooth LE device.
    struct Device: Encodable {
        var address: String
        var name: String?
        var advertisesHeartRate: Bool

        init(_ device: BluetoothDevice) {
            address = device.address
            name = device.name
            advertisesHeartRate = device.advertisesHeartRate
        }
    }

    /// The Bluetooth scan: the devices, or why there are none.
    struct Bluetooth: Encodable {
        var available: Bool
        var reason: String?
        var devices: [Device]
    }

    var gpsd: GPSD
    var bluetooth: Bluetooth
    var iio: [IIODeviceInfo]
    var batteries: [BatteryInfo]

    func text() -> String {
        var lines: [String] = []
        let address = gpsd.host.contains(":") ? "[\(gpsd.host)]:\(gpsd.port)" : "\(gpsd.host):\(gpsd.port)"
        if gpsd.reachable {
            let devices = gpsd.devices.isEmpty ? "no devices" : "devices " + gpsd.devices.joined(separator: ", ")
            lines.append("gpsd       \(address): gpsd \(gpsd.release ?? "?"), \(devices)   --gps gpsd://\(address)")
        } else {
            lines.append("gpsd       \(address): not reachable")
        }
        if !bluetooth.available {
            lines.append("Bluetooth  no Bluetooth: \(bluetooth.reason ?? "unavailable")")
        } else {
            let straps = bluetooth.devices.filter(\.advertisesHeartRate)
            if straps.isEmpty { lines.append("Bluetooth  no device advertising heart rate") }
            for device in straps {
                lines.append("Bluetooth  \(device.address) \(device.name ?? "(no name)"): heart rate   --hr ble:\(device.address)")
            }
        }
        if iio.isEmpty { lines.append("IIO        no devices") }
        for device in iio {
            let gyroscopeOnly = device.kinds.isEmpty && ["anglvel_x", "anglvel_y", "anglvel_z"].allSatisfy(device.channels.contains)
            let kinds = device.kinds.isEmpty ? (gyroscopeOnly ? "gyroscope" : "not usable by Pace") : device.kinds.map(\.rawValue).joined(separator: ", ")
            var options = device.kinds.map { $0 == .barometer ? "--baro iio:\(device.index)" : "--motion iio:\(device.index)" }
            if gyroscopeOnly, let accelerometer = iio.first(where: { $0.kinds.contains(.motion) }) {
                options.append("--motion iio:\(accelerometer.index)+\(device.index)")
            }
            lines.append("IIO        iio:device\(device.index) \(device.name ?? "(no name)"): \(kinds) "
                + "(\(device.channels.joined(separator: ", ")))" + (options.isEmpty ? "" : "   " + options.joined(separator: " ")))
        }
        if batteries.isEmpty { lines.append("Battery    none") }
        for battery in batteries {
            let level = battery.capacityPercent.map { String(format: "%.0f %%", $0) } ?? "level unknown"
            let status: String = switch battery.status {
            case .charging: "charging"
            case .discharging: "discharging"
            case .notCharging: "not charging"
            case .full: "full"
            case .unknown: "status unknown"
            }
            let option = battery.isSystemBattery ? "   --battery \(battery.path)" : "   (a peripheral's battery)"
            lines.append("Battery    \(battery.name)\(battery.model.map { " \($0)" } ?? ""): \(level), \(status)" + option)
        }
        return lines.joined(separator: "\n")
    }
}
