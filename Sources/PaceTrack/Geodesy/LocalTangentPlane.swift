import Foundation

/// A local east-north-up frame tangent to the WGS-84 ellipsoid at an origin.
///
/// Positions go through Earth-centred, Earth-fixed coordinates, so the projection is exact
/// (no flat-Earth approximation), works across the antimeridian, and is defined at the poles
/// (where "east" follows the origin's longitude).
///
/// ```swift
/// let plane = LocalTangentPlane(latitude: 48.85, longitude: 2.35)
/// let (e, n, _) = plane.project(latitude: 48.86, longitude: 2.36, altitude: 0)
/// ```
public struct LocalTangentPlane: Hashable, Sendable {
    /// WGS-84 semi-major axis in metres.
    public static let semiMajorAxis = 6_378_137.0
    /// WGS-84 flattening.
    public static let flattening = 1 / 298.257_223_563
    /// WGS-84 first eccentricity squared.
    public static let eccentricitySquared = flattening * (2 - flattening)

    /// Origin latitude in degrees.
    public let originLatitude: Double
    /// Origin longitude in degrees.
    public let originLongitude: Double
    /// Origin altitude in metres above the ellipsoid.
    public let originAltitude: Double

    private let origin: (x: Double, y: Double, z: Double)
    private let sinLat: Double, cosLat: Double, sinLon: Double, cosLon: Double

    /// Creates the frame at an origin.
    ///
    /// - Parameters:
    ///   - latitude: Origin latitude in degrees, −90…90.
    ///   - longitude: Origin longitude in degrees.
    ///   - altitude: Origin altitude in metres (0 by default).
    public init(latitude: Double, longitude: Double, altitude: Double = 0) {
        originLatitude = latitude
        originLongitude = longitude
        originAltitude = altitude
        let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
        sinLat = sin(phi); cosLat = cos(phi); sinLon = sin(lambda); cosLon = cos(lambda)
        origin = Self.ecef(latitude: latitude, longitude: longitude, altitude: altitude)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.originLatitude == rhs.originLatitude && lhs.originLongitude == rhs.originLongitude
            && lhs.originAltitude == rhs.originAltitude
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(originLatitude)
        hasher.combine(originLongitude)
        hasher.combine(originAltitude)
    }

    /// Earth-centred, Earth-fixed coordinates in metres of a geodetic position.
    public static func ecef(latitude: Double, longitude: Double, altitude: Double) -> (x: Double, y: Double, z: Double) {
        let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
        let s = sin(phi), c = cos(phi)
        let n = semiMajorAxis / (1 - eccentricitySquared * s * s).squareRoot()
        return ((n + altitude) * c * cos(lambda), (n + altitude) * c * sin(lambda), (n * (1 - eccentricitySquared) + altitude) * s)
    }

    /// Projects a geodetic position into the frame.
    ///
    /// - Returns: East, north and up in metres from the origin.
    public func project(latitude: Double, longitude: Double, altitude: Double = 0) -> (east: Double, north: Double, up: Double) {
        let p = Self.ecef(latitude: latitude, longitude: longitude, altitude: altitude)
        let dx = p.x - origin.x, dy = p.y - origin.y, dz = p.z - origin.z
        let east = -sinLon * dx + cosLon * dy
        let north = -sinLat * cosLon * dx - sinLat * sinLon * dy + cosLat * dz
        let up = cosLat * cosLon * dx + cosLat * sinLon * dy + sinLat * dz
        return (east, north, up)
    }

    /// Converts a point of the frame back to a geodetic position (Bowring's method, sub-millimetre on Earth).
    ///
    /// - Returns: Latitude and longitude in degrees (longitude in −180…180), altitude in metres.
    public func unproject(east: Double, north: Double, up: Double = 0) -> (latitude: Double, longitude: Double, altitude: Double) {
        let dx = -sinLon * east - sinLat * cosLon * north + cosLat * cosLon * up
        let dy = cosLon * east - sinLat * sinLon * north + cosLat * sinLon * up
        let dz = cosLat * north + sinLat * up
        return Self.geodetic(x: origin.x + dx, y: origin.y + dy, z: origin.z + dz)
    }

    /// Geodetic coordinates of an Earth-centred, Earth-fixed point.
    public static func geodetic(x: Double, y: Double, z: Double) -> (latitude: Double, longitude: Double, altitude: Double) {
        let a = semiMajorAxis, e2 = eccentricitySquared
        let b = a * (1 - flattening)
        let ep2 = (a * a - b * b) / (b * b)
        let p = (x * x + y * y).squareRoot()
        let longitude = atan2(y, x) * 180 / .pi
        guard p > 1e-9 else {
            return (z >= 0 ? 90 : -90, longitude, abs(z) - b)
        }
        let theta = atan2(z * a, p * b)
        let st = sin(theta), ct = cos(theta)
        var phi = atan2(z + ep2 * b * st * st * st, p - e2 * a * ct * ct * ct)
        // One Newton refinement keeps the error well under a millimetre at any altitude seen on Earth.
        for _ in 0..<2 {
            let s = sin(phi)
            let n = a / (1 - e2 * s * s).squareRoot()
            let h = p / cos(phi) - n
            phi = atan2(z, p * (1 - e2 * n / (n + h)))
        }
        let s = sin(phi)
        let n = a / (1 - e2 * s * s).squareRoot()
        let altitude = abs(phi) < .pi / 4 ? p / cos(phi) - n : z / s - n * (1 - e2)
        return (phi * 180 / .pi, longitude, altitude)
    }
}
