import Foundation
import Logging
public import PaceModel

/// The recording device's battery from `/sys/class/power_supply`, as
/// ``SensorReading/Value/battery(_:)`` readings: level 0…1 from `capacity` (percent), or
/// `energy_now`/`energy_full`, or `charge_now`/`charge_full`; charging when `status` is
/// `Charging`, `Full` or `Not charging` (external power keeps it from draining), or — when the
/// status is `Unknown` — when a mains or USB supply is `online`.
///
/// The session turns the readings into a `batteryLow` marker (≤ 15 %, not charging) and, at the
/// critical level (≤ 5 %, not charging), finishes and saves the workout.
///
/// ```swift
/// let battery = BatterySource()            // the first system battery
/// await battery.run { event in await driver.handle(event) }
/// ```
public struct BatterySource: SensorSource {
    /// The battery's directory, or `nil` to pick the first system battery under ``root``.
    public let path: String?
    /// Where power supplies are.
    public let root: String
    /// Time between readings.
    public let interval: Duration

    private static let logger = Logger(label: "pace.sensors.battery")

    /// Creates a battery source.
    /// - Parameters:
    ///   - path: The battery's directory (`/sys/class/power_supply/BAT0`) or its name under `root`
    ///     (`BAT0`); `nil` picks the first battery of type Battery that is present and not a
    ///     peripheral's (`scope` Device).
    ///   - root: Where power supplies are (tests point this at a fake tree).
    ///   - interval: Time between readings (at least 0.1 s); the first is read at once.
    public init(path: String? = nil, root: String = "/sys/class/power_supply", interval: Duration = .seconds(30)) {
        self.path = path
        self.root = root
        self.interval = max(interval, .milliseconds(100))
    }

    /// `"battery BAT0"` or `"battery (auto)"`.
    public var description: String {
        "battery " + (path.map { ($0 as NSString).lastPathComponent } ?? "(auto)")
    }

    /// `[.battery]`.
    public var streams: Set<SensorStream> { [.battery] }

    /// Reads the battery every ``interval`` until the calling task is cancelled (stops at once).
    public func run(_ emit: @escaping @Sendable (SensorEvent) async -> Void) async {
        let state = Locked(BatterySampler(path: path, root: root))
        let interval = interval
        let events = SysfsPoller.events(name: "pace.battery", bufferLimit: 64) {
            state.withLock { SysfsPoller.Step(events: $0.poll(at: Date()), delay: interval) }
        }
        for await event in events {
            if case .disconnected(_, let reason) = event {
                Self.logger.debug("Battery unreadable", metadata: ["reason": "\(reason)"])
            }
            await emit(event)
        }
    }

    /// The batteries under `root` (type Battery), sorted by name, with their charge and status.
    public static func discover(root: String = "/sys/class/power_supply") -> [BatteryInfo] {
        PowerSupplyDirectory.supplies(root: root).compactMap { path in
            guard PowerSupplyDirectory.type(of: path) == "Battery" else { return nil }
            let scope = try? SysfsAttribute.text(path + "/scope").get()
            let model = try? SysfsAttribute.text(path + "/model_name").get()
            return BatteryInfo(name: (path as NSString).lastPathComponent, path: path,
                               capacityPercent: try? PowerSupplyDirectory.percent(of: path).get(),
                               status: PowerSupplyDirectory.status(of: path), scope: scope,
                               model: model.flatMap { $0.isEmpty ? nil : $0 },
                               isSystemBattery: PowerSupplyDirectory.isSystemBattery(path))
        }
    }
}
