/// Bluetooth SIG 16-bit UUIDs and their 128-bit form on the Base UUID, as BlueZ spells them
/// (`0000180d-0000-1000-8000-00805f9b34fb`).
public enum BluetoothUUID {
    /// Heart Rate Service.
    public static let heartRateService: UInt16 = 0x180D
    /// Running Speed and Cadence Service.
    public static let runningSpeedCadenceService: UInt16 = 0x1814
    /// Cycling Speed and Cadence Service.
    public static let cyclingSpeedCadenceService: UInt16 = 0x1816
    /// Cycling Power Service.
    public static let cyclingPowerService: UInt16 = 0x1818
    /// Battery Service.
    public static let batteryService: UInt16 = 0x180F
    /// Battery Level characteristic.
    public static let batteryLevel: UInt16 = 0x2A19
    /// Heart Rate Measurement characteristic.
    public static let heartRateMeasurement: UInt16 = 0x2A37
    /// Body Sensor Location characteristic.
    public static let bodySensorLocation: UInt16 = 0x2A38
    /// RSC Measurement characteristic.
    public static let rscMeasurement: UInt16 = 0x2A53
    /// CSC Measurement characteristic.
    public static let cscMeasurement: UInt16 = 0x2A5B
    /// Cycling Power Measurement characteristic.
    public static let cyclingPowerMeasurement: UInt16 = 0x2A63

    /// The 128-bit lowercase string of a 16-bit UUID.
    public static func string(_ short: UInt16) -> String {
        let hex = String(short, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex + "-0000-1000-8000-00805f9b34fb"
    }

    /// The 16-bit value of a UUID string on the Base UUID (`0000xxxx-0000-1000-8000-00805f9b34fb`,
    /// any case), or of a bare 4-digit hex string; `nil` for other UUIDs.
    public static func shortValue(_ uuid: String) -> UInt16? {
        let lower = uuid.lowercased()
        if lower.count == 4 { return UInt16(lower, radix: 16) }
        guard lower.count == 36, lower.hasPrefix("0000"), lower.hasSuffix("-0000-1000-8000-00805f9b34fb") else { return nil }
        return UInt16(lower.dropFirst(4).prefix(4), radix: 16)
    }
}
