/// One IIO channel ready to read in its ABI unit: `in_X_input` as is, or
/// (`in_X_raw` + offset) × scale, the kernel's rule for raw values.
///
/// Units after scaling (kernel ABI): pressure in kilopascals, acceleration in m/s², angular
/// velocity in rad/s.
struct IIOScaledChannel: Hashable, Sendable {
    /// The value attribute's path.
    var path: String
    /// Multiplier applied after the offset (1 for a processed `_input` value).
    var scale: Double
    /// Added to the raw value before scaling (0 for `_input`).
    var offset: Double

    /// Finds a channel's attributes in a device directory and reads its scale and offset.
    /// - Parameters:
    ///   - channel: The channel, e.g. `"pressure0"` or `"accel_x"`.
    ///   - directory: The device directory.
    ///   - entries: The directory's file names.
    /// - Returns: The channel, `nil` when it has neither `_input` nor `_raw`, or the failure reading
    ///   its scale or offset.
    static func resolve(_ channel: String, in directory: String, entries: Set<String>) -> Result<IIOScaledChannel, SysfsAttribute.Failure>? {
        let type = IIOChannelNames.type(of: channel)
        if entries.contains("in_\(channel)_input") {
            return .success(IIOScaledChannel(path: "\(directory)/in_\(channel)_input", scale: 1, offset: 0))
        }
        guard entries.contains("in_\(channel)_raw") else { return nil }
        func attribute(_ info: String, default value: Double) -> Result<Double, SysfsAttribute.Failure> {
            for name in ["in_\(channel)_\(info)", "in_\(type)_\(info)"] where entries.contains(name) {
                return SysfsAttribute.number("\(directory)/\(name)")
            }
            return .success(value)
        }
        return attribute("scale", default: 1).flatMap { scale in
            attribute("offset", default: 0).map { offset in
                IIOScaledChannel(path: "\(directory)/in_\(channel)_raw", scale: scale, offset: offset)
            }
        }
    }

    /// Reads the value now, in the channel's ABI unit.
    func read() -> Result<Double, SysfsAttribute.Failure> {
        SysfsAttribute.number(path).map { ($0 + offset) * scale }
    }
}
