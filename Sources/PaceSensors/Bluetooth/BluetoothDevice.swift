/// A Bluetooth device BlueZ knows (an `org.bluez.Device1` object), as `pace sensors` lists it.
public struct BluetoothDevice: Hashable, Sendable {
    /// The D-Bus object path, e.g. `/org/bluez/hci0/dev_A0_9E_1A_12_34_56`.
    public var objectPath: String
    /// The adapter it was seen on, e.g. `hci0`.
    public var adapter: String
    /// The device address, e.g. `A0:9E:1A:12:34:56`.
    public var address: String
    /// The advertised name (or BlueZ's alias), e.g. `Polar H10 12345678`; `nil` when unknown.
    public var name: String?
    /// Signal strength of the last advertisement in dBm; `nil` when not seen in the current scan.
    public var rssi: Int?
    /// Service UUIDs the device advertises or offers, as BlueZ spells them (128-bit, lowercase).
    public var serviceUUIDs: [String]
    /// Whether it is connected now.
    public var isConnected: Bool
    /// Whether it is paired.
    public var isPaired: Bool

    /// Creates a device description.
    public init(objectPath: String, adapter: String, address: String, name: String?, rssi: Int?,
                serviceUUIDs: [String], isConnected: Bool, isPaired: Bool) {
        self.objectPath = objectPath
        self.adapter = adapter
        self.address = address
        self.name = name
        self.rssi = rssi
        self.serviceUUIDs = serviceUUIDs
        self.isConnected = isConnected
        self.isPaired = isPaired
    }

    /// The fitness profiles among its services: heart rate 0x180D, RSC 0x1814, CSC 0x1816, cycling power 0x1818.
    public var profiles: [GATTProfile] {
        let short = Set(serviceUUIDs.compactMap(BluetoothUUID.shortValue))
        return GATTProfile.allCases.filter { short.contains($0.serviceUUID) }
    }

    /// Whether it advertises the profile's service.
    public func advertises(_ profile: GATTProfile) -> Bool {
        profiles.contains(profile)
    }

    /// Whether it advertises the Heart Rate Service (0x180D).
    public var advertisesHeartRate: Bool { advertises(.heartRate) }
    /// Whether it advertises the Running Speed and Cadence Service (0x1814).
    public var advertisesRunningSpeedCadence: Bool { advertises(.runningSpeedCadence) }
    /// Whether it advertises the Cycling Speed and Cadence Service (0x1816).
    public var advertisesCyclingSpeedCadence: Bool { advertises(.cyclingSpeedCadence) }
    /// Whether it advertises the Cycling Power Service (0x1818).
    public var advertisesCyclingPower: Bool { advertises(.cyclingPower) }

    /// Reads a device from its `org.bluez.Device1` properties; `nil` without an address.
    init?(path: String, properties: [String: DBusValue]) {
        guard let address = properties["Address"]?.stringValue else { return nil }
        let adapterPath = properties["Adapter"]?.stringValue ?? ""
        self.init(objectPath: path,
                  adapter: adapterPath.split(separator: "/").last.map(String.init) ?? "",
                  address: address,
                  name: [properties["Name"], properties["Alias"]].lazy.compactMap { $0?.stringValue }.first { !$0.isEmpty },
                  rssi: properties["RSSI"]?.intValue,
                  serviceUUIDs: properties["UUIDs"]?.stringArray ?? [],
                  isConnected: properties["Connected"]?.boolValue ?? false,
                  isPaired: properties["Paired"]?.boolValue ?? false)
    }
}
