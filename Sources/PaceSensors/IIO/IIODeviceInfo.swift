/// An Industrial I/O device found under `/sys/bus/iio/devices`, as ``IIOSource/discover(root:)``
/// reports it.
public struct IIODeviceInfo: Hashable, Sendable, Codable {
    /// N of `iio:deviceN`, what `--baro iio:N` and `--motion iio:N` take.
    public var index: Int
    /// The driver's name for the chip, from the `name` attribute (e.g. `"bmp280"`), if readable.
    public var name: String?
    /// The device directory.
    public var path: String
    /// Its input channels, as named in sysfs without `in_` and `_raw`/`_input`, sorted
    /// (e.g. `["accel_x", "accel_y", "accel_z"]`, `["pressure", "temp"]`).
    public var channels: [String]
    /// What Pace can read it as: `barometer` with a pressure channel, `motion` with all three
    /// acceleration axes; empty for other sensors (light, humidity, ADCs).
    public var kinds: [IIOKind]

    /// Creates a device record.
    public init(index: Int, name: String?, path: String, channels: [String], kinds: [IIOKind]) {
        self.index = index
        self.name = name
        self.path = path
        self.channels = channels
        self.kinds = kinds
    }
}
