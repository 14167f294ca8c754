/// Why a Bluetooth sensor could not be reached through BlueZ, in words a user can act on.
public enum BluetoothError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing owns `org.bluez` on the bus: bluetoothd is not running (or not installed).
    case bluezUnavailable(detail: String)
    /// The address is not six colon-separated hex pairs.
    case invalidAddress(String)
    /// BlueZ has no such adapter.
    case adapterNotFound(adapter: String)
    /// BlueZ does not know the device.
    case deviceNotFound(address: String, adapter: String)
    /// The device does not offer the profile's measurement characteristic.
    case characteristicNotFound(uuid: UInt16, address: String, profile: GATTProfile)
    /// BlueZ could not connect the device (asleep, out of range, or connected to another phone).
    case connectFailed(address: String, detail: String)
    /// The device connected but its GATT services did not appear in time.
    case servicesNotResolved(address: String, seconds: Double)

    /// What went wrong and what the user can do about it.
    public var description: String {
        switch self {
        case .bluezUnavailable(let detail):
            "BlueZ (bluetoothd) is not running on this bus (\(detail)); install and start it (`systemctl start bluetooth`)"
        case .invalidAddress(let address):
            "'\(address)' is not a Bluetooth address; expected six hex pairs like A0:9E:1A:12:34:56 (see `pace sensors`)"
        case .adapterNotFound(let adapter):
            "Bluetooth adapter \(adapter) not found in BlueZ; is bluetoothd running and the adapter present (`bluetoothctl list`)?"
        case .deviceNotFound(let address, let adapter):
            "BlueZ does not know \(address) on \(adapter); wake the sensor and scan for it first (`bluetoothctl --timeout 10 scan le`)"
        case .characteristicNotFound(let uuid, let address, let profile):
            "\(address) has no \(profile.displayName) measurement characteristic 0x\(String(uuid, radix: 16, uppercase: true)); pick the profile the sensor offers (see `pace sensors`)"
        case .connectFailed(let address, let detail):
            "\(address.uppercased()) did not connect (\(detail)); wake it (wear the strap, spin the crank) and keep it in range, and make sure no phone holds it"
        case .servicesNotResolved(let address, let seconds):
            "\(address) connected but its GATT services were not resolved within \(Int(seconds)) s; move closer or restart the sensor"
        }
    }
}
