/// GNS — GNSS fix data (NMEA 3.0+): GGA's multi-constellation successor, with one mode letter per
/// satellite system instead of a quality number; NMEA 4.1 adds the navigational status.
public struct NMEAGNS: Hashable, Sendable {
    /// UTC time of the fix.
    public var time: NMEATimeOfDay?
    /// Latitude in degrees, north positive.
    public var latitude: Double?
    /// Longitude in degrees, east positive.
    public var longitude: Double?
    /// One mode per system, in the order GPS, GLONASS, Galileo, BeiDou, QZSS, NavIC (e.g. `AANN`).
    public var modes: [NMEAModeIndicator]
    /// Satellites used in the solution.
    public var satellitesUsed: Int?
    /// Horizontal dilution of precision (unitless).
    public var hdop: Double?
    /// Antenna altitude above mean sea level, in metres.
    public var altitudeMSL: Double?
    /// Geoid separation in metres.
    public var geoidSeparation: Double?
    /// Age of differential corrections in seconds.
    public var differentialAge: Double?
    /// Differential reference station ID.
    public var differentialStation: Int?
    /// NMEA 4.1+ navigational status.
    public var navigationStatus: NMEANavigationStatus?

    init(_ reader: NMEAFieldReader) throws(NMEAParseError) {
        try reader.require(6)
        time = try reader.time(0)
        latitude = try reader.coordinate(1, isLatitude: true)
        longitude = try reader.coordinate(3, isLatitude: false)
        var modes: [NMEAModeIndicator] = []
        for letter in reader.text(5) ?? "" {
            guard let mode = NMEAModeIndicator(rawValue: String(letter)) else { throw reader.fail(5, "mode") }
            modes.append(mode)
        }
        self.modes = modes
        satellitesUsed = try reader.int(6, "satellites used", in: 0...999)
        hdop = try reader.nonNegative(7, "HDOP")
        altitudeMSL = try reader.double(8, "altitude")
        geoidSeparation = try reader.double(9, "geoid separation")
        differentialAge = try reader.nonNegative(10, "DGPS age")
        differentialStation = try reader.int(11, "DGPS station", in: 0...4095)
        navigationStatus = try reader.letter(12, "navigational status", NMEANavigationStatus.init(rawValue:))
    }

    /// The best mode over all systems (RTK fixed > RTK float > differential > precise >
    /// autonomous > estimated > manual > simulator > not valid); `nil` when no mode was sent.
    public var bestMode: NMEAModeIndicator? {
        let rank: [NMEAModeIndicator] = [.rtkFixed, .rtkFloat, .differential, .precise, .autonomous,
                                         .estimated, .manual, .simulator, .notValid]
        return rank.first(where: modes.contains)
    }
}
