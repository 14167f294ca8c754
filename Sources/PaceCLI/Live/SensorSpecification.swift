import Foundation
import PaceModel
import PaceSensors

/// The live sensors `pace record` reads, parsed from `--gps`, `--hr`, `--cadence`, `--power`,
/// `--baro`, `--motion` and `--battery`.
///
/// ```swift
/// let sensors = try SensorSpecification(gps: "gpsd://localhost:2947", baro: "iio:0", battery: "auto")
/// sensors.origin   // "live:gps=gpsd://localhost:2947,baro=iio:0,battery=auto"
/// ```
struct SensorSpecification: Hashable, Sendable {
    /// Where GPS fixes come from.
    enum GPS: Hashable, Sendable {
        /// A gpsd daemon.
        case gpsd(host: String, port: UInt16)
        /// An NMEA 0183 receiver on a serial line.
        case nmeaSerial(device: String, baudRate: Int)
        /// NMEA 0183 sentences in a file.
        case nmeaFile(path: String)
    }

    /// Which battery to watch.
    enum Battery: Hashable, Sendable {
        /// The first system battery.
        case automatic
        /// A power-supply directory (or its name under the root).
        case path(String)
    }

    /// gpsd's port when `gpsd://HOST` names none.
    static let gpsdDefaultPort: UInt16 = 2947
    /// NMEA 0183's standard speed, when `nmea:DEVICE` names none.
    static let nmeaDefaultBaudRate = 4800
    /// Serial speeds accepted for `nmea:DEVICE@BAUD`.
    static let baudRates = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600]

    var gps: GPS?
    /// Bluetooth address of a heart-rate strap.
    var heartRate: String?
    /// Bluetooth address of a cadence sensor.
    var cadence: String?
    /// Bluetooth address of a power meter.
    var power: String?
    /// IIO device number of a barometer.
    var barometer: Int?
    /// IIO device number of an accelerometer.
    var motion: Int?
    /// IIO device number of a separate gyroscope read with the accelerometer (`--motion iio:N+M`).
    var gyroscope: Int?
    var battery: Battery?

    /// Parses the options' values; `nil` means the option was not given.
    /// - Throws: ``SensorSpecificationError`` naming the option, the value, and what is accepted.
    init(gps: String? = nil, hr: String? = nil, cadence: String? = nil, power: String? = nil,
         baro: String? = nil, motion: String? = nil, battery: String? = nil) throws(SensorSpecificationError) {
        self.gps = try gps.map(Self.parseGPS)
        heartRate = try hr.map { text throws(SensorSpecificationError) in try Self.parseBluetooth(text, option: "--hr") }
        self.cadence = try cadence.map { text throws(SensorSpecificationError) in try Self.parseBluetooth(text, option: "--cadence") }
        self.power = try power.map { text throws(SensorSpecificationError) in try Self.parseBluetooth(text, option: "--power") }
        barometer = try baro.map { text throws(SensorSpecificationError) in try Self.parseIIO(text, option: "--baro") }
        let devices = try motion.map(Self.parseMotion)
        self.motion = devices?.accelerometer
        gyroscope = devices?.gyroscope
        self.battery = try battery.map(Self.parseBattery)
    }

    /// Whether no sensor is named.
    var isEmpty: Bool {
        gps == nil && heartRate == nil && cadence == nil && power == nil && barometer == nil && motion == nil && battery == nil
    }

    /// The options in canonical form, e.g. `["gps=gpsd://localhost:2947", "baro=iio:0"]`.
    var components: [String] {
        var parts: [String] = []
        switch gps {
        case .gpsd(let host, let port): parts.append("gps=gpsd://\(host.contains(":") ? "[\(host)]" : host):\(port)")
        case .nmeaSerial(let device, let baudRate): parts.append("gps=nmea:\(device)@\(baudRate)")
        case .nmeaFile(let path): parts.append("gps=nmea-file:\(path)")
        case nil: break
        }
        if let heartRate { parts.append("hr=ble:\(heartRate)") }
        if let cadence { parts.append("cadence=ble:\(cadence)") }
        if let power { parts.append("power=ble:\(power)") }
        if let barometer { parts.append("baro=iio:\(barometer)") }
        if let motion { parts.append("motion=iio:\(motion)" + (gyroscope.map { "+\($0)" } ?? "")) }
        switch battery {
        case .automatic: parts.append("battery=auto")
        case .path(let path): parts.append("battery=\(path)")
        case nil: break
        }
        return parts
    }

    /// The session origin: a restarted `pace record` with the same sensors resumes the session.
    var origin: String { "live:" + components.joined(separator: ",") }

    /// The sources to run.
    /// - Parameters:
    ///   - activityType: Picks the cadence profile: cycling speed and cadence for cycling, running
    ///     speed and cadence otherwise.
    ///   - iioRoot: Where IIO devices are.
    ///   - powerSupplyRoot: Where power supplies are.
    ///   - batteryInterval: Time between battery readings.
    func sources(activityType: WorkoutActivityType, iioRoot: String, powerSupplyRoot: String,
                 batteryInterval: Duration) -> [any SensorSource] {
        var sources: [any SensorSource] = []
        switch gps {
        case .gpsd(let host, let port): sources.append(GPSDSource(host: host, port: port))
        case .nmeaSerial(let device, let baudRate): sources.append(NMEASource(serialDevice: device, baudRate: baudRate))
        case .nmeaFile(let path): sources.append(NMEASource(file: path))
        case nil: break
        }
        if let heartRate { sources.append(BluetoothSensorSource(address: heartRate, profile: .heartRate)) }
        if let cadence { sources.append(BluetoothSensorSource(address: cadence, profile: Self.cadenceProfile(for: activityType))) }
        if let power { sources.append(BluetoothSensorSource(address: power, profile: .cyclingPower)) }
        if let barometer { sources.append(IIOSource(device: barometer, kind: .barometer, root: iioRoot)) }
        if let motion { sources.append(IIOSource(device: motion, kind: .motion, root: iioRoot, gyroscope: gyroscope)) }
        switch battery {
        case .automatic: sources.append(BatterySource(path: nil, root: powerSupplyRoot, interval: batteryInterval))
        case .path(let path): sources.append(BatterySource(path: path, root: powerSupplyRoot, interval: batteryInterval))
        case nil: break
        }
        return sources
    }

    /// The GATT profile a cadence sensor is read with: Cycling Speed and Cadence for cycling,
    /// Running Speed and Cadence otherwise.
    static func cadenceProfile(for activityType: WorkoutActivityType) -> GATTProfile {
        [.cycling, .handCycling].contains(activityType) ? .cyclingSpeedCadence : .runningSpeedCadence
    }
}

/// A sensor option's value that cannot be used: which option, what was given, what is accepted.
struct SensorSpecificationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The option, e.g. `--gps`.
    var option: String
    /// The value given.
    var value: String
    /// What is accepted, with an example.
    var message: String

    var description: String { "\(option) '\(value)': \(message)." }
}
