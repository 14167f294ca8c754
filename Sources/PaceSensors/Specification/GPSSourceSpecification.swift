/// Where location fixes come from, written as `pace record --gps` and `PACE_GPS` write it:
/// `gpsd://HOST[:PORT]`, `nmea:DEVICE[@BAUD]` or `nmea-file:PATH`.
///
/// The CLI's `--gps` and CoreLocation's `PACE_GPS` parse the same text with
/// ``init(parsing:option:)``, so a value that works for one works for the other; the error names
/// whichever option or variable the text came from.
///
/// ```swift
/// let gps = try GPSSourceSpecification(parsing: "gpsd://pi.local", option: "PACE_GPS")
/// gps                // .gpsd(host: "pi.local", port: 2947)
/// gps.canonicalText  // "gpsd://pi.local:2947"
/// let source = gps.makeSource()
/// ```
public enum GPSSourceSpecification: Hashable, Sendable {
    /// A gpsd daemon at a host name or address and a TCP port.
    case gpsd(host: String, port: UInt16)
    /// An NMEA 0183 receiver on a serial line: the device's absolute path and its speed in baud.
    case nmeaSerial(device: String, baudRate: Int)
    /// NMEA 0183 sentences in a file, at a path.
    case nmeaFile(path: String)

    /// gpsd's TCP port when `gpsd://HOST` names none: 2947.
    public static let gpsdDefaultPort: UInt16 = 2947
    /// NMEA 0183's standard speed, in baud, when `nmea:DEVICE` names none: 4800.
    public static let nmeaDefaultBaudRate = 4800
    /// Serial speeds accepted for `nmea:DEVICE@BAUD`, in baud.
    public static let baudRates = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600]
    /// The specification used when none is given: gpsd on this machine, `gpsd://localhost:2947`.
    public static let standard = GPSSourceSpecification.gpsd(host: "localhost", port: gpsdDefaultPort)

    /// The specification in canonical form, e.g. `gpsd://localhost:2947`, `nmea:/dev/ttyUSB0@4800`,
    /// `nmea-file:ride.nmea` (an IPv6 host in brackets).
    public var canonicalText: String {
        switch self {
        case .gpsd(let host, let port): "gpsd://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        case .nmeaSerial(let device, let baudRate): "nmea:\(device)@\(baudRate)"
        case .nmeaFile(let path): "nmea-file:\(path)"
        }
    }

    /// The source that reads this GPS: a ``GPSDSource`` or an ``NMEASource``. Nothing is opened
    /// until the source runs.
    public func makeSource() -> any SensorSource {
        switch self {
        case .gpsd(let host, let port): GPSDSource(host: host, port: port)
        case .nmeaSerial(let device, let baudRate): NMEASource(serialDevice: device, baudRate: baudRate)
        case .nmeaFile(let path): NMEASource(file: path)
        }
    }
}
