/// One satellite in a gpsd SKY report.
public struct GPSSatellite: Hashable, Sendable {
    /// The PRN / satellite ID as gpsd numbers it (`PRN`; GPS 1–63, SBAS 120–158, GLONASS 65–96…).
    public var prn: Int
    /// Whether the satellite is used in the current solution (`used`).
    public var used: Bool
    /// Signal strength, dB-Hz (`ss`); `nil` when not tracked.
    public var signalStrength: Double?
    /// Elevation above the horizon, degrees, −90…90 (`el`).
    public var elevation: Double?
    /// Azimuth, degrees from true north, 0…359 (`az`).
    public var azimuth: Double?
    /// The constellation (`gnssid`): 0 GPS, 1 SBAS, 2 Galileo, 3 BeiDou, 4 IMES, 5 QZSS, 6 GLONASS, 7 NavIC.
    public var gnssID: Int?
    /// The satellite number within its constellation (`svid`).
    public var svID: Int?
    /// The signal ID within the constellation (`sigid`).
    public var signalID: Int?
    /// The GLONASS frequency slot plus 7 (`freqid`).
    public var frequencyID: Int?
    /// Health: 0 unknown, 1 healthy, 2 unhealthy (`health`).
    public var health: Int?

    /// Creates a satellite record.
    /// - Parameters:
    ///   - prn: PRN as gpsd numbers it.
    ///   - used: Used in the solution.
    ///   - signalStrength: dB-Hz.
    ///   - elevation: Degrees.
    ///   - azimuth: Degrees.
    ///   - gnssID: Constellation ID.
    ///   - svID: Satellite number within the constellation.
    public init(prn: Int, used: Bool, signalStrength: Double? = nil, elevation: Double? = nil, azimuth: Double? = nil,
                gnssID: Int? = nil, svID: Int? = nil) {
        self.prn = prn
        self.used = used
        self.signalStrength = signalStrength
        self.elevation = elevation
        self.azimuth = azimuth
        self.gnssID = gnssID
        self.svID = svID
    }
}

extension GPSSatellite: Decodable {
    private enum Key: String, CodingKey {
        case prn = "PRN", used, ss, el, az, gnssid, svid, sigid, freqid, health
    }

    /// Decodes a gpsd satellite object; `PRN` and `used` are required.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init(prn: try c.decode(Int.self, forKey: .prn), used: try c.decode(Bool.self, forKey: .used),
                  signalStrength: try c.decodeIfPresent(Double.self, forKey: .ss),
                  elevation: try c.decodeIfPresent(Double.self, forKey: .el),
                  azimuth: try c.decodeIfPresent(Double.self, forKey: .az),
                  gnssID: try c.decodeIfPresent(Int.self, forKey: .gnssid),
                  svID: try c.decodeIfPresent(Int.self, forKey: .svid))
        signalID = try c.decodeIfPresent(Int.self, forKey: .sigid)
        frequencyID = try c.decodeIfPresent(Int.self, forKey: .freqid)
        health = try c.decodeIfPresent(Int.self, forKey: .health)
    }
}
