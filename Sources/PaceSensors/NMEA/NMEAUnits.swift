/// Unit conversions NMEA needs.
enum NMEAUnits {
    /// One international knot (1852 m per hour) in metres per second.
    static let metersPerSecondPerKnot = 1852.0 / 3600.0
}
