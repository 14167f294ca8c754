/// A latitude and longitude in degrees on the WGS-84 ellipsoid (CoreLocation's `CLLocationCoordinate2D`).
public typealias CLLocationDegrees = Double

/// A geographic coordinate, in degrees: latitude north positive, longitude east positive.
public struct CLLocationCoordinate2D: Sendable {
    /// The latitude, in degrees, −90…90.
    public var latitude: CLLocationDegrees
    /// The longitude, in degrees, −180…180.
    public var longitude: CLLocationDegrees

    /// The coordinate 0° N, 0° E.
    public init() {
        self.init(latitude: 0, longitude: 0)
    }

    /// A coordinate, in degrees.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// An invalid coordinate (CoreLocation's `kCLLocationCoordinate2DInvalid`): −180°, −180°.
public let kCLLocationCoordinate2DInvalid = CLLocationCoordinate2D(latitude: -180, longitude: -180)

/// Whether a coordinate lies within −90…90° of latitude and −180…180° of longitude.
public func CLLocationCoordinate2DIsValid(_ coordinate: CLLocationCoordinate2D) -> Bool {
    (-90...90).contains(coordinate.latitude) && (-180...180).contains(coordinate.longitude)
}

/// A coordinate, in degrees (CoreLocation's C constructor).
public func CLLocationCoordinate2DMake(_ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}
