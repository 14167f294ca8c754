public import PaceModel
import Foundation

extension GPSDTPV {
    /// The fix as a route location, or `nil` when the TPV has no fix, no time or no valid position.
    ///
    /// Mapping (gpsd → ``RouteLocation``; −1 means "not available" as in Core Location):
    /// - `altitude` ← ``mslAltitude`` (metres above mean sea level; 3D fixes only, else 0);
    /// - `horizontalAccuracy` ← `eph`, else `hypot(epx, epy)`, else 0 ("valid, accuracy not reported");
    /// - `verticalAccuracy` ← `epv` when there is an altitude (0 when gpsd gives none), −1 without altitude;
    /// - `speed` ← `speed` (m/s), `course` ← `track` (degrees true), −1 when absent;
    /// - `speedAccuracy` ← `eps` (m/s), `courseAccuracy` ← `epd` (degrees), −1 when absent.
    public var location: RouteLocation? { try? routeLocation() }

    /// The fix as a route location, or why it is not one.
    /// - Throws: ``GPSDDecodingError/fixWithoutTime(mode:)`` or
    ///   ``GPSDDecodingError/fixWithoutPosition(mode:latitude:longitude:)`` for a 2D/3D fix that cannot be used.
    ///   A TPV without a fix (mode 0/1) is reported as ``GPSDDecodingError/fixWithoutPosition(mode:latitude:longitude:)``.
    func routeLocation() throws(GPSDDecodingError) -> RouteLocation {
        guard mode.hasFix, let latitude, let longitude,
              latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else {
            throw .fixWithoutPosition(mode: mode, latitude: latitude, longitude: longitude)
        }
        guard let time else { throw .fixWithoutTime(mode: mode) }
        let altitude = mslAltitude
        return RouteLocation(
            timestamp: time,
            latitude: latitude,
            longitude: longitude,
            altitude: altitude ?? 0,
            speed: Self.nonNegative(speed),
            course: track.flatMap { (0...360).contains($0) ? $0 : nil } ?? -1,
            horizontalAccuracy: horizontalAccuracyEstimate ?? 0,
            verticalAccuracy: altitude == nil ? -1 : (Self.nonNegative(verticalError, otherwise: 0)),
            speedAccuracy: Self.nonNegative(speedError),
            courseAccuracy: Self.nonNegative(trackError)
        )
    }

    /// Horizontal accuracy in metres: `eph`, else the radial combination `hypot(epx, epy)`.
    var horizontalAccuracyEstimate: Double? {
        if let horizontalError, horizontalError >= 0 { return horizontalError }
        if let longitudeError, let latitudeError, longitudeError >= 0, latitudeError >= 0 {
            return (longitudeError * longitudeError + latitudeError * latitudeError).squareRoot()
        }
        return nil
    }

    private static func nonNegative(_ value: Double?, otherwise fallback: Double = -1) -> Double {
        guard let value, value.isFinite, value >= 0 else { return fallback }
        return value
    }
}
