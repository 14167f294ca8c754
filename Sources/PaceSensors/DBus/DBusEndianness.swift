/// The byte order of a D-Bus message, named by its first header byte.
public enum DBusEndianness: UInt8, Hashable, Sendable {
    /// `'l'`: little-endian.
    case little = 0x6C
    /// `'B'`: big-endian.
    case big = 0x42
}
