import Foundation

/// A battery's `status` attribute (kernel `Documentation/ABI/testing/sysfs-class-power`).
public enum BatteryChargeStatus: String, Hashable, Sendable, Codable {
    /// `Charging`.
    case charging
    /// `Discharging`: running on the battery.
    case discharging
    /// `Not charging`: external power is connected but the battery is held (e.g. a charge threshold).
    case notCharging
    /// `Full`: charged, on external power.
    case full
    /// `Unknown`, missing, or a value the ABI does not list.
    case unknown

    /// Parses the sysfs text (`"Charging"`, `"Not charging"`, …).
    public init(sysfs text: String) {
        switch text.trimmingCharacters(in: .whitespacesAndNewlines) {
        case "Charging": self = .charging
        case "Discharging": self = .discharging
        case "Not charging": self = .notCharging
        case "Full": self = .full
        default: self = .unknown
        }
    }

    /// Whether external power keeps the battery from draining, `nil` when the status does not say:
    /// charging, full and not charging mean external power; discharging means none.
    public var onExternalPower: Bool? {
        switch self {
        case .charging, .full, .notCharging: true
        case .discharging: false
        case .unknown: nil
        }
    }
}


