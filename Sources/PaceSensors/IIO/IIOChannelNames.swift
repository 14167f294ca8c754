/// How IIO names its sysfs attributes (kernel `Documentation/ABI/testing/sysfs-bus-iio`):
/// `in_<type>[<index>][_<modifier>]_<info>`, e.g. `in_pressure_input`, `in_pressure0_raw`,
/// `in_accel_x_raw`, with `_scale` and `_offset` either per channel (`in_accel_x_scale`) or
/// shared by the type (`in_accel_scale`).
enum IIOChannelNames {
    /// The input channels among a device directory's file names: `"accel_x"` for
    /// `in_accel_x_raw`, `"pressure"` for `in_pressure_input`; sorted, without duplicates.
    static func channels(in entries: [String]) -> [String] {
        var found = Set<String>()
        for entry in entries where entry.hasPrefix("in_") {
            for suffix in ["_raw", "_input"] where entry.hasSuffix(suffix) {
                let channel = entry.dropFirst(3).dropLast(suffix.count)
                if !channel.isEmpty { found.insert(String(channel)) }
            }
        }
        return found.sorted()
    }

    /// The channel's type: its leading letters (`"pressure"` for `"pressure0"`, `"accel"` for `"accel_x"`).
    static func type(of channel: String) -> String {
        String(channel.prefix { $0.isLetter })
    }

    /// What a set of channels can be read as.
    static func kinds(of channels: [String]) -> [IIOKind] {
        var kinds: [IIOKind] = []
        if channels.contains(where: { type(of: $0) == "pressure" }) { kinds.append(.barometer) }
        if ["accel_x", "accel_y", "accel_z"].allSatisfy(channels.contains) { kinds.append(.motion) }
        return kinds
    }

    /// The pressure channel to read: `pressure` if present, else the lowest-numbered `pressureN`.
    static func pressureChannel(in channels: [String]) -> String? {
        if channels.contains("pressure") { return "pressure" }
        return channels.filter { $0.hasPrefix("pressure") && Int($0.dropFirst("pressure".count)) != nil }
            .min { Int($0.dropFirst(8))! < Int($1.dropFirst(8))! }
    }
}
