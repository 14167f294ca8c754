/// VTG — course over ground and ground speed. Reads both the NMEA 2.x layout (with `T`/`M`/`N`/`K`
/// unit letters and the 2.3 mode indicator) and the NMEA 1.x layout without unit letters.
public struct NMEAVTG: Hashable, Sendable {
    /// Course over ground in degrees true.
    public var courseTrue: Double?
    /// Course over ground in degrees magnetic.
    public var courseMagnetic: Double?
    /// Speed over ground in knots.
    public var speedKnots: Double?
    /// Speed over ground in kilometres per hour.
    public var speedKilometersPerHour: Double?
    /// NMEA 2.3+ mode indicator.
    public var mode: NMEAModeIndicator?

    init(_ reader: NMEAFieldReader) throws(NMEAParseError) {
        try reader.require(4)
        let modern = reader.fields.count >= 8 || reader.text(1) == "T"
        if modern {
            try reader.require(8)
            for (index, unit) in [(1, "T"), (3, "M"), (5, "N"), (7, "K")] {
                if let text = reader.text(index), text != unit { throw reader.fail(index, "unit") }
            }
            courseTrue = try reader.double(0, "course true")
            courseMagnetic = try reader.double(2, "course magnetic")
            speedKnots = try reader.nonNegative(4, "speed knots")
            speedKilometersPerHour = try reader.nonNegative(6, "speed km/h")
            mode = try reader.letter(8, "mode", NMEAModeIndicator.init(rawValue:))
        } else {
            courseTrue = try reader.double(0, "course true")
            courseMagnetic = try reader.double(1, "course magnetic")
            speedKnots = try reader.nonNegative(2, "speed knots")
            speedKilometersPerHour = try reader.nonNegative(3, "speed km/h")
        }
    }

    /// Speed over ground in metres per second, from knots or else km/h.
    public var speedMetersPerSecond: Double? {
        if let speedKnots { return speedKnots * NMEAUnits.metersPerSecondPerKnot }
        if let speedKilometersPerHour { return speedKilometersPerHour / 3.6 }
        return nil
    }
}
