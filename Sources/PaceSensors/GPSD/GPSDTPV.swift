public import Foundation

/// One gpsd TPV ("time-position-velocity") report, with every field gpsd 3.22 (protocol 3.14)
/// documents for a fix. Fields the receiver did not report are `nil`.
///
/// Altitude comes in two datums: ``altitudeHAE`` (height above the WGS-84 ellipsoid, `altHAE`) and
/// ``altitudeMSL`` (above mean sea level, `altMSL`; the deprecated `alt` is the same value in gpsd
/// 3.20+). ``location`` uses MSL, as Core Location's `altitude` does; HAE stays available here.
///
/// gpsd's error estimates (`ep*`) are in the units stated below; gpsd documents their confidence
/// level as "unknown" (most are computed as 95 % from DOP × UERE).
public struct GPSDTPV: Hashable, Sendable {
    /// The device path that produced the fix, e.g. `"/dev/ttyACM0"`.
    public var device: String?
    /// Fix mode: none, 2D or 3D.
    public var mode: GPSDFixMode
    /// Fix status (DGPS, RTK…); `nil` when gpsd omits it (a normal fix).
    public var status: GPSDFixStatus?
    /// The time of the fix (UTC).
    public var time: Date?
    /// Estimated time error, seconds.
    public var timeError: Double?
    /// Latitude, degrees (WGS-84), positive north.
    public var latitude: Double?
    /// Longitude, degrees (WGS-84), positive east.
    public var longitude: Double?
    /// Height above the WGS-84 ellipsoid, metres (`altHAE`).
    public var altitudeHAE: Double?
    /// Height above mean sea level, metres (`altMSL`).
    public var altitudeMSL: Double?
    /// The deprecated `alt` field, metres; gpsd 3.20+ fills it with the MSL altitude.
    public var legacyAltitude: Double?
    /// Geoid separation (ellipsoid minus MSL), metres (`geoidSep`).
    public var geoidSeparation: Double?
    /// Longitude error estimate, metres (`epx`).
    public var longitudeError: Double?
    /// Latitude error estimate, metres (`epy`).
    public var latitudeError: Double?
    /// Vertical error estimate, metres (`epv`).
    public var verticalError: Double?
    /// Horizontal (2D) position error estimate, metres (`eph`).
    public var horizontalError: Double?
    /// Spherical (3D) position error estimate, metres (`sep`).
    public var sphericalError: Double?
    /// Course over ground, degrees from true north (`track`).
    public var track: Double?
    /// Course over ground, degrees from magnetic north (`magtrack`).
    public var magneticTrack: Double?
    /// Magnetic variation, degrees, positive east (`magvar`).
    public var magneticVariation: Double?
    /// Speed over ground, metres per second.
    public var speed: Double?
    /// Climb (positive) or sink (negative) rate, metres per second.
    public var climb: Double?
    /// Course error estimate, degrees (`epd`).
    public var trackError: Double?
    /// Speed error estimate, metres per second (`eps`).
    public var speedError: Double?
    /// Climb error estimate, metres per second (`epc`).
    public var climbError: Double?
    /// North velocity, metres per second (`velN`).
    public var velocityNorth: Double?
    /// East velocity, metres per second (`velE`).
    public var velocityEast: Double?
    /// Down velocity, metres per second (`velD`).
    public var velocityDown: Double?
    /// ECEF position X, Y, Z in metres (`ecefx`, `ecefy`, `ecefz`), when all three are reported.
    public var ecefPosition: SIMD3<Double>?
    /// ECEF velocity X, Y, Z in metres per second (`ecefvx`…), when all three are reported.
    public var ecefVelocity: SIMD3<Double>?
    /// ECEF position accuracy, metres (`ecefpAcc`).
    public var ecefPositionAccuracy: Double?
    /// ECEF velocity accuracy, metres per second (`ecefvAcc`).
    public var ecefVelocityAccuracy: Double?
    /// Age of the differential corrections, seconds (`dgpsAge`).
    public var differentialAge: Double?
    /// Differential reference station ID (`dgpsSta`).
    public var differentialStation: Int?
    /// Current GPS leap seconds (`leapseconds`).
    public var leapSeconds: Int?

    /// Creates a TPV report; every field but the mode defaults to "not reported".
    /// - Parameter mode: The fix mode.
    public init(mode: GPSDFixMode) {
        self.mode = mode
    }

    /// The MSL altitude in metres: `altMSL`, else the legacy `alt`, else `altHAE − geoidSep`;
    /// `nil` when the fix is not 3D or none of these is reported.
    public var mslAltitude: Double? {
        guard mode == .threeDimensional else { return nil }
        if let altitudeMSL { return altitudeMSL }
        if let legacyAltitude { return legacyAltitude }
        if let altitudeHAE, let geoidSeparation { return altitudeHAE - geoidSeparation }
        return nil
    }
}
