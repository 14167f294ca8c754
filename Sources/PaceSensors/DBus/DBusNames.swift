/// Validation of D-Bus names and object paths (D-Bus specification, "Valid Names").
enum DBusNames {
    /// Whether `path` is a valid object path: `/`, or `/`-separated non-empty elements of `[A-Za-z0-9_]`
    /// with no trailing `/`.
    static func isValidObjectPath(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        guard bytes.first == UInt8(ascii: "/") else { return false }
        if bytes.count == 1 { return true }
        guard bytes.last != UInt8(ascii: "/") else { return false }
        var previousSlash = false
        for byte in bytes {
            if byte == UInt8(ascii: "/") {
                if previousSlash { return false }
                previousSlash = true
            } else {
                guard isElementByte(byte) else { return false }
                previousSlash = false
            }
        }
        return true
    }

    /// Whether `byte` may appear in an object-path element or a member name: `[A-Za-z0-9_]`.
    static func isElementByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "_")
    }
}
