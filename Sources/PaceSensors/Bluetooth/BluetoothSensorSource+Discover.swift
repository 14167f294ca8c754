extension BluetoothSensorSource {
    /// Lists the devices BlueZ knows (`org.bluez.Device1` objects), sorted by address, with what
    /// they advertise. It does not start a scan: devices appear once BlueZ has seen them
    /// (`bluetoothctl scan le`) or when paired.
    /// - Parameter busAddress: A D-Bus address, or `nil` for the system bus.
    /// - Throws: ``DBusError`` when the bus or BlueZ cannot be reached.
    public static func discover(busAddress: String? = nil) async throws -> [BluetoothDevice] {
        let probe = BluetoothSensorSource(address: "00:00:00:00:00:00", profile: .heartRate, busAddress: busAddress)
        let bus = try await DBusConnection.connect(to: probe.resolvedBusAddress())
        defer { bus.close() }
        let objects = try await BlueZ.managedObjects(bus)
        return objects.compactMap { path, interfaces in
            interfaces[BlueZ.deviceInterface].flatMap { BluetoothDevice(path: path, properties: $0) }
        }
        .sorted { $0.address < $1.address }
    }
}
