public import PaceModel

/// The Bluetooth LE fitness profiles a ``BluetoothSensorSource`` can read.
public enum GATTProfile: String, Sendable, CaseIterable {
    /// Heart Rate (service 0x180D, measurement 0x2A37): heart rate and RR intervals.
    case heartRate
    /// Running Speed and Cadence (0x1814, 0x2A53): cadence; speed through ``BluetoothSensorSource/onSpeed(_:)``.
    case runningSpeedCadence
    /// Cycling Speed and Cadence (0x1816, 0x2A5B): crank cadence; wheel speed through ``BluetoothSensorSource/onSpeed(_:)``.
    case cyclingSpeedCadence
    /// Cycling Power (0x1818, 0x2A63): power, and crank cadence when the meter sends crank data.
    case cyclingPower

    /// The 16-bit service UUID.
    public var serviceUUID: UInt16 {
        switch self {
        case .heartRate: BluetoothUUID.heartRateService
        case .runningSpeedCadence: BluetoothUUID.runningSpeedCadenceService
        case .cyclingSpeedCadence: BluetoothUUID.cyclingSpeedCadenceService
        case .cyclingPower: BluetoothUUID.cyclingPowerService
        }
    }

    /// The 16-bit UUID of the measurement characteristic the source subscribes to.
    public var measurementUUID: UInt16 {
        switch self {
        case .heartRate: BluetoothUUID.heartRateMeasurement
        case .runningSpeedCadence: BluetoothUUID.rscMeasurement
        case .cyclingSpeedCadence: BluetoothUUID.cscMeasurement
        case .cyclingPower: BluetoothUUID.cyclingPowerMeasurement
        }
    }

    /// The streams the measurement feeds (battery excluded); these are reported disconnected and reconnected.
    public var measurementStreams: [SensorStream] {
        switch self {
        case .heartRate: [.heartRate]
        case .runningSpeedCadence, .cyclingSpeedCadence: [.cadence]
        case .cyclingPower: [.power, .cadence]
        }
    }

    /// A short human name for logs, e.g. `"heart rate"`.
    public var displayName: String {
        switch self {
        case .heartRate: "heart rate"
        case .runningSpeedCadence: "running speed and cadence"
        case .cyclingSpeedCadence: "cycling speed and cadence"
        case .cyclingPower: "cycling power"
        }
    }
}
