/// RMC — recommended minimum specific GNSS data: time, status, position, speed, course, date,
/// magnetic variation; NMEA 2.3 adds the mode indicator and NMEA 4.1 the navigational status.
public struct NMEARMC: Hashable, Sendable {
    /// UTC time of the fix.
    public var time: NMEATimeOfDay?
    /// `A` valid or `V` warning; `nil` when empty.
    public var status: NMEAStatus?
    /// Latitude in degrees, north positive.
    public var latitude: Double?
    /// Longitude in degrees, east positive.
    public var longitude: Double?
    /// Speed over ground in knots.
    public var speedKnots: Double?
    /// Course over ground in degrees true.
    public var courseTrue: Double?
    /// The date of the fix as the receiver reports it.
    public var date: NMEADate?
    /// Magnetic variation in degrees, east positive.
    public var magneticVariation: Double?
    /// NMEA 2.3+ mode indicator.
    public var mode: NMEAModeIndicator?
    /// NMEA 4.1+ navigational status.
    public var navigationStatus: NMEANavigationStatus?

    init(_ reader: NMEAFieldReader) throws(NMEAParseError) {
        try reader.require(9)
        time = try reader.time(0)
        status = try reader.letter(1, "status", NMEAStatus.init(rawValue:))
        latitude = try reader.coordinate(2, isLatitude: true)
        longitude = try reader.coordinate(4, isLatitude: false)
        speedKnots = try reader.nonNegative(6, "speed")
        courseTrue = try reader.double(7, "course")
        date = try reader.date(8)
        let variation = try reader.nonNegative(9, "magnetic variation")
        var modeIndex = 11
        switch reader.text(10) {
        case "E"?: magneticVariation = variation
        case "W"?: magneticVariation = variation.map { -$0 }
        case nil: magneticVariation = variation == 0 ? 0 : nil
        case let letter? where reader.fields.count == 11 && NMEAModeIndicator(rawValue: String(letter)) != nil:
            // Some receivers (Motorola T805) drop the E/W field and send the 2.3 mode in its place.
            magneticVariation = variation == 0 ? 0 : nil
            modeIndex = 10
        default: throw reader.fail(10, "variation E/W")
        }
        mode = try reader.letter(modeIndex, "mode", NMEAModeIndicator.init(rawValue:))
        navigationStatus = try reader.letter(12, "navigational status", NMEANavigationStatus.init(rawValue:))
    }
}
