public import Foundation

/// A device gpsd knows (a DEVICE object, alone or in a DEVICES list).
public struct GPSDDevice: Hashable, Sendable {
    /// The device path or URL, e.g. `"/dev/ttyACM0"`.
    public var path: String
    /// When gpsd activated it; `nil` when the device is not active (gpsd sends `"activated":0` when it closes one).
    public var activated: Date?
    /// The driver gpsd identified, e.g. `"u-blox"`, `"NMEA0183"`.
    public var driver: String?
    /// Firmware or model details the driver reported.
    public var subtype: String?
    /// More firmware details (`subtype1`).
    public var subtype1: String?
    /// Serial speed, bits per second.
    public var bitsPerSecond: Int?
    /// Serial parity: `"N"`, `"O"` or `"E"`.
    public var parity: String?
    /// Serial stop bits.
    public var stopBits: Int?
    /// 0 when the device is in NMEA mode, 1 in its native binary mode.
    public var native: Int?
    /// The reporting cycle, seconds.
    public var cycle: Double?
    /// The minimum reporting cycle the device supports, seconds.
    public var minimumCycle: Double?
    /// gpsd's bit flags: 1 GPS data seen, 2 RTCM2, 4 RTCM3, 8 AIS.
    public var flags: Int?

    /// Creates a device record.
    /// - Parameters:
    ///   - path: Path or URL.
    ///   - activated: Activation time, `nil` when inactive.
    ///   - driver: Driver name.
    public init(path: String, activated: Date? = nil, driver: String? = nil) {
        self.path = path
        self.activated = activated
        self.driver = driver
    }

    /// Whether gpsd has the device open.
    public var isActive: Bool { activated != nil }
}

extension GPSDDevice: Decodable {
    private enum Key: String, CodingKey {
        case path, activated, driver, subtype, subtype1, bps, parity, stopbits, native, cycle, mincycle, flags
    }

    /// Decodes a gpsd DEVICE object; `activated` may be an ISO 8601 string (gpsd 3.20+) or a number
    /// of seconds since 1970 (older gpsd), 0 meaning inactive.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(path: try c.decode(String.self, forKey: .path),
                  driver: try c.decodeIfPresent(String.self, forKey: .driver))
        if let text = try? c.decodeIfPresent(String.self, forKey: .activated) {
            guard let date = GPSDTime.parse(text) else {
                throw DecodingError.dataCorruptedError(forKey: .activated, in: c,
                                                       debugDescription: "\"\(text)\" is not an ISO 8601 UTC time")
            }
            activated = date
        } else if let seconds = try c.decodeIfPresent(Double.self, forKey: .activated), seconds > 0 {
            activated = Date(timeIntervalSince1970: seconds)
        }
        subtype = try c.decodeIfPresent(String.self, forKey: .subtype)
        subtype1 = try c.decodeIfPresent(String.self, forKey: .subtype1)
        bitsPerSecond = try c.decodeIfPresent(Int.self, forKey: .bps)
        parity = try c.decodeIfPresent(String.self, forKey: .parity)
        stopBits = try c.decodeIfPresent(Int.self, forKey: .stopbits)
        native = try c.decodeIfPresent(Int.self, forKey: .native)
        cycle = try c.decodeIfPresent(Double.self, forKey: .cycle)
        minimumCycle = try c.decodeIfPresent(Double.self, forKey: .mincycle)
        flags = try c.decodeIfPresent(Int.self, forKey: .flags)
    }
}
