public import Foundation

/// A gpsd SKY report: the satellites in view and the dilutions of precision (DOPs, dimensionless).
///
/// Delivered through ``GPSDSource``'s `onSky` callback; ``SensorEvent`` has no case for it.
public struct GPSSky: Hashable, Sendable {
    /// The device path that produced the report.
    public var device: String?
    /// When the report was made (UTC), when gpsd says.
    public var time: Date?
    /// Longitudinal DOP (`xdop`).
    public var xdop: Double?
    /// Latitudinal DOP (`ydop`).
    public var ydop: Double?
    /// Vertical DOP (`vdop`).
    public var vdop: Double?
    /// Time DOP (`tdop`).
    public var tdop: Double?
    /// Horizontal DOP (`hdop`).
    public var hdop: Double?
    /// Geometric (hyperspherical) DOP (`gdop`).
    public var gdop: Double?
    /// Position (spherical) DOP (`pdop`).
    public var pdop: Double?
    /// Number of satellites in view as gpsd counts them (`nSat`).
    public var satellitesInView: Int?
    /// Number of satellites used in the solution (`uSat`).
    public var satellitesUsed: Int?
    /// The satellites; `nil` when the report carries only DOPs.
    public var satellites: [GPSSatellite]?

    /// Creates a SKY report.
    /// - Parameter satellites: The satellites, or `nil` when not reported.
    public init(satellites: [GPSSatellite]? = nil) {
        self.satellites = satellites
    }
}

extension GPSSky: Decodable {
    private enum Key: String, CodingKey {
        case device, time, xdop, ydop, vdop, tdop, hdop, gdop, pdop, nSat, uSat, satellites
    }

    /// Decodes a gpsd SKY object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(satellites: try c.decodeIfPresent([GPSSatellite].self, forKey: .satellites))
        device = try c.decodeIfPresent(String.self, forKey: .device)
        if let text = try c.decodeIfPresent(String.self, forKey: .time) {
            guard let date = GPSDTime.parse(text) else {
                throw DecodingError.dataCorruptedError(forKey: .time, in: c,
                                                       debugDescription: "\"\(text)\" is not an ISO 8601 UTC time")
            }
            time = date
        }
        xdop = try c.decodeIfPresent(Double.self, forKey: .xdop)
        ydop = try c.decodeIfPresent(Double.self, forKey: .ydop)
        vdop = try c.decodeIfPresent(Double.self, forKey: .vdop)
        tdop = try c.decodeIfPresent(Double.self, forKey: .tdop)
        hdop = try c.decodeIfPresent(Double.self, forKey: .hdop)
        gdop = try c.decodeIfPresent(Double.self, forKey: .gdop)
        pdop = try c.decodeIfPresent(Double.self, forKey: .pdop)
        satellitesInView = try c.decodeIfPresent(Int.self, forKey: .nSat)
        satellitesUsed = try c.decodeIfPresent(Int.self, forKey: .uSat)
    }
}
