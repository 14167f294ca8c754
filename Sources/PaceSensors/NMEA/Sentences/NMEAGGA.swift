/// GGA — global positioning system fix data: time, position, quality, satellites, HDOP, altitude.
public struct NMEAGGA: Hashable, Sendable {
    /// UTC time of the fix.
    public var time: NMEATimeOfDay?
    /// Latitude in degrees, north positive.
    public var latitude: Double?
    /// Longitude in degrees, east positive.
    public var longitude: Double?
    /// The quality indicator; `nil` when the field is empty.
    public var quality: NMEAFixQuality?
    /// Satellites used in the solution.
    public var satellitesUsed: Int?
    /// Horizontal dilution of precision (unitless).
    public var hdop: Double?
    /// Antenna altitude above mean sea level (geoid), in metres.
    public var altitudeMSL: Double?
    /// Geoid separation: WGS-84 ellipsoid height minus MSL height, in metres.
    public var geoidSeparation: Double?
    /// Age of differential corrections in seconds.
    public var differentialAge: Double?
    /// Differential reference station ID.
    public var differentialStation: Int?

    init(_ reader: NMEAFieldReader) throws(NMEAParseError) {
        try reader.require(6)
        time = try reader.time(0)
        latitude = try reader.coordinate(1, isLatitude: true)
        longitude = try reader.coordinate(3, isLatitude: false)
        quality = try reader.letter(5, "quality") { Int($0).flatMap(NMEAFixQuality.init(rawValue:)) }
        satellitesUsed = try reader.int(6, "satellites used", in: 0...99)
        hdop = try reader.nonNegative(7, "HDOP")
        altitudeMSL = try reader.double(8, "altitude")
        if altitudeMSL != nil, let unit = reader.text(9), unit != "M" { throw reader.fail(9, "altitude unit") }
        geoidSeparation = try reader.double(10, "geoid separation")
        if geoidSeparation != nil, let unit = reader.text(11), unit != "M" { throw reader.fail(11, "separation unit") }
        differentialAge = try reader.nonNegative(12, "DGPS age")
        differentialStation = try reader.int(13, "DGPS station", in: 0...4095)
    }
}
