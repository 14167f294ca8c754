/// A GATT characteristic value that cannot be decoded. Sources turn it into
/// ``SensorEvent/skipped(_:)`` with ``skipReason`` as the counted reason.
public enum GATTError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The value ends before a field its flags promise.
    /// - Parameters:
    ///   - characteristic: e.g. `"Heart Rate Measurement (0x2A37)"`.
    ///   - field: The field that did not fit, e.g. `"Energy Expended"`.
    ///   - offset: Byte offset where the field starts.
    ///   - needed: Bytes the field needs.
    ///   - length: Bytes in the whole value.
    case truncated(characteristic: String, field: String, offset: Int, needed: Int, length: Int)
    /// A field holds a value the specification reserves or forbids.
    case invalidValue(characteristic: String, field: String, value: Int, allowed: String)

    /// The stable key for counting skipped input: `gatt.short` or `gatt.invalid`.
    public var skipReason: String {
        switch self {
        case .truncated: "gatt.short"
        case .invalidValue: "gatt.invalid"
        }
    }

    /// The characteristic, the field, where, and what was expected.
    public var description: String {
        switch self {
        case .truncated(let characteristic, let field, let offset, let needed, let length):
            "\(characteristic): \(field) needs \(needed) byte(s) at offset \(offset) but the value has \(length); the flags promise more than was sent (a truncated notification — check the sensor's firmware or MTU)"
        case .invalidValue(let characteristic, let field, let value, let allowed):
            "\(characteristic): \(field) is \(value), allowed \(allowed)"
        }
    }
}
