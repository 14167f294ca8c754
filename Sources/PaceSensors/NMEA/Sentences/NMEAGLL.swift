/// GLL — geographic position: latitude, longitude, time, status and (NMEA 2.3) mode. NMEA 1.5
/// receivers send only the position fields.
public struct NMEAGLL: Hashable, Sendable {
    /// Latitude in degrees, north positive.
    public var latitude: Double?
    /// Longitude in degrees, east positive.
    public var longitude: Double?
    /// UTC time of the position.
    public var time: NMEATimeOfDay?
    /// `A` valid or `V` invalid.
    public var status: NMEAStatus?
    /// NMEA 2.3+ mode indicator.
    public var mode: NMEAModeIndicator?

    init(_ reader: NMEAFieldReader) throws(NMEAParseError) {
        try reader.require(4)
        latitude = try reader.coordinate(0, isLatitude: true)
        longitude = try reader.coordinate(2, isLatitude: false)
        time = try reader.time(4)
        status = try reader.letter(5, "status", NMEAStatus.init(rawValue:))
        mode = try reader.letter(6, "mode", NMEAModeIndicator.init(rawValue:))
    }
}
