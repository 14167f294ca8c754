import Foundation
import Logging
public import PaceModel

/// A Linux Industrial I/O sensor read from sysfs: a barometer as ``SensorReading/Value/pressure(pascals:)``
/// or an accelerometer (with its gyroscope) as ``SensorReading/Value/motion(_:)``.
///
/// Values follow the kernel ABI (`Documentation/ABI/testing/sysfs-bus-iio`): `in_pressure_input`
/// in kilopascals, or (`in_pressure_raw` + `in_pressure_offset`) × `in_pressure_scale`; acceleration
/// (`in_accel_{x,y,z}_raw` + offset) × scale in m/s²; angular velocity (`in_anglvel_*`) in rad/s,
/// from the same device or from a separate gyroscope device (``gyroscope``).
/// Attributes are polled on a dedicated thread at ``rate``. A read that fails or holds garbage is
/// reported as skipped input (`sysfs.missing`, `sysfs.unreadable`, `sysfs.garbage`,
/// `iio.out-of-range`, `iio.no-channel`, `iio.device-changed`); three in a row report the stream
/// disconnected, and the source keeps retrying every second until the device is back.
///
/// ```swift
/// let barometer = IIOSource(device: 0, kind: .barometer)
/// await barometer.run { event in await driver.handle(event) }
/// ```
public struct IIOSource: SensorSource {
    /// N of `iio:deviceN`.
    public let device: Int
    /// What the device is read as.
    public let kind: IIOKind
    /// The directory holding the `iio:deviceN` directories.
    public let root: String
    /// Polls per second, in hertz.
    public let rate: Double
    /// For motion, a separate IIO device whose angular velocity is read with the accelerometer's
    /// acceleration (drivers such as `hid-sensor-hub` and `st_lsm6dsx` expose them as two devices).
    public let gyroscope: Int?

    private static let logger = Logger(label: "pace.sensors.iio")

    /// Creates a source for one device.
    /// - Parameters:
    ///   - device: N of `iio:deviceN` (as `pace sensors` lists it).
    ///   - kind: Barometer or motion.
    ///   - root: Where IIO devices are (tests point this at a fake tree).
    ///   - rate: Polls per second in hertz, 0.1…200; `nil` for the kind's default (4 Hz barometer,
    ///     50 Hz motion). Values outside the range are clamped.
    ///   - gyroscope: For motion, N of a separate gyroscope device (`iio:deviceN`) read with this
    ///     accelerometer; `nil` reads the accelerometer's own gyroscope channels, if it has any.
    ///     Ignored for a barometer.
    public init(device: Int, kind: IIOKind, root: String = "/sys/bus/iio/devices", rate: Double? = nil, gyroscope: Int? = nil) {
        self.device = device
        self.gyroscope = kind == .motion ? gyroscope : nil
        self.kind = kind
        self.root = root
        let requested = rate ?? kind.defaultRate
        self.rate = requested.isFinite ? min(200, max(0.1, requested)) : kind.defaultRate
    }

    /// E.g. `"IIO barometer iio:device0 (bmp280)"`, `"IIO motion iio:device1 (accel_3d) + iio:device2 (gyro_3d)"`.
    public var description: String {
        let sampler = IIOSampler(device: device, kind: kind, root: root, gyroscope: gyroscope)
        func named(_ index: Int, _ directory: String) -> String {
            let name = try? SysfsAttribute.text(directory + "/name").get()
            return "iio:device\(index)" + (name.flatMap { $0.isEmpty ? nil : " (\($0))" } ?? "")
        }
        var text = "IIO \(kind.rawValue) " + named(device, sampler.directory)
        if let gyroscope, let directory = sampler.gyroscopeDirectory { text += " + " + named(gyroscope, directory) }
        return text
    }

    /// `[.pressure]` for a barometer, `[.motion]` for motion.
    public var streams: Set<SensorStream> { [kind.stream] }

    /// Polls the device until the calling task is cancelled (stops within one poll interval, at
    /// most a second).
    public func run(_ emit: @escaping @Sendable (SensorEvent) async -> Void) async {
        let state = Locked(IIOSampler(device: device, kind: kind, root: root, gyroscope: gyroscope))
        let interval = Duration.seconds(1 / rate)
        let retry = max(interval, .seconds(1))
        Self.logger.debug("Reading IIO device", metadata: ["device": "\(device)", "kind": "\(kind.rawValue)", "rate": "\(rate)"])
        let events = SysfsPoller.events(name: "pace.iio.\(device)", bufferLimit: max(64, Int(rate * 10))) {
            state.withLock { sampler in
                let events = sampler.poll(at: Date())
                return SysfsPoller.Step(events: events, delay: sampler.health.isDisconnected ? retry : interval)
            }
        }
        for await event in events {
            if case .disconnected(_, let reason) = event {
                Self.logger.debug("IIO device disconnected", metadata: ["device": "\(device)", "reason": "\(reason)"])
            }
            await emit(event)
        }
    }

    /// The IIO devices under `root`, by number, with their name, channels and what Pace can read
    /// them as. Unreadable entries are left out; a missing root gives an empty list.
    public static func discover(root: String = "/sys/bus/iio/devices") -> [IIODeviceInfo] {
        let base = root.hasSuffix("/") ? String(root.dropLast()) : root
        let prefix = "iio:device"
        let indices = (SysfsAttribute.entries(base) ?? []).compactMap { entry -> Int? in
            entry.hasPrefix(prefix) ? Int(entry.dropFirst(prefix.count)) : nil
        }
        return indices.sorted().compactMap { index in
            let path = "\(base)/\(prefix)\(index)"
            guard let entries = SysfsAttribute.entries(path) else { return nil }
            let name = try? SysfsAttribute.text(path + "/name").get()
            let channels = IIOChannelNames.channels(in: entries)
            return IIODeviceInfo(index: index, name: name.flatMap { $0.isEmpty ? nil : $0 }, path: path,
                                 channels: channels, kinds: IIOChannelNames.kinds(of: channels))
        }
    }
}
