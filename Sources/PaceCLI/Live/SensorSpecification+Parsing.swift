/// Parsing the option values: each throws an error naming the option, the value and what is accepted.
extension SensorSpecification {
    /// Parses `--gps`.
    static func parseGPS(_ text: String) throws(SensorSpecificationError) -> GPS {
        let accepted = "gpsd://HOST[:PORT] (e.g. gpsd://localhost:2947), nmea:DEVICE[@BAUD] (e.g. nmea:/dev/ttyUSB0@9600) "
            + "or nmea-file:PATH"
        if text.hasPrefix("gpsd://") {
            let address = String(text.dropFirst("gpsd://".count))
            guard let (host, port) = splitHostPort(address) else {
                throw SensorSpecificationError(option: "--gps", value: text,
                                               message: "expected gpsd://HOST[:PORT] with a port 1…65535, e.g. gpsd://localhost:2947")
            }
            return .gpsd(host: host, port: port)
        }
        if text.hasPrefix("nmea-file:") {
            let path = String(text.dropFirst("nmea-file:".count))
            guard !path.isEmpty else {
                throw SensorSpecificationError(option: "--gps", value: text, message: "expected nmea-file:PATH, e.g. nmea-file:ride.nmea")
            }
            return .nmeaFile(path: path)
        }
        if text.hasPrefix("nmea:") {
            let rest = String(text.dropFirst("nmea:".count))
            var device = rest
            var baudRate = nmeaDefaultBaudRate
            if let at = rest.lastIndex(of: "@") {
                device = String(rest[..<at])
                guard let rate = Int(rest[rest.index(after: at)...]), baudRates.contains(rate) else {
                    throw SensorSpecificationError(option: "--gps", value: text,
                                                   message: "the baud rate must be one of \(baudRates.map(String.init).joined(separator: ", ")), "
                                                       + "e.g. nmea:/dev/ttyUSB0@9600")
                }
                baudRate = rate
            }
            guard device.hasPrefix("/") else {
                throw SensorSpecificationError(option: "--gps", value: text,
                                               message: "expected nmea:DEVICE[@BAUD] with the device's absolute path, e.g. nmea:/dev/ttyUSB0@9600")
            }
            return .nmeaSerial(device: device, baudRate: baudRate)
        }
        throw SensorSpecificationError(option: "--gps", value: text, message: "expected " + accepted)
    }

    /// `host`, `host:port`, `[v6]`, `[v6]:port`; an empty host means localhost.
    static func splitHostPort(_ address: String) -> (String, UInt16)? {
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

    /// Parses `--hr`, `--cadence` or `--power`: the address, upper-cased.
    static func parseBluetooth(_ text: String, option: String) throws(SensorSpecificationError) -> String {
        let example = "e.g. ble:C0:FF:EE:12:34:56 (`pace sensors` lists Bluetooth devices)"
        guard text.hasPrefix("ble:") else {
            throw SensorSpecificationError(option: option, value: text, message: "expected ble:ADDRESS, \(example)")
        }
        let address = text.dropFirst(4).uppercased()
        let pairs = address.split(separator: ":", omittingEmptySubsequences: false)
        guard pairs.count == 6, pairs.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isHexDigit) }) else {
            throw SensorSpecificationError(option: option, value: text,
                                           message: "the Bluetooth address must be six hex pairs separated by colons, \(example)")
        }
        return address
    }

    /// Parses `--baro` or `--motion`: the device number.
    static func parseIIO(_ text: String, option: String) throws(SensorSpecificationError) -> Int {
        guard text.hasPrefix("iio:"), let device = Int(text.dropFirst(4)), device >= 0 else {
            throw SensorSpecificationError(option: option, value: text,
                                           message: "expected iio:N, the N of /sys/bus/iio/devices/iio:deviceN, e.g. iio:0 (`pace sensors` lists them)")
        }
        return device
    }

    /// Parses `--motion`: `iio:N`, or `iio:N+M` for an accelerometer N with a separate gyroscope M.
    static func parseMotion(_ text: String) throws(SensorSpecificationError) -> (accelerometer: Int, gyroscope: Int?) {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false)
        let message = "expected iio:N, or iio:N+M for an accelerometer N with a separate gyroscope M, e.g. iio:1 or iio:1+2 "
            + "(`pace sensors` lists them)"
        guard parts.count <= 2, let accelerometer = try? parseIIO(String(parts[0]), option: "--motion") else {
            throw SensorSpecificationError(option: "--motion", value: text, message: message)
        }
        guard parts.count == 2 else { return (accelerometer, nil) }
        guard let gyroscope = Int(parts[1]), gyroscope >= 0, gyroscope != accelerometer else {
            throw SensorSpecificationError(option: "--motion", value: text, message: message)
        }
        return (accelerometer, gyroscope)
    }

    /// Parses `--battery`.
    static func parseBattery(_ text: String) throws(SensorSpecificationError) -> Battery {
        if text == "auto" { return .automatic }
        guard !text.isEmpty, !text.hasPrefix("-") else {
            throw SensorSpecificationError(option: "--battery", value: text,
                                           message: "expected auto or a power supply such as /sys/class/power_supply/BAT0 (or BAT0)")
        }
        return .path(text)
    }
}
