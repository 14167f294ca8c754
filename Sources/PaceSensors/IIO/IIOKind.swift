public import PaceModel

/// What an Industrial I/O device is read as.
public enum IIOKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// A pressure sensor (`in_pressure…`), read as barometric pressure in pascals.
    case barometer
    /// An accelerometer (`in_accel_{x,y,z}…`, m/s²), with a gyroscope (`in_anglvel_{x,y,z}…`,
    /// rad/s) when the same device has one, read as motion.
    case motion

    /// The stream the kind delivers.
    public var stream: SensorStream {
        switch self {
        case .barometer: .pressure
        case .motion: .motion
        }
    }

    /// Default polling rate in hertz: 4 for a barometer (altitude changes slowly; more only adds
    /// noise), 50 for motion (enough for step detection).
    public var defaultRate: Double {
        switch self {
        case .barometer: 4
        case .motion: 50
        }
    }
}
