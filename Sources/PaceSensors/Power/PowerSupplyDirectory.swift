import Foundation

/// Reading `/sys/class/power_supply` (kernel `Documentation/ABI/testing/sysfs-class-power`):
/// which supplies are batteries, their charge and whether external power is online.
enum PowerSupplyDirectory {
    /// The supply directories under `root`, sorted by name (`AC`, `BAT0`, `BAT1`, …).
    static func supplies(root: String) -> [String] {
        let base = root.hasSuffix("/") ? String(root.dropLast()) : root
        return (SysfsAttribute.entries(base) ?? []).sorted().map { "\(base)/\($0)" }
    }

    /// The supply's `type` (`Battery`, `Mains`, `USB`, `UPS`, `Wireless`), if readable.
    static func type(of path: String) -> String? {
        try? SysfsAttribute.text(path + "/type").get()
    }

    /// Whether `auto` should choose this battery: `type` Battery, `present` not 0, and `scope` not
    /// `Device` (a peripheral's battery, e.g. a wireless mouse).
    static func isSystemBattery(_ path: String) -> Bool {
        guard type(of: path) == "Battery" else { return false }
        if case .success(let present) = SysfsAttribute.text(path + "/present"), present == "0" { return false }
        if case .success(let scope) = SysfsAttribute.text(path + "/scope"), scope == "Device" { return false }
        return true
    }

    /// The battery `auto` picks: the first system battery by name.
    static func automaticBattery(root: String) -> String? {
        supplies(root: root).first(where: isSystemBattery)
    }

    /// The charge as a fraction 0…1 (see ``percent(of:)``).
    static func level(of path: String) -> Result<Double, SysfsAttribute.Failure> {
        percent(of: path).map { $0 / 100 }
    }

    /// The charge in percent 0…100: `capacity`, else `energy_now`/`energy_full` (µWh), else
    /// `charge_now`/`charge_full` (µAh).
    static func percent(of path: String) -> Result<Double, SysfsAttribute.Failure> {
        if SysfsAttribute.exists(path + "/capacity") {
            return SysfsAttribute.number(path + "/capacity").flatMap { percent in
                guard (0...100).contains(percent) else {
                    return .failure(.garbage(path: path + "/capacity", text: "\(percent)", expected: "a percentage 0…100"))
                }
                return .success(percent)
            }
        }
        for (now, full) in [("energy_now", "energy_full"), ("charge_now", "charge_full")]
        where SysfsAttribute.exists("\(path)/\(now)") && SysfsAttribute.exists("\(path)/\(full)") {
            return SysfsAttribute.number("\(path)/\(now)").flatMap { current in
                SysfsAttribute.number("\(path)/\(full)").flatMap { capacity in
                    guard capacity > 0, current >= 0 else {
                        return .failure(.garbage(path: "\(path)/\(full)", text: "\(current)/\(capacity)",
                                                 expected: "a positive full capacity and a non-negative level"))
                    }
                    return .success(min(100, current / capacity * 100))
                }
            }
        }
        return .failure(.missing(path: path + "/capacity"))
    }

    /// The `status` attribute, `.unknown` when missing.
    static func status(of path: String) -> BatteryChargeStatus {
        (try? SysfsAttribute.text(path + "/status").get()).map(BatteryChargeStatus.init(sysfs:)) ?? .unknown
    }

    /// Whether any non-battery supply under `root` (mains, USB) reports `online` non-zero.
    static func externalPowerOnline(root: String) -> Bool {
        supplies(root: root).contains { path in
            guard let type = type(of: path), type != "Battery" else { return false }
            guard case .success(let online) = SysfsAttribute.number(path + "/online") else { return false }
            return online > 0
        }
    }
}
