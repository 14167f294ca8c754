import Foundation
import PaceModel

/// The polling logic of ``IIOSource``, without threads: each ``poll(at:)`` reads the device once
/// and says what happened. The device's channels, scale and offset are looked up when it is first
/// seen and again after any failure, so a device that is unplugged and comes back (possibly with
/// another scale) is read correctly; a different chip appearing under the same number is refused.
struct IIOSampler: Sendable {
    /// Consecutive failed polls that make a disconnection.
    static let failureLimit = 3
    /// Plausible barometric pressure in pascals: anything outside is a misread or a driver that
    /// does not follow the kernel ABI's kilopascals.
    static let pressureRange = 10_000.0...150_000.0
    /// Plausible acceleration per axis in m/s² (±160 g).
    static let accelerationLimit = 1_600.0
    /// Plausible angular velocity per axis in rad/s (±20 000 °/s).
    static let rotationLimit = 350.0

    enum Channels: Sendable {
        case pressure(IIOScaledChannel)
        case motion(acceleration: [IIOScaledChannel], rotation: [IIOScaledChannel]?)
    }

    let device: Int
    let kind: IIOKind
    let directory: String
    /// A separate gyroscope device read with an accelerometer (IMUs whose driver splits them).
    let gyroscope: Int?
    let gyroscopeDirectory: String?
    private(set) var health: StreamHealth
    private var channels: Channels?
    private(set) var chipName: String?
    private(set) var gyroscopeName: String?

    init(device: Int, kind: IIOKind, root: String, gyroscope: Int? = nil) {
        self.device = device
        self.kind = kind
        let base = root.hasSuffix("/") ? String(root.dropLast()) : root
        directory = base + "/iio:device\(device)"
        self.gyroscope = kind == .motion ? gyroscope : nil
        gyroscopeDirectory = self.gyroscope.map { base + "/iio:device\($0)" }
        health = StreamHealth(stream: kind.stream, failureLimit: Self.failureLimit)
    }

    /// The device's label in messages: `iio:device0 (bmp280)`, `iio:device1 (accel_3d) + iio:device2 (gyro_3d)`.
    var label: String {
        "iio:device\(device)" + (chipName.map { " (\($0))" } ?? "")
            + (gyroscope.map { " + iio:device\($0)" + (gyroscopeName.map { " (\($0))" } ?? "") } ?? "")
    }

    /// Reads the device once.
    /// - Parameter time: When the values are read, the readings' time.
    mutating func poll(at time: Date) -> [SensorEvent] {
        let value: Result<SensorReading.Value, Skip>
        switch connect() {
        case .failure(let skipped):
            value = .failure(skipped)
        case .success(let channels):
            value = read(channels)
        }
        switch value {
        case .success(let value):
            return health.succeeded() + [.reading(SensorReading(time: time, value: value))]
        case .failure(let skip):
            channels = nil
            let reason = skip.input.detail
            return health.failed(skip.input, disconnectReason: reason)
        }
    }

    /// Lists a device directory and checks its `name` is the one first seen there.
    private static func open(_ directory: String, name remembered: inout String?) -> Result<[String], Skip> {
        guard let entries = SysfsAttribute.entries(directory) else {
            return .failure(SysfsAttribute.Failure.missing(path: directory).skip)
        }
        if case .success(let name) = SysfsAttribute.text(directory + "/name"), !name.isEmpty {
            if let remembered, remembered != name {
                return .failure(Skip(SkippedInput(reason: "iio.device-changed",
                                                  detail: "\(directory) is now '\(name)', not the '\(remembered)' recording started with")))
            }
            remembered = name
        }
        return .success(entries)
    }

    /// The x, y, z channels of a type (`accel`, `anglvel`); `nil` when any axis is absent.
    private static func axes(_ type: String, in directory: String, entries: Set<String>) -> Result<[IIOScaledChannel], Skip>? {
        var channels: [IIOScaledChannel] = []
        for axis in ["x", "y", "z"] {
            switch IIOScaledChannel.resolve("\(type)_\(axis)", in: directory, entries: entries) {
            case .success(let channel): channels.append(channel)
            case .failure(let failure): return .failure(failure.skip)
            case nil: return nil
            }
        }
        return .success(channels)
    }

    private mutating func connect() -> Result<Channels, Skip> {
        if let channels { return .success(channels) }
        let entries: [String]
        switch Self.open(directory, name: &chipName) {
        case .success(let listed): entries = listed
        case .failure(let skip): return .failure(skip)
        }
        let names = IIOChannelNames.channels(in: entries)
        let available = Set(entries)
        switch kind {
        case .barometer:
            guard let channel = IIOChannelNames.pressureChannel(in: names),
                  let resolved = IIOScaledChannel.resolve(channel, in: directory, entries: available) else {
                return .failure(Skip(missingChannel("a pressure channel (in_pressure_input or in_pressure_raw)", names)))
            }
            switch resolved.map({ Channels.pressure($0) }).mapError(\.skip) {
            case .success(let channels): return .success(remember(channels))
            case .failure(let skip): return .failure(skip)
            }
        case .motion:
            let acceleration: [IIOScaledChannel]
            switch Self.axes("accel", in: directory, entries: available) {
            case .success(let channels)?: acceleration = channels
            case .failure(let skip)?: return .failure(skip)
            case nil: return .failure(Skip(missingChannel("acceleration channels (in_accel_x/y/z_raw)", names)))
            }
            var rotation: [IIOScaledChannel]?
            if let gyroscopeDirectory {
                let gyroscopeEntries: [String]
                switch Self.open(gyroscopeDirectory, name: &gyroscopeName) {
                case .success(let listed): gyroscopeEntries = listed
                case .failure(let skip): return .failure(skip)
                }
                switch Self.axes("anglvel", in: gyroscopeDirectory, entries: Set(gyroscopeEntries)) {
                case .success(let channels)?: rotation = channels
                case .failure(let skip)?: return .failure(skip)
                case nil:
                    let found = IIOChannelNames.channels(in: gyroscopeEntries)
                    return .failure(Skip(SkippedInput(reason: "iio.no-channel",
                                                      detail: "iio:device\(gyroscope ?? 0) has no angular velocity channels (in_anglvel_x/y/z_raw); "
                                                          + "its channels are \(found.isEmpty ? "none" : found.joined(separator: ", "))")))
                }
            } else {
                switch Self.axes("anglvel", in: directory, entries: available) {
                case .success(let channels)?: rotation = channels
                case .failure(let skip)?: return .failure(skip)
                case nil: rotation = nil
                }
            }
            return .success(remember(Channels.motion(acceleration: acceleration, rotation: rotation)))
        }
    }

    private mutating func remember(_ resolved: Channels) -> Channels {
        channels = resolved
        return resolved
    }

    private func missingChannel(_ what: String, _ names: [String]) -> SkippedInput {
        SkippedInput(reason: "iio.no-channel",
                     detail: "\(label) has no \(what); its channels are \(names.isEmpty ? "none" : names.joined(separator: ", ")) "
                         + "(`pace sensors` lists the devices and what they can be read as)")
    }

    private func read(_ channels: Channels) -> Result<SensorReading.Value, Skip> {
        switch channels {
        case .pressure(let channel):
            return channel.read().mapError(\.skip).flatMap { kilopascals in
                let pascals = kilopascals * 1000
                guard Self.pressureRange.contains(pascals) else {
                    return .failure(Skip(SkippedInput(reason: "iio.out-of-range",
                                                 detail: "\(channel.path) gives \(pascals) Pa, outside \(Self.pressureRange) "
                                                     + "(a misread, or a driver not reporting kilopascals)")))
                }
                return .success(.pressure(pascals: pascals))
            }
        case .motion(let accelerationChannels, let rotationChannels):
            let acceleration: SIMD3<Double>
            switch vector(accelerationChannels, limit: Self.accelerationLimit, unit: "m/s²") {
            case .success(let value): acceleration = value
            case .failure(let skipped): return .failure(skipped)
            }
            var rotation = SIMD3<Double>.zero
            if let rotationChannels {
                switch vector(rotationChannels, limit: Self.rotationLimit, unit: "rad/s") {
                case .success(let value): rotation = value
                case .failure(let skipped): return .failure(skipped)
                }
            }
            return .success(.motion(MotionReading(acceleration: acceleration, rotationRate: rotation)))
        }
    }

    private func vector(_ channels: [IIOScaledChannel], limit: Double, unit: String) -> Result<SIMD3<Double>, Skip> {
        var result = SIMD3<Double>.zero
        for (axis, channel) in channels.enumerated() {
            switch channel.read() {
            case .success(let value):
                guard abs(value) <= limit else {
                    return .failure(Skip(SkippedInput(reason: "iio.out-of-range",
                                                 detail: "\(channel.path) gives \(value) \(unit), beyond ±\(limit) \(unit)")))
                }
                result[axis] = value
            case .failure(let failure):
                return .failure(failure.skip)
            }
        }
        return .success(result)
    }
}
