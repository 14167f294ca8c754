import Foundation

/// Geodesics (shortest paths) on an ellipsoid of revolution, by the method of C. F. F. Karney,
/// "Algorithms for geodesics", J. Geodesy 87, 43–55 (2013).
///
/// Both problems are solved to round-off (about 15 nanometres on the WGS-84 ellipsoid) at any
/// distance: coincident, nearly and exactly antipodal points, equatorial and meridional lines and
/// points at the poles included. Latitudes and longitudes are in degrees (WGS-84 for ``wgs84``),
/// distances in metres, azimuths in degrees clockwise from north.
///
/// ```swift
/// let line = Geodesic.wgs84.inverse(latitude1: 48.8584, longitude1: 2.2945,
///                                   latitude2: 40.6892, longitude2: -74.0445)
/// // line.distance ≈ 5_853_104 m, line.azimuth1 ≈ −68.21°
/// let end = Geodesic.wgs84.direct(latitude: 48.8584, longitude: 2.2945,
///                                 azimuth: line.azimuth1, distance: line.distance)
/// ```
///
/// Invalid input never traps: a latitude outside −90…90, any non-finite argument, or an
/// ellipsoid that is not supported (see ``init(semiMajorAxis:flattening:)``) gives NaN results.
///
/// At a pole the azimuth is measured as if the point lay just off the pole on its meridian,
/// i.e. it depends on the longitude given for the pole.
public struct Geodesic: Sendable {
    /// The WGS-84 ellipsoid: semi-major axis 6 378 137 m, flattening 1 / 298.257223563.
    public static let wgs84 = Geodesic(semiMajorAxis: 6_378_137, flattening: 1 / 298.257_223_563)

    /// Equatorial radius in metres.
    public let semiMajorAxis: Double
    /// Flattening (a − b) / a; positive for an oblate ellipsoid such as the Earth.
    public let flattening: Double

    /// Whether the parameters are usable; when false every result is NaN.
    let isSupported: Bool
    /// Polar semi-axis b in metres.
    let b: Double
    /// 1 − f.
    let f1: Double
    /// Third flattening n = f / (2 − f).
    let n: Double
    /// Second eccentricity squared e′² = e² / (1 − e²).
    let ep2: Double
    /// Threshold on σ₁₂ below which the inverse problem is solved on a sphere of mean radius.
    let shortLineThreshold: Double
    /// The longitude series evaluated at this ellipsoid's n.
    let longitudeSeries: GeodesicLongitudeSeries

    /// Creates an ellipsoid of revolution.
    ///
    /// - Parameters:
    ///   - semiMajorAxis: Equatorial radius in metres; must be finite and positive.
    ///   - flattening: (a − b) / a, negative for a prolate ellipsoid. The series used are exact to
    ///     round-off for |f| ≤ 0.01 and remain good to |f| ≈ 0.02; values with |f| > 0.02 (or
    ///     non-finite ones) are not supported and make every result NaN.
    public init(semiMajorAxis: Double, flattening: Double) {
        self.semiMajorAxis = semiMajorAxis
        self.flattening = flattening
        isSupported = semiMajorAxis.isFinite && semiMajorAxis > 0 && flattening.isFinite && abs(flattening) <= 0.02
        let f = isSupported ? flattening : 0
        f1 = 1 - f
        b = semiMajorAxis * f1
        n = f / (2 - f)
        let e2 = f * (2 - f)
        ep2 = e2 / (f1 * f1)
        let tol2 = Double.ulpOfOne.squareRoot()
        shortLineThreshold = 0.1 * tol2 / (max(0.001, abs(f)) * min(1, 1 - f / 2) / 2).squareRoot()
        longitudeSeries = GeodesicLongitudeSeries(thirdFlattening: n)
    }

    /// Solves the inverse problem: the shortest path between two points.
    ///
    /// - Parameters:
    ///   - latitude1: Latitude of the first point in degrees, −90…90.
    ///   - longitude1: Longitude of the first point in degrees (any finite value).
    ///   - latitude2: Latitude of the second point in degrees, −90…90.
    ///   - longitude2: Longitude of the second point in degrees (any finite value).
    /// - Returns: The distance in metres and the forward azimuths at both ends in degrees
    ///   (−180…180). For coincident points the distance is 0 and the azimuths are those of a
    ///   meridian (0). For exactly antipodal points several paths are shortest; one is returned.
    ///   All fields are NaN for invalid input.
    public func inverse(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> GeodesicInverse {
        guard isSupported, Self.isLatitude(latitude1), Self.isLatitude(latitude2),
              longitude1.isFinite, longitude2.isFinite else { return .undefined }
        return solveInverse(latitude1, longitude1, latitude2, longitude2)
    }

    /// Solves the direct problem: where a geodesic of a given length and initial azimuth ends.
    ///
    /// - Parameters:
    ///   - latitude: Latitude of the starting point in degrees, −90…90.
    ///   - longitude: Longitude of the starting point in degrees (any finite value).
    ///   - azimuth: Initial azimuth in degrees clockwise from north (any finite value).
    ///   - distance: Length of the geodesic in metres; negative values go backwards. Any finite
    ///     length is allowed (the geodesic wraps round the ellipsoid).
    /// - Returns: The end point (longitude reduced to −180…180) and the forward azimuth there;
    ///   all fields NaN for invalid input.
    public func direct(latitude: Double, longitude: Double, azimuth: Double, distance: Double) -> GeodesicDirect {
        guard isSupported, Self.isLatitude(latitude), longitude.isFinite, azimuth.isFinite, distance.isFinite else {
            return .undefined
        }
        return solveDirect(latitude, longitude, azimuth, distance)
    }

    /// The length in metres of the shortest path between two points given in degrees; NaN for
    /// invalid input. The same as `inverse(…).distance`.
    public func distance(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
        inverse(latitude1: latitude1, longitude1: longitude1, latitude2: latitude2, longitude2: longitude2).distance
    }

    @inline(__always)
    static func isLatitude(_ x: Double) -> Bool { x.isFinite && abs(x) <= 90 }
}

/// The solution of the inverse geodesic problem (see ``Geodesic/inverse(latitude1:longitude1:latitude2:longitude2:)``).
public struct GeodesicInverse: Equatable, Sendable {
    /// Length of the shortest path in metres; NaN for invalid input.
    public var distance: Double
    /// Forward azimuth at the first point in degrees clockwise from north, −180…180.
    public var azimuth1: Double
    /// Forward azimuth at the second point in degrees clockwise from north, −180…180
    /// (the direction of travel on arrival, not the bearing back to the first point).
    public var azimuth2: Double

    /// Creates a solution.
    public init(distance: Double, azimuth1: Double, azimuth2: Double) {
        self.distance = distance
        self.azimuth1 = azimuth1
        self.azimuth2 = azimuth2
    }

    /// The result for invalid input: every field NaN.
    static let undefined = GeodesicInverse(distance: .nan, azimuth1: .nan, azimuth2: .nan)
}

/// The solution of the direct geodesic problem (see ``Geodesic/direct(latitude:longitude:azimuth:distance:)``).
public struct GeodesicDirect: Equatable, Sendable {
    /// Latitude of the end point in degrees, −90…90; NaN for invalid input.
    public var latitude: Double
    /// Longitude of the end point in degrees, −180…180.
    public var longitude: Double
    /// Forward azimuth at the end point in degrees clockwise from north, −180…180.
    public var azimuth: Double

    /// Creates a solution.
    public init(latitude: Double, longitude: Double, azimuth: Double) {
        self.latitude = latitude
        self.longitude = longitude
        self.azimuth = azimuth
    }

    /// The result for invalid input: every field NaN.
    static let undefined = GeodesicDirect(latitude: .nan, longitude: .nan, azimuth: .nan)
}
