import Foundation
import PaceModel

/// The polling logic of ``BatterySource``, without threads: each ``poll(at:)`` reads the battery
/// once. With no fixed path it picks the system battery again whenever it has none (it may be
/// hot-plugged).
struct BatterySampler: Sendable {
    /// Consecutive failed polls that make a disconnection.
    static let failureLimit = 2

    let fixedPath: String?
    let root: String
    private(set) var health = StreamHealth(stream: .battery, failureLimit: Self.failureLimit)
    private(set) var path: String?

    init(path: String?, root: String) {
        self.root = root.hasSuffix("/") ? String(root.dropLast()) : root
        if let path {
            fixedPath = path.contains("/") ? path : "\(self.root)/\(path)"
        } else {
            fixedPath = nil
        }
        self.path = fixedPath
    }

    /// Reads the battery once.
    /// - Parameter time: The reading's time.
    mutating func poll(at time: Date) -> [SensorEvent] {
        if path == nil { path = PowerSupplyDirectory.automaticBattery(root: root) }
        guard let path else {
            return health.failed(SkippedInput(reason: "battery.none", detail: "no battery under \(root) (type Battery, present, not a peripheral's)"),
                                 disconnectReason: "no battery found under \(root)")
        }
        switch PowerSupplyDirectory.level(of: path) {
        case .success(let level):
            let status = PowerSupplyDirectory.status(of: path)
            let charging = status.onExternalPower ?? PowerSupplyDirectory.externalPowerOnline(root: root)
            return health.succeeded() + [.reading(SensorReading(time: time, value: .battery(BatteryReading(level: level, isCharging: charging))))]
        case .failure(let failure):
            if fixedPath == nil { self.path = nil }
            return health.failed(failure.skipped, disconnectReason: "battery \(path) cannot be read: \(failure.detail)")
        }
    }
}
