/// The NMEA-style fix mode gpsd reports in every TPV (`"mode"`).
public enum GPSDFixMode: Int, Hashable, Sendable, Comparable, Decodable {
    /// gpsd has not seen a mode from the receiver yet (`0`).
    case unknown = 0
    /// The receiver has no fix (`1`).
    case noFix = 1
    /// A two-dimensional fix: latitude and longitude, no altitude (`2`).
    case twoDimensional = 2
    /// A three-dimensional fix: latitude, longitude and altitude (`3`).
    case threeDimensional = 3

    /// Whether the mode carries a position (2D or 3D).
    public var hasFix: Bool { self >= .twoDimensional }

    /// Orders modes from no information to a 3D fix.
    public static func < (lhs: GPSDFixMode, rhs: GPSDFixMode) -> Bool { lhs.rawValue < rhs.rawValue }
}
