/// Parsing the text of `--gps` or `PACE_GPS`.
extension GPSSourceSpecification {
    /// Parses a GPS source: `gpsd://HOST[:PORT]` (IPv6 hosts in brackets; no host means localhost,
    /// no port means 2947), `nmea:DEVICE[@BAUD]` (an absolute device path; 4800 baud when none is
    /// given) or `nmea-file:PATH`.
    ///
    /// ```swift
    /// try GPSSourceSpecification(parsing: "nmea:/dev/ttyACM0", option: "--gps")  // .nmeaSerial(device: "/dev/ttyACM0", baudRate: 4800)
    /// ```
    /// - Parameters:
    ///   - text: The value given.
    ///   - option: The option or environment variable the value came from, named in errors
    ///     (`--gps`, `PACE_GPS`).
    /// - Throws: ``SensorSpecificationError`` naming `option`, the value and what is accepted.
    public init(parsing text: String, option: String) throws(SensorSpecificationError) {
        let accepted = "gpsd://HOST[:PORT] (e.g. gpsd://localhost:2947), nmea:DEVICE[@BAUD] (e.g. nmea:/dev/ttyUSB0@9600) "
            + "or nmea-file:PATH"
        if text.hasPrefix("gpsd://") {
            let address = String(text.dropFirst("gpsd://".count))
            guard let (host, port) = Self.splitHostPort(address) else {
                throw SensorSpecificationError(option: option, value: text,
                                               message: "expected gpsd://HOST[:PORT] with a port 1…65535, e.g. gpsd://localhost:2947")
            }
            self = .gpsd(host: host, port: port)
            return
        }
        if text.hasPrefix("nmea-file:") {
            let path = String(text.dropFirst("nmea-file:".count))
            guard !path.isEmpty else {
                throw SensorSpecificationError(option: option, value: text, message: "expected nmea-file:PATH, e.g. nmea-file:ride.nmea")
            }
            self = .nmeaFile(path: path)
            return
        }
        if text.hasPrefix("nmea:") {
            let rest = String(text.dropFirst("nmea:".count))
            var device = rest
            var baudRate = Self.nmeaDefaultBaudRate
            if let at = rest.lastIndex(of: "@") {
                device = String(rest[..<at])
                guard let rate = Int(rest[rest.index(after: at)...]), Self.baudRates.contains(rate) else {
                    throw SensorSpecificationError(option: option, value: text,
                                                   message: "the baud rate must be one of \(Self.baudRates.map(String.init).joined(separator: ", ")), "
                                                       + "e.g. nmea:/dev/ttyUSB0@9600")
                }
                baudRate = rate
            }
            guard device.hasPrefix("/") else {
                throw SensorSpecificationError(option: option, value: text,
                                               message: "expected nmea:DEVICE[@BAUD] with the device's absolute path, e.g. nmea:/dev/ttyUSB0@9600")
            }
            self = .nmeaSerial(device: device, baudRate: baudRate)
            return
        }
        throw SensorSpecificationError(option: option, value: text, message: "expected " + accepted)
    }

    /// Splits `host`, `host:port`, `[v6]` or `[v6]:port`; an empty host means localhost, no port
    /// means 2947. `nil` when the text is not an address or the port is not 1…65535.
    ///
    /// ```swift
    /// GPSSourceSpecification.splitHostPort("[::1]:3000")  // ("::1", 3000)
    /// ```
    public static func splitHostPort(_ address: String) -> (String, UInt16)? {
        var host = address
        var portText: Substring?
        if address.hasPrefix("[") {
            guard let close = address.firstIndex(of: "]") else { return nil }
            host = String(address[address.index(after: address.startIndex)..<close])
            let rest = address[address.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                portText = rest.dropFirst()
            }
        } else if let colon = address.firstIndex(of: ":") {
            host = String(address[..<colon])
            portText = address[address.index(after: colon)...]
        }
        if host.isEmpty { host = "localhost" }
        guard !host.contains("/"), !host.contains(" ") else { return nil }
        guard let portText else { return (host, gpsdDefaultPort) }
        guard let port = UInt16(portText), port > 0 else { return nil }
        return (host, port)
    }
}
