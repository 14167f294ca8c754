/// The sentences of one fix: everything that shares one UTC time of day, plus the untimed
/// sentences (GSA, VTG) that arrived after them.
struct NMEAEpoch: Sendable {
    var time: NMEATimeOfDay
    var gga: NMEAGGA?
    var rmc: NMEARMC?
    var gll: NMEAGLL?
    var zda: NMEAZDA?
    var gns: NMEAGNS?
    var vtg: NMEAVTG?
    var gsa: [NMEAGSA] = []

    init(time: NMEATimeOfDay) { self.time = time }

    /// The date the epoch's own sentences carry: ZDA (four-digit year) before RMC.
    var date: NMEADate? { zda?.date ?? rmc?.date }

    /// Latitude and longitude in degrees: GGA, else GNS, else RMC, else GLL — but only for epochs
    /// with a GGA, GNS or RMC. A GLL-only epoch is a cycle cut off at the start or end of a log (or
    /// a NMEA 1.5 talker without time); it has no quality, DOP, altitude or speed, so it is not reported.
    var coordinate: (latitude: Double, longitude: Double)? {
        guard gga != nil || gns != nil || rmc != nil else { return nil }
        if let lat = gga?.latitude, let lon = gga?.longitude { return (lat, lon) }
        if let lat = gns?.latitude, let lon = gns?.longitude { return (lat, lon) }
        if let lat = rmc?.latitude, let lon = rmc?.longitude { return (lat, lon) }
        if let lat = gll?.latitude, let lon = gll?.longitude { return (lat, lon) }
        return nil
    }

    /// Why the receiver says this epoch has no fix, or `nil` when nothing says so.
    var noFixReason: String? {
        if gga?.quality == .invalid { return "GGA fix quality 0" }
        if rmc?.status == .invalid { return "RMC status V" }
        if rmc?.mode == .notValid { return "RMC mode N" }
        if gll?.status == .invalid { return "GLL status V" }
        if gll?.mode == .notValid { return "GLL mode N" }
        if let gns, !gns.modes.isEmpty, gns.modes.allSatisfy({ $0 == .notValid }) { return "GNS mode N" }
        if !gsa.isEmpty, gsa.allSatisfy({ $0.fixMode == NMEAGSA.FixMode.none }) { return "GSA fix mode 1" }
        return nil
    }

    /// The kind of fix, from GGA, else the RMC/GLL mode indicator, else the best GNS mode;
    /// autonomous when unknown.
    var quality: NMEAFixQuality {
        if let quality = gga?.quality { return quality }
        if let mode = rmc?.mode ?? gll?.mode ?? gns?.bestMode { return NMEAFixQuality(mode: mode) }
        return .autonomous
    }

    /// HDOP from GGA, else GNS, else GSA.
    var hdop: Double? { gga?.hdop ?? gns?.hdop ?? gsa.lazy.compactMap(\.hdop).first }
    /// Altitude above mean sea level in metres, from GGA, else GNS.
    var altitudeMSL: Double? { gga?.altitudeMSL ?? gns?.altitudeMSL }
    /// VDOP from GSA.
    var vdop: Double? { gsa.lazy.compactMap(\.vdop).first }
    /// Whether a GSA reports a 2D fix (altitude held, not measured).
    var isTwoDimensional: Bool {
        !gsa.isEmpty && gsa.allSatisfy { $0.fixMode != .threeDimensional }
            && gsa.contains { $0.fixMode == .twoDimensional }
    }

    /// Ground speed in m/s: RMC, else VTG.
    var speed: Double? {
        if let knots = rmc?.speedKnots { return knots * NMEAUnits.metersPerSecondPerKnot }
        return vtg?.speedMetersPerSecond
    }

    /// Course over ground in degrees true, 0 ..< 360: RMC, else VTG.
    var course: Double? {
        guard let course = rmc?.courseTrue ?? vtg?.courseTrue else { return nil }
        let wrapped = course.truncatingRemainder(dividingBy: 360)
        return wrapped < 0 ? wrapped + 360 : wrapped
    }
}
