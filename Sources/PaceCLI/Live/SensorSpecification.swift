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
    /// Where GPS fixes come from: PaceSensors' parser, shared with CoreLocation's `PACE_GPS`.
    typealias GPS = GPSSourceSpecification

    /// Which battery to watch.
    enum Battery: Hashable, Sendable {
        /// The first system battery.
        case automatic
        /// A power-supply directory (or its name under the root).
        case path(String)
    }

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
        if let gps { parts.append("gps=" + gps.canonicalText) }
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
        if let gps { sources.append(gps.makeSource()) }
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
