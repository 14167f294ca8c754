import PaceModel

/// A D-Bus server address this client can connect to: a Unix socket by path or in the Linux
/// abstract namespace.
///
/// Address strings are `;`-separated entries of `transport:key=value,…` with `%XX` escapes
/// (D-Bus specification, "Server Addresses"). Entries with other transports (`tcp:`, `launchd:`)
/// are skipped; the first usable one wins.
///
/// ```swift
/// let address = try DBusAddress.parse("unix:path=/run/dbus/system_bus_socket")
/// ```
public struct DBusAddress: Hashable, Sendable, CustomStringConvertible {
    /// Where the socket is.
    public enum Socket: Hashable, Sendable {
        /// A filesystem path.
        case path(String)
        /// A name in the Linux abstract socket namespace (without the leading NUL).
        case abstract(String)
    }

    /// The socket to connect to.
    public var socket: Socket
    /// The server's GUID from the address, if given.
    public var guid: String?

    /// The system bus when `DBUS_SYSTEM_BUS_ADDRESS` is unset (D-Bus specification).
    public static let defaultSystemBus = "unix:path=/var/run/dbus/system_bus_socket"

    /// Creates an address for a socket.
    public init(socket: Socket, guid: String? = nil) {
        self.socket = socket
        self.guid = guid
    }

    /// The address in D-Bus syntax, e.g. `unix:path=/run/dbus/system_bus_socket` (without the GUID).
    public var description: String {
        switch socket {
        case .path(let path): "unix:path=\(path)"
        case .abstract(let name): "unix:abstract=\(name)"
        }
    }

    /// Parses an address string and returns its first usable entry.
    /// - Throws: ``DBusError/invalidAddress(_:reason:)`` when the string is malformed or has no
    ///   `unix:path=`, `unix:abstract=` or `unix:runtime=yes` entry.
    public static func parse(_ text: String, environment: [String: String] = [:]) throws(DBusError) -> DBusAddress {
        var problems: [String] = []
        for entry in text.split(separator: ";", omittingEmptySubsequences: true) {
            guard let colon = entry.firstIndex(of: ":") else {
                throw .invalidAddress(text, reason: "entry '\(entry)' has no 'transport:' prefix")
            }
            let transport = String(entry[..<colon])
            var keys: [String: String] = [:]
            for pair in entry[entry.index(after: colon)...].split(separator: ",", omittingEmptySubsequences: true) {
                guard let equals = pair.firstIndex(of: "=") else {
                    throw .invalidAddress(text, reason: "'\(pair)' is not key=value")
                }
                let key = String(pair[..<equals])
                guard !key.isEmpty else { throw .invalidAddress(text, reason: "empty key in '\(pair)'") }
                keys[key] = try unescape(pair[pair.index(after: equals)...], in: text)
            }
            guard transport == "unix" else {
                problems.append("transport '\(transport)' is not supported")
                continue
            }
            let guid = keys["guid"]
            if let path = keys["path"] {
                guard !path.isEmpty else { throw .invalidAddress(text, reason: "empty path") }
                return DBusAddress(socket: .path(path), guid: guid)
            }
            if let name = keys["abstract"] {
                guard !name.isEmpty else { throw .invalidAddress(text, reason: "empty abstract name") }
                return DBusAddress(socket: .abstract(name), guid: guid)
            }
            if keys["runtime"] == "yes" {
                guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else {
                    problems.append("unix:runtime=yes needs XDG_RUNTIME_DIR")
                    continue
                }
                return DBusAddress(socket: .path(runtime + "/bus"), guid: guid)
            }
            problems.append("unix entry has none of path=, abstract=, runtime=yes (tmpdir= and dir= are for servers)")
        }
        throw .invalidAddress(text, reason: problems.isEmpty ? "no entries" : problems.joined(separator: "; "))
    }

    /// The system bus address: `DBUS_SYSTEM_BUS_ADDRESS` if set, else ``defaultSystemBus``.
    public static func systemBus(environment: [String: String]) throws(DBusError) -> DBusAddress {
        let text = environment["DBUS_SYSTEM_BUS_ADDRESS"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultSystemBus
        return try parse(text, environment: environment)
    }

    /// The session bus address from `DBUS_SESSION_BUS_ADDRESS`.
    /// - Throws: ``DBusError/invalidAddress(_:reason:)`` when the variable is unset.
    public static func sessionBus(environment: [String: String]) throws(DBusError) -> DBusAddress {
        guard let text = environment["DBUS_SESSION_BUS_ADDRESS"], !text.isEmpty else {
            throw .invalidAddress("", reason: "DBUS_SESSION_BUS_ADDRESS is not set")
        }
        return try parse(text, environment: environment)
    }

    /// Decodes `%XX` escapes; other bytes must be the optionally-escaped set or are taken as they are.
    private static func unescape(_ value: Substring, in text: String) throws(DBusError) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(value.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next()?.hexDigitValue, let low = iterator.next()?.hexDigitValue else {
                throw .invalidAddress(text, reason: "bad %-escape in '\(value)'")
            }
            bytes.append(high << 4 | low)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
