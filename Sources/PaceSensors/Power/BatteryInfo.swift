/// A battery found under `/sys/class/power_supply`, as ``BatterySource/discover(root:)`` reports it.
public struct BatteryInfo: Hashable, Sendable, Codable {
    /// The supply's directory name, e.g. `"BAT0"`.
    public var name: String
    /// Its directory.
    public var path: String
    /// Charge in percent (0…100), from `capacity` or computed from `energy_now`/`energy_full` or
    /// `charge_now`/`charge_full`; `nil` when none is readable.
    public var capacityPercent: Double?
    /// The charging status.
    public var status: BatteryChargeStatus
    /// The `scope` attribute: `"System"` (powers this computer), `"Device"` (a peripheral's, such as
    /// a mouse), or `nil` when absent.
    public var scope: String?
    /// The model name, if the driver reports one.
    public var model: String?
    /// Whether `--battery auto` would choose it: present and not a peripheral's battery.
    public var isSystemBattery: Bool

    /// Creates a battery record.
    public init(name: String, path: String, capacityPercent: Double?, status: BatteryChargeStatus, scope: String?,
                model: String?, isSystemBattery: Bool) {
        self.name = name
        self.path = path
        self.capacityPercent = capacityPercent
        self.status = status
        self.scope = scope
        self.model = model
        self.isSystemBattery = isSystemBattery
    }
}
