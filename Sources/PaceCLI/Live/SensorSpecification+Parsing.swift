import PaceSensors

/// Parsing the option values: each throws an error naming the option, the value and what is accepted.
extension SensorSpecification {
    /// Parses `--gps` (PaceSensors' ``GPSSourceSpecification``, errors naming `--gps`).
    static func parseGPS(_ text: String) throws(SensorSpecificationError) -> GPS {
        try GPS(parsing: text, option: "--gps")
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
