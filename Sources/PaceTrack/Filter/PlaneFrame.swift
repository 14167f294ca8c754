import Foundation

/// A geodetic position with the sines and cosines the filter needs, computed once per fix.
///
/// The Earth-centred, Earth-fixed coordinates are those of ``LocalTangentPlane/ecef(latitude:longitude:altitude:)``
/// at altitude 0 (the filter works on the ellipsoid, as horizontal distance is defined there).
struct GeodeticPoint: Sendable {
    /// Latitude and longitude in degrees.
    var latitude: Double, longitude: Double
    var sinLatitude: Double, cosLatitude: Double, sinLongitude: Double, cosLongitude: Double
    /// Earth-centred, Earth-fixed coordinates in metres.
    var x: Double, y: Double, z: Double

    init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
        let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
        sinLatitude = sin(phi); cosLatitude = cos(phi); sinLongitude = sin(lambda); cosLongitude = cos(lambda)
        let e2 = LocalTangentPlane.eccentricitySquared
        let n = LocalTangentPlane.semiMajorAxis / (1 - e2 * sinLatitude * sinLatitude).squareRoot()
        x = n * cosLatitude * cosLongitude
        y = n * cosLatitude * sinLongitude
        z = n * (1 - e2) * sinLatitude
    }

    /// Straight-line (chord) distance in metres to another point: the geodesic distance to within
    /// 1 ppm below 20 km, and never larger.
    func chordDistance(to other: GeodeticPoint) -> Double {
        let dx = x - other.x, dy = y - other.y, dz = z - other.z
        return (dx * dx + dy * dy + dz * dz).squareRoot()
    }

    /// Local east unit vector in Earth-centred coordinates.
    var east: (Double, Double, Double) { (-sinLongitude, cosLongitude, 0) }
    /// Local north unit vector in Earth-centred coordinates.
    var north: (Double, Double, Double) {
        (-sinLatitude * cosLongitude, -sinLatitude * sinLongitude, cosLatitude)
    }
}

/// The filter's working plane: a ``LocalTangentPlane`` plus what is needed to move vectors
/// (Doppler velocities, position offsets) between a fix's own east/north and the plane's axes.
struct PlaneFrame: Sendable {
    /// The exact east-north-up projection.
    let plane: LocalTangentPlane
    private let origin: GeodeticPoint
    private let east: (Double, Double, Double)
    private let north: (Double, Double, Double)

    init(latitude: Double, longitude: Double) {
        plane = LocalTangentPlane(latitude: latitude, longitude: longitude)
        origin = GeodeticPoint(latitude: latitude, longitude: longitude)
        east = origin.east
        north = origin.north
    }

    /// The point's east/north in metres in the plane: the same formula as
    /// ``LocalTangentPlane/project(latitude:longitude:altitude:)``, reusing the point's trigonometry.
    func position(of point: GeodeticPoint) -> Vector2 {
        let dx = point.x - origin.x, dy = point.y - origin.y, dz = point.z - origin.z
        return Vector2(east.0 * dx + east.1 * dy + east.2 * dz, north.0 * dx + north.1 * dy + north.2 * dz)
    }

    /// The matrix taking a horizontal vector in the point's own east/north to the plane's axes
    /// (a rotation by the meridian convergence, slightly shortened by the tilt far from the origin).
    func toPlane(at point: GeodeticPoint) -> Matrix2 {
        let e = point.east, n = point.north
        return Matrix2(dot(east, e), dot(east, n), dot(north, e), dot(north, n))
    }

    /// The matrix taking a horizontal vector of `other`'s axes to this plane's axes.
    func toPlane(from other: PlaneFrame) -> Matrix2 {
        Matrix2(dot(east, other.east), dot(east, other.north), dot(north, other.east), dot(north, other.north))
    }

    /// Latitude and longitude in degrees of a plane position near a fix, by a first-order step from
    /// the fix's own coordinates (sub-millimetre for offsets of a few hundred metres), or exactly
    /// through the plane near the poles, where a longitude step is ill-conditioned.
    func geodetic(of position: Vector2, near fix: GeodeticPoint, fixPosition: Vector2, toPlane: Matrix2)
        -> (latitude: Double, longitude: Double) {
        guard abs(fix.cosLatitude) > Self.poleCosineLimit, let back = toPlane.inverse else {
            let exact = plane.unproject(east: position.x, north: position.y)
            return (exact.latitude, exact.longitude)
        }
        let local = back * (position - fixPosition)
        let e2 = LocalTangentPlane.eccentricitySquared
        let w = 1 - e2 * fix.sinLatitude * fix.sinLatitude
        let primeVertical = LocalTangentPlane.semiMajorAxis / w.squareRoot()
        let meridional = primeVertical * (1 - e2) / w
        var latitude = fix.latitude + local.y / meridional * 180 / .pi
        var longitude = fix.longitude + local.x / (primeVertical * fix.cosLatitude) * 180 / .pi
        latitude = min(90, max(-90, latitude))
        if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        return (latitude, longitude)
    }

    /// Below this |cos(latitude)| (within about 20 m of a pole) positions are unprojected exactly.
    static let poleCosineLimit = 3e-6
}

private func dot(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
    a.0 * b.0 + a.1 * b.1 + a.2 * b.2
}
